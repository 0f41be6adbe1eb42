/**
 * What every page tells its browser code, in `<script type="application/json" id="sitegen-config">`.
 * Written by the templates from the build, read by the loader and the widgets.
 */
import type { Locale } from './locales';

export const RUNTIME_CONFIG_ID = 'sitegen-config';

/** A cookie (or group of cookies) the site declares for consent. */
export interface DeclaredCookie {
  id: string;
  /** Always on, not switchable (locale and consent cookies). */
  necessary: boolean;
  /** Names of the browser cookies it stands for; a trailing `*` matches a prefix (`_ga_*`). */
  names: string[];
}

export interface ConsentConfig {
  cookies: DeclaredCookie[];
  /** Analytics runs only while the cookie `cookieId` is enabled. */
  analytics: { cookieId: string; measurementId: string; scriptUrl: string } | null;
}

export interface RuntimeConfig {
  /** The release this page belongs to: a newer one means its assets may be gone. */
  release: string;
  locale: Locale;
  /** The BCP 47 tag of the page's locale (formatting, the backend's `Accept-Language`). */
  language: string;
  /** The site's locales: the code and tag of each. */
  locales: Array<{ code: Locale; tag: string }>;
  /** The default locale, whose messages the browser bundle carries for when a page's cannot load. */
  defaultLocale: Locale;
  /** The latest-build document, polled for new deployments. */
  latestBuild: string;
  /** The release's route manifest. */
  manifest: string;
  /** Scripts the loader imports when needed. */
  scripts: { deployWatch: string; consentBanner: string };
  /** Served by `sitegen watch`: messages change under the same build id, so never cache them. */
  dev: boolean;
  /** How often to ask whether a newer build was published. */
  buildCheckSeconds: number;
  consent: ConsentConfig;
}

export const messagesUrl = (release: string, locale: Locale) => `/_i18n/${release}/${locale}/messages.json`;
