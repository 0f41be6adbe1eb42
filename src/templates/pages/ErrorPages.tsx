import type { ErrorPageLocale, ErrorPageProps } from '../../engine/template-api';
import { homeUrl, type SiteLocales } from '../../shared/locales';
import { jsonForScript } from '../../shared/json-script';
import { Document, PageBody, type DocumentProps } from '../layout/Document';

/** Drawn 240x160: the image of each kind of error (public/images). */
const IMAGES = { 'not-found': '/images/error-404.svg', error: '/images/error-500.svg' } as const;

/**
 * The error pages, one per locale (`404.html`, `hu/404.html`, `de/404.html`, and `error.html`
 * likewise): every word in the page's locale, title `Ooops` (the spec's), the visited path
 * (written by the script at the end of the body, before the first paint), and the way back.
 *
 * The unprefixed files are the error document a host without per-path rules serves for every
 * unknown path (one bucket-wide document behind a CDN). They carry the other locales' bodies
 * in `<template>` elements: a script in the head marks a `/hu/…` or `/de/…` path before the body
 * is parsed (the stylesheet keeps a marked body invisible), and the script at the end of the
 * body puts that locale's body in place of the English one, so the first paint is already in
 * the path's locale. Without script the English page shows.
 */
export function ErrorPages(props: ErrorPageProps) {
  const { kind, i18n, variants } = props;
  const heading = i18n.t(kind === 'not-found' ? 'widgets.error.notFound' : 'widgets.error.generic');
  const shared = { ...props, title: i18n.t('widgets.error.pageTitle'), description: heading, noindex: true, bareTitle: true } satisfies Omit<DocumentProps, 'children'>;
  const prefixes = (variants ?? []).map((variant) => variant.i18n.locale);
  return (
    <Document
      {...shared}
      head={prefixes.length > 0 ? <script dangerouslySetInnerHTML={{ __html: markLocaleScript(prefixes) }} /> : undefined}
      after={
        <>
          {(variants ?? []).map((variant) => (
            <template key={variant.i18n.locale} data-locale={variant.i18n.locale} data-lang={variant.i18n.language} data-description={errorHeading(variant, kind)}>
              <PageBody {...shared} {...variant} description={errorHeading(variant, kind)}>
                <ErrorContent kind={kind} locale={variant} locales={props.site.locales} />
              </PageBody>
            </template>
          ))}
          <script dangerouslySetInnerHTML={{ __html: SHOW_SCRIPT }} />
        </>
      }
    >
      <ErrorContent kind={kind} locale={props} locales={props.site.locales} />
    </Document>
  );
}

function errorHeading({ i18n }: ErrorPageLocale, kind: ErrorPageProps['kind']): string {
  return i18n.t(kind === 'not-found' ? 'widgets.error.notFound' : 'widgets.error.generic');
}

function ErrorContent({ kind, locale, locales }: { kind: ErrorPageProps['kind']; locale: ErrorPageLocale; locales: SiteLocales }) {
  const { i18n } = locale;
  const home = homeUrl(locales, i18n.locale);
  return (
    <section className="container section error-page">
      <img className="error-page__image" src={IMAGES[kind]} alt="" width={240} height={160} />
      <h1>{errorHeading(locale, kind)}</h1>
      {kind === 'not-found' && <p className="error-page__path" data-error-path="" />}
      <p>
        <a className="button" href={home}>
          {i18n.t('widgets.error.backToStart')}
        </a>
      </p>
    </section>
  );
}

/** In the head of the unprefixed files: marks a path under another locale's prefix (one of `prefixes`, the other locales' codes) before the body is parsed. */
export function markLocaleScript(prefixes: readonly string[]): string {
  return `(function(l){if(${jsonForScript(prefixes)}.indexOf(l)>=0)document.documentElement.setAttribute("data-error-locale",l)})(location.pathname.split("/")[1])`;
}

/**
 * At the end of the body: the marked locale's body in place of this one (its language and
 * description too), then the visited path, as text.
 */
export const SHOW_SCRIPT =
  '(function(d){var h=d.documentElement,l=h.getAttribute("data-error-locale"),t=l&&d.querySelector("template[data-locale=\\""+l+"\\"]");' +
  'if(t){h.lang=t.getAttribute("data-lang");var m=d.querySelector("meta[name=description]");if(m)m.setAttribute("content",t.getAttribute("data-description"));d.body.replaceChildren(t.content)}' +
  'h.removeAttribute("data-error-locale");var p=d.querySelector("[data-error-path]"),u=location.pathname;if(p){try{u=decodeURI(u)}catch(e){}p.textContent=u}})(document)';

