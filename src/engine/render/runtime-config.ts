import { localeInfo, type Locale } from '../../shared/locales';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { BUILDS_DIR } from '../base/output-paths';
import type { RenderInput } from './render-input';

/** What a page in `locale` tells its browser code. */
export function runtimeConfig(locale: Locale, input: RenderInput): RuntimeConfig {
  const { analytics, consent, buildCheckSeconds } = input.site;
  return {
    release: input.build.release,
    locale,
    language: localeInfo(input.site.locales, locale).tag,
    locales: input.site.locales.all.map(({ code, tag }) => ({ code, tag })),
    defaultLocale: input.site.locales.default,
    latestBuild: `/${BUILDS_DIR}/latest.json`,
    manifest: `/${BUILDS_DIR}/meta/${input.build.release}.json`,
    buildCheckSeconds,
    dev: input.dev,
    // The loader's scripts only: the proof-of-work worker is named by the forms that use it.
    scripts: { deployWatch: input.assets.scripts.deployWatch, consentBanner: input.assets.scripts.consentBanner },
    consent: {
      cookies: consent.cookies,
      analytics: analytics && { cookieId: analytics.consentCookie, measurementId: analytics.googleAnalyticsId, scriptUrl: analytics.scriptUrl },
    },
  };
}
