import type { DocumentProps } from './document-props';
import { Logo } from '../components/Logo';
import { Island } from '../components/Island';
import { homeUrl } from '../../shared/locales';
import LocaleSwitcher from '../../widgets/islands/LocaleSwitcher';
import SiteSearch from '../../widgets/islands/SiteSearch';

/** Main navigation entries: route id and message key. */
const NAV: ReadonlyArray<readonly [string, string]> = [
  ['services', 'nav.services'],
  ['case-studies', 'nav.caseStudies'],
  ['blog', 'nav.blog'],
  ['career', 'nav.career'],
  ['about-us', 'nav.aboutUs'],
  ['contact', 'nav.contact'],
];

export function Header({ page, site, i18n, links, assets }: DocumentProps) {
  // The same page in every locale; pages without a route (the error pages) offer each home.
  const choices = site.locales.all.map(({ code, tag, name, flag }) => ({ code, tag, name, flag, href: page?.alternates[code] ?? homeUrl(site.locales, code) }));
  const section = page?.parent ?? page?.routeId;
  const entries = (offer: boolean) => (
    <ul>
      {NAV.map(([routeId, key]) => (
        <li key={routeId}>
          <a href={links.path(routeId)} aria-current={page?.routeId === routeId ? 'page' : section === routeId ? 'true' : undefined}>
            {i18n.t(key)}
          </a>
        </li>
      ))}
      {offer && (
        <li className="mobile-menu__offer">
          <a className="button" href={links.path('offer')}>
            {i18n.t('nav.offer')}
          </a>
        </li>
      )}
    </ul>
  );
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="site-header__logo" href={links.path('home')} aria-label={i18n.t('site.logoLabel', { company: site.company.name })}>
          <Logo />
          <span>{site.company.name}</span>
        </a>
        <nav className="main-nav" aria-label={i18n.t('nav.label')}>
          {entries(false)}
        </nav>
        <div className="site-header__actions">
          {/* Site search (site.yaml `search`): its script loads on the first interaction, its index only once opened. */}
          {site.search.enabled && <Island name="SiteSearch" component={SiteSearch} props={{}} strategy="interaction" i18n={i18n} assets={assets} />}
          <Island
            name="LocaleSwitcher"
            component={LocaleSwitcher}
            props={{ current: i18n.locale, choices }}
            strategy="interaction"
            i18n={i18n}
            assets={assets}
          />
          <a className="button button--small site-header__offer" href={links.path('offer')}>
            {i18n.t('nav.offer')}
          </a>
          {/*
            Narrow screens: the same navigation in a disclosure under the header. It works without
            script, and opening or closing it neither scrolls the page nor adds to the history.
          */}
          <details className="mobile-menu">
            <summary>
              {/* The smallest phones show three bars instead of the word, which stays the button's name. */}
              <svg className="mobile-menu__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="mobile-menu__open">{i18n.t('nav.menu')}</span>
              <span className="mobile-menu__close">
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{i18n.t('nav.closeMenu')}</span>
              </span>
            </summary>
            <nav className="mobile-menu__panel" aria-label={i18n.t('nav.label')}>
              {entries(true)}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
