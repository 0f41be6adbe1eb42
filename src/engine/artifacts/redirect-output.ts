import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { localeInfo, type Locale } from '../../shared/locales';
import type { OutputFiles } from '../base/output-paths';
import { createI18n } from '../messages/i18n';
import type { MessageCatalog } from '../messages/messages';
import { outputPathOf } from '../plan/plan-pages';
import { REDIRECTS_FILE, type RedirectHistory } from '../plan/previous-build';
import type { RedirectPlan } from '../plan/plan-redirects';
import type { SiteSettings } from '../config/site-settings';

/** The `_redirects` file Netlify and Cloudflare Pages read. */
export const HOST_REDIRECTS_FILE = '_redirects';

/**
 * The files that keep old URLs working: a small page at each old URL (for hosts that read
 * no redirect rules, such as a plain bucket), `_redirects` with a 301 per old URL for the
 * hosts that do, and the history (`_sitegen/builds/redirects.json`) the next build and
 * `sitegen check` read.
 */
export function redirectFiles(plan: RedirectPlan, site: SiteSettings, catalog: MessageCatalog): OutputFiles {
  const files: OutputFiles = new Map();
  const lines: string[] = [];
  const history: RedirectHistory = { redirects: {}, lost: {} };
  for (const [from, { to, locale }] of plan.redirects) {
    files.set(outputPathOf(from, 'index.html'), redirectPage(to, site.url + to, locale, site, catalog));
    // The bytes a request line has: hosts compare encoded paths. No `301!` (Netlify's "force"):
    // Cloudflare drops a line whose status is not a number (docs/redirects.md).
    lines.push(`${encodeURI(from)} ${encodeURI(to)} 301`);
    history.redirects[from] = { to, locale };
  }
  for (const [url, { route, locale }] of plan.lost) history.lost[url] = route === undefined ? { locale } : { route, locale };
  files.set(HOST_REDIRECTS_FILE, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  files.set(REDIRECTS_FILE, JSON.stringify(history));
  return files;
}

/** A page that sends the browser on at once, tells search engines where the page is now, and shows a link otherwise. */
function redirectPage(to: string, canonical: string, locale: Locale, site: SiteSettings, catalog: MessageCatalog): string {
  // A redirect kept from a locale the site no longer has speaks the default locale.
  const language = site.locales.all.some((known) => known.code === locale) ? locale : site.locales.default;
  const i18n = createI18n(localeInfo(site.locales, language), catalog);
  const title = i18n.t('redirect.title');
  const page = h(
    'html',
    { lang: i18n.language },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('title', null, title),
      h('meta', { name: 'robots', content: 'noindex' }),
      h('link', { rel: 'canonical', href: canonical }),
      h('meta', { httpEquiv: 'refresh', content: `0; url=${encodeURI(to)}` }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    ),
    h('body', null, h('h1', null, title), h('p', null, h('a', { href: to }, i18n.t('redirect.link', { url: to })))),
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
