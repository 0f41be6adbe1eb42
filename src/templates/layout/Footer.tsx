import type { DocumentProps } from './document-props';
import { Island } from '../components/Island';
import { FundingBlock } from '../components/FundingBlock';
import CookieConsent from '../../widgets/islands/CookieConsent';

const EXPLORE: ReadonlyArray<readonly [string, string]> = [
  ['services', 'nav.services'],
  ['case-studies', 'nav.caseStudies'],
  ['blog', 'nav.blog'],
  ['career', 'nav.career'],
  ['about-us', 'nav.aboutUs'],
  ['tenders', 'nav.tenders'],
];

/** How the networks write their own names; others are shown capitalised. */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  linkedin: 'LinkedIn',
  github: 'GitHub',
  facebook: 'Facebook',
  youtube: 'YouTube',
  x: 'X',
  instagram: 'Instagram',
};

/** Monday 2024-01-01 and the days after it, for weekday names in the page's language. */
const WEEKDAY_INDEX = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 } as const;

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

function weekdayName(language: string, day: keyof typeof WEEKDAY_INDEX): string {
  let format = weekdayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormats.set(language, format);
  }
  return format.format(new Date(Date.UTC(2024, 0, WEEKDAY_INDEX[day])));
}

/** A label with a number that never breaks at its hyphens (`01-09-398217` is read as one); the label may wrap. */
function WholeNumber({ text, number }: { text: string; number: string }) {
  const at = text.indexOf(number);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="nowrap">{number}</span>
      {text.slice(at + number.length)}
    </>
  );
}

export function Footer({ site, i18n, links, build, assets, runtime }: DocumentProps) {
  const { company } = site;
  const weekday = (day: keyof typeof WEEKDAY_INDEX) => weekdayName(i18n.language, day);
  const { days, opens, closes } = company.openingHours;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{company.name}</h2>
          <p>{i18n.t('site.tagline')}</p>
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">{i18n.t('footer.explore')}</h2>
          <ul>
            {EXPLORE.map(([routeId, key]) => (
              <li key={routeId}>
                <a href={links.path(routeId)}>{i18n.t(key)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{i18n.t('footer.contact')}</h2>
          <address>
            {company.address.street}
            <br />
            {company.address.postalCode} {company.address.city}
            <br />
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
          </address>
          <p>
            {i18n.t('footer.hours', {
              firstDay: weekday(days[0]!),
              lastDay: weekday(days[days.length - 1]!),
              opens,
              closes,
            })}
          </p>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">{i18n.t('footer.company')}</h2>
          <p>
            {company.legalName}
            <br />
            <WholeNumber text={i18n.t('footer.registration', { number: company.registrationNumber })} number={company.registrationNumber} />
            <br />
            <WholeNumber text={i18n.t('footer.taxNumber', { number: company.taxNumber })} number={company.taxNumber} />
            {company.euVatNumber && (
              <>
                <br />
                <WholeNumber text={i18n.t('footer.euVatNumber', { number: company.euVatNumber })} number={company.euVatNumber} />
              </>
            )}
          </p>
          {Object.keys(company.social).length > 0 && (
            <ul className="site-footer__social" aria-label={i18n.t('footer.social')}>
              {Object.entries(company.social).map(([name, url]) => (
                <li key={name}>
                  <a href={url} rel="noopener">
                    {NETWORK_NAMES[name] ?? name.charAt(0).toUpperCase() + name.slice(1)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="container site-footer__bottom">
        {/* The Széchenyi Terv Plusz funding block on every page, leading to the funded projects. */}
        <a className="site-footer__funding" href={links.path('tenders')}>
          <FundingBlock i18n={i18n} eager={false} alt={i18n.t('footer.funding')} />
        </a>
        <p>{i18n.t('footer.rights', { year: build.year, legalName: company.legalName })}</p>
        <p className="site-footer__legal" id="cookie-settings">
          <a href={links.path('imprint')}>{i18n.t('footer.imprint')}</a>
          <a href={links.path('privacy-policy')}>{i18n.t('footer.privacy')}</a>
          {/* Without script this is an anchor; the loader opens the consent settings. */}
          <a href="#cookie-settings">{i18n.t('footer.cookieSettings')}</a>
        </p>
      </div>
      <Island name="CookieConsent" component={CookieConsent} props={{ config: runtime.consent }} strategy="interaction" i18n={i18n} assets={assets} />
    </footer>
  );
}
