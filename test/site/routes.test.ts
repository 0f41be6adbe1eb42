import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../helpers/real-site';

/**
 * Every screen and page of the spec, written out by hand (English, Hungarian, German path
 * without the locale prefix), not derived from the route table, so a wrong table fails here.
 */
const EXPECTED: ReadonlyArray<readonly [string, string, string]> = [
  ['/', '/', '/'],
  ['/failed-contact', '/sikertelen-bekuldes', '/fehlgeschlagen-kontakt'],
  ['/career', '/karrier', '/karriere'],
  ['/tender', '/palyazatok', '/tender'],
  ['/about-us', '/rolunk', '/ueber-uns'],
  ['/blog', '/blog', '/blog'],
  ['/services', '/szolgaltatasok', '/dienstleistungen'],
  ['/case-studies', '/referencia', '/referenz'],
  ['/offer', '/ajanlat', '/angebot'],
  ['/contact', '/kapcsolat', '/kontakt'],
  ['/successful-contact', '/sikeres-bekuldes', '/erfolgreich-kontakt'],
  ['/clickup-onboarding/contact', '/clickup-bevezetes/kapcsolat', '/clickup-onboarding/kontakt'],
  // Not in the spec's table: the privacy policy the forms and the cookie banner link to, and
  // the legal notice a company site must have.
  ['/privacy-policy', '/adatvedelem', '/datenschutz'],
  ['/imprint', '/impresszum', '/impressum'],
  // The open positions, each a page under the career page (its JobPosting belongs there).
  ['/career/senior-react-developer', '/karrier/senior-react-fejleszto', '/karriere/senior-react-entwickler'],
  ['/career/clickup-automation-consultant', '/karrier/clickup-automatizalasi-tanacsado', '/karriere/clickup-automatisierungsberater'],
  ['/career/it-operations-engineer', '/karrier/it-uzemeltetesi-mernok', '/karriere/it-betriebsingenieur'],
  ['/slack-vs-mattermost-I', '/slack-vs-mattermost-I', '/slack-vs-mattermost-I'],
  ['/slack-vs-mattermost-II', '/slack-vs-mattermost-II', '/slack-vs-mattermost-II'],
  ['/clickup-as-erp', '/clickup-vallalat-iranyitasi-rendszer', '/clickup-als-ERP'],
  ['/eu-energy-policy', '/eu-energiapolitika', '/eu-energiepolitik'],
  ['/future-energy-supply', '/az-energiaellatas-jovoje', '/zukunft-der-energieversorgung'],
  ['/the-four-day-working-week-2', '/a-negynapos-munkahet-2', '/die-vier-tage-woche-2'],
  ['/sustainable-IT', '/fenntarthato-IT', '/nachhaltige-IT'],
  ['/the-four-day-working-week-1', '/a-negynapos-munkahet-1', '/die-vier-tage-woche-1'],
  ['/finance-automation-clickup-n8n', '/penzugyi-automatizalas-clickup-n8n', '/finanzautomatisierung-clickup-n8n'],
  ['/it-outsourcing', '/it-kiszervezes', '/it-outsourcing'],
  ['/clickup-onboarding', '/clickup-bevezetes', '/clickup-onboarding'],
  ['/software-integrations', '/szoftverintegraciok', '/software-integrationen'],
  ['/web-and-mobile-development', '/web-es-mobilfejlesztes', '/web-und-mobile-entwicklung'],
  ['/customer-portal', '/ugyfelportal', '/kundenportal'],
  ['/producer-plants', '/termelo-uzemek', '/produktionsanlagen'],
  ['/electric-vehicle-quote', '/elektromos-jarmu-ajanlat', '/elektrofahrzeug-angebot'],
  ['/tender/cloud-infrastructure-development', '/palyazatok/szechenyi-terv-plusz', '/tender/cloud-infrastruktur-entwicklung'],
  ['/tender/digital-workplace-development', '/palyazatok/szechenyi-terv-plusz-b', '/tender/digitaler-arbeitsplatz'],
  ['/tender/export-market-development', '/palyazatok/szechenyi-terv-plusz-c', '/tender/exportmarkt-entwicklung'],
];

/** The blog's topics, from the articles' `tags:` (written out, not read from the site). */
const TAGS = [
  'automation', 'clickup', 'comparison', 'digitalisation', 'energy', 'erp', 'eu-regulation', 'finance', 'four-day-week', 'gdpr', 'green-software',
  'hr', 'infrastructure', 'it-services', 'n8n', 'process-design', 'renewables', 'self-hosting', 'sustainability', 'team-chat', 'work-organisation',
];

/** Each topic's listing in every locale, at the route table's segments (tag, cimke, schlagwort). */
const TAG_LISTINGS = TAGS.map((tag) => [`/blog/tag/${tag}`, `/blog/cimke/${tag}`, `/blog/schlagwort/${tag}`] as const);

const prefixed = (locale: string, path: string) => (path === '/' ? `/${locale}` : `/${locale}${path}`);
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`);

let site: RealSite;
beforeAll(async () => {
  site = await realSite();
});

describe('the real site', () => {
  it('has the 31 routes of the spec (12 screens, 9 articles, 4 services, 3 case studies, 3 tenders), the privacy policy and legal notice, and the open positions', () => {
    expect(EXPECTED).toHaveLength(36);
    expect(new Set(site.pages.map((page) => page.routeId)).size).toBe(36);
  });

  it("writes every route and every topic's listing in all four forms, and nothing else", () => {
    const expected = [...EXPECTED, ...TAG_LISTINGS].flatMap(([en, hu, de]) => [en, prefixed('en', en), prefixed('hu', hu), prefixed('de', de)]);
    expect(expected).toHaveLength(144 + 84);
    expect(site.pages.map((page) => page.url).sort()).toEqual([...expected].sort());
    for (const url of expected) {
      const html = site.files.get(fileOf(url));
      expect(html, url).toBeTypeOf('string');
      expect(html as string).toMatch(/^<!DOCTYPE html><html lang="(en-US|hu-HU|de-DE)">/);
    }
  });

  it('serves the English home at / and /en, and writes the not-found page', () => {
    expect(site.files.has('index.html')).toBe(true);
    expect(site.files.has('en/index.html')).toBe(true);
    const notFound = site.files.get('404.html') as string;
    expect(notFound).toContain('<title>Ooops</title>');
    expect(notFound).toContain('<h1>Page not found</h1>');
    expect(notFound).toContain('href="/">Back to start page...</a>');
    expect(notFound).toContain('<meta name="robots" content="noindex"/>');
    const error = site.files.get('error.html') as string;
    expect(error).toContain('<title>Ooops</title>');
    expect(error).toContain('<h1>Ooops, something went wrong...</h1>');
    expect(error).toContain('href="/">Back to start page...</a>');
  });
});
