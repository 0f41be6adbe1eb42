import { homeUrl, localeOfPath, type Locale, type SiteLocales } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { PagePlan } from './plan-pages';
import type { KnownUrl, PreviousBuild, RedirectEntry } from './previous-build';
import type { RedirectRule } from './redirects-file';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';

/** Why an old URL redirects: its route moved, `content/redirects.yaml` says so, or an earlier build redirected it. */
export type RedirectReason = 'moved' | 'rule' | 'history';

export interface PlannedRedirect extends RedirectEntry {
  reason: RedirectReason;
}

/** The redirects of a build and the URLs it loses. */
export interface RedirectPlan {
  /** Old URL -> a page URL of this build, sorted by old URL. */
  redirects: ReadonlyMap<string, PlannedRedirect>;
  /** URLs an earlier build served that now lead nowhere (a build warning, a `sitegen check` error). */
  lost: ReadonlyMap<string, KnownUrl>;
}

/**
 * Decides where every URL of the previous build goes. A page URL of this build stays a page.
 * A page of a route that still exists redirects to that route's page in the same locale and
 * URL form (`/hu/karrier` -> `/hu/állások`); a rule of `content/redirects.yaml` overrides
 * that; a redirect of an earlier build is kept and its target followed to where it leads
 * now, so a slug renamed twice still answers at its first name. What leads nowhere is lost,
 * and stays listed as lost in later builds until a rule or a page covers it.
 */
export function planRedirects(pages: readonly PagePlan[], rules: readonly RedirectRule[], previous: PreviousBuild | undefined, locales: SiteLocales, problems: Problems): RedirectPlan {
  const live = new Map(pages.map((page) => [page.url, page]));
  // A route's first page in each form: a paginated hub's numbered pages come after it, and an old URL of the hub leads to page 1.
  const pageOf = new Map<string, string>();
  for (const page of pages) {
    const key = `${page.routeId} ${page.locale} ${page.prefixed}`;
    if (!pageOf.has(key)) pageOf.set(key, page.url);
  }
  const byRule = new Map(rules.map((rule) => [rule.from, rule]));

  // Old pages (and URLs lost before) of routes that still exist: their route's page now.
  const moved = new Map<string, RedirectEntry>();
  const orphans = new Map<string, KnownUrl>();
  for (const [url, known] of [...(previous?.pages ?? []), ...(previous?.lost ?? [])]) {
    if (live.has(url) || byRule.has(url)) continue;
    const target = known.route === undefined ? undefined : pageOf.get(`${known.route} ${known.locale} ${isPrefixed(url, known.locale)}`);
    if (target) moved.set(url, { to: target, locale: known.locale });
    else orphans.set(url, known);
  }

  // Rules may lead to other rules' sources and to moved pages; follow them to a page.
  const resolveRule = (rule: RedirectRule, path: string[]): string | undefined => {
    if (live.has(rule.to)) return rule.to;
    if (moved.has(rule.to)) return moved.get(rule.to)!.to;
    const next = byRule.get(rule.to);
    if (!next) return undefined;
    if (path.includes(next.from)) return LOOP;
    return resolveRule(next, [...path, next.from]);
  };
  const redirects = new Map<string, PlannedRedirect>();
  for (const rule of rules) {
    const page = live.get(rule.from);
    if (page) {
      problems.add('redirects/hides-page', `${rule.from} is the URL of the ${page.locale} page of route "${page.routeId}": a redirect would hide it`, {
        ...rule.at.from,
        hint: 'remove this redirect, or give the route another path in content/routes.yaml',
      });
      continue;
    }
    const target = resolveRule(rule, [rule.from]);
    if (target === LOOP) {
      problems.add('redirects/loop', `the redirect from ${rule.from} leads in a loop back to itself`, { ...rule.at.to, hint: 'point one of these redirects at a page' });
    } else if (target === undefined) {
      problems.add('redirects/no-target', `the redirect from ${rule.from} leads to ${rule.to}, which is not a page of this build`, {
        ...rule.at.to,
        hint: `name the URL of a page as it is served, with its locale prefix (${suggestion(pages, rule.to, locales)})`,
      });
    } else {
      redirects.set(rule.from, { to: target, locale: localeOfPath(locales, rule.from), reason: 'rule' });
    }
  }
  for (const [url, entry] of moved) redirects.set(url, { ...entry, reason: 'moved' });

  // Earlier redirects: their targets were pages of the previous build; follow them to now.
  const lost = new Map<string, KnownUrl>();
  for (const [url, entry] of previous?.redirects ?? []) {
    if (live.has(url) || redirects.has(url)) continue;
    const target = live.has(entry.to) ? entry.to : (redirects.get(entry.to)?.to);
    if (target) redirects.set(url, { to: target, locale: entry.locale, reason: 'history' });
    else lost.set(url, { route: previous?.pages.get(entry.to)?.route ?? previous?.lost.get(entry.to)?.route, locale: entry.locale });
  }
  for (const [url, known] of orphans) if (!redirects.has(url)) lost.set(url, known);
  return { redirects: sortedByKey(redirects), lost: sortedByKey(lost) };
}

const LOOP = '\0loop';

/** `/en/...`, `/hu/...` are prefixed; the default locale's pages also have an unprefixed form. */
function isPrefixed(url: string, locale: Locale): boolean {
  return url === `/${locale}` || url.startsWith(`/${locale}/`);
}

/** A page URL to show in a hint: one whose last segment resembles the wrong target, else the locale's home. */
function suggestion(pages: readonly PagePlan[], wrong: string, locales: SiteLocales): string {
  const locale = localeOfPath(locales, wrong);
  const last = wrong.split('/').pop() ?? '';
  const near = pages.find((page) => page.locale === locale && page.url.split('/').pop() === last);
  return `e.g. ${near?.url ?? homeUrl(locales, locale)}; pages in ${locales.default} also have no prefix`;
}

function sortedByKey<T>(map: Map<string, T>): Map<string, T> {
  return new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A warning for each lost URL: the build goes on, `sitegen check` fails. */
export function lostUrlWarnings(plan: RedirectPlan): Diagnostic[] {
  return [...plan.lost].map(([url, { route, locale }]) =>
    warning('redirects/lost-url', `an earlier build served this URL (${route === undefined ? 'a redirect' : `route "${route}"`}, ${locale}); now it has neither a page nor a redirect`, {
      url,
      hint: `redirect it in content/redirects.yaml ("- { from: ${url}, to: <a page URL> }"), e.g. to the hub that listed it`,
    }),
  );
}
