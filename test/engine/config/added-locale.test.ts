import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { smallSite } from '../../helpers/small-site';
import { edit, lineOf, runCli } from '../../helpers/site';

/**
 * The locales are configuration: a site adds French (and Persian, written right to left) with
 * an entry in `content/site.yaml` and the files of the language (its content folder, its
 * locale file, its flag). Nothing under `src/` changes; the bundled CLI builds and checks it.
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const FLAG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="15" viewBox="0 0 3 2"><rect width="3" height="2" fill="#888"/></svg>\n';

/** French and Persian messages: the English ones, with the plural categories each language needs. */
async function localeFile(root: string, locale: 'fr' | 'fa'): Promise<string> {
  const english = await readFile(path.join(root, 'locales/en.json'), 'utf8');
  // French plurals have a `many` category (1 000 000 de…); Persian has English's one and other.
  const text = locale === 'fr' ? english.replace(/ other \{/g, ' many {beaucoup} other {') : english;
  return text.replace('"explore": "Explore"', locale === 'fr' ? '"explore": "Découvrir"' : '"explore": "کاوش"');
}

async function siteWithMoreLocales(): Promise<string> {
  const root = await smallSite();
  await edit(root, 'content/site.yaml', (text) =>
    text.replace('  - { code: de, tag: de-DE, name: Deutsch }\n', '  - { code: de, tag: de-DE, name: Deutsch }\n  - { code: fr, tag: fr-FR, name: Français }\n  - { code: fa, name: فارسی, dir: rtl }\n'),
  );
  for (const locale of ['fr', 'fa'] as const) {
    await cp(path.join(root, 'content/en'), path.join(root, `content/${locale}`), { recursive: true });
    await writeFile(path.join(root, `locales/${locale}.json`), await localeFile(root, locale));
    await writeFile(path.join(root, `public/flags/${locale}.svg`), FLAG);
  }
  // One route gets a French path of its own; the others keep the English path under /fr.
  await edit(root, 'content/routes.yaml', (text) => {
    const doc = parseDocument(text);
    const index = (doc.toJS().routes as Array<{ id: string }>).findIndex((route) => route.id === 'career');
    doc.setIn(['routes', index, 'paths', 'fr'], '/carriere');
    return doc.toString({ lineWidth: 0 });
  });
  return root;
}

describe('a locale added in site.yaml', { timeout: 180_000 }, () => {
  it('is built in every URL form, linked in every language menu and hreflang set, and passes check', async () => {
    const root = await siteWithMoreLocales();
    const built = await runCli(['build', '--root', root], { env: EPOCH });
    expect(built.code, built.stderr).toBe(0);
    const dist = path.join(root, 'dist');
    const page = (file: string) => readFile(path.join(dist, file), 'utf8');

    const french = await page('fr/carriere/index.html');
    expect(french).toMatch(/<html lang="fr-FR">/);
    expect(french).toContain('<meta property="og:locale" content="fr_FR"/>');
    expect(french).toContain('<h2 id="footer-explore">Découvrir</h2>');
    // The same route in every locale, from the French page and to it from the English one.
    for (const [code, url] of [['en', '/career'], ['hu', '/hu/karrier'], ['de', '/de/karriere'], ['fr', '/fr/carriere'], ['fa', '/fa/career']]) {
      expect(french).toContain(`<link rel="alternate" hrefLang="${code}" href="https://www.kestrelbyte.example${url}"/>`);
    }
    expect(await page('career/index.html')).toContain('hrefLang="fr" href="https://www.kestrelbyte.example/fr/carriere"');
    // The language menu lists the new languages by their own names, with their flags.
    expect(french).toMatch(/<a href="\/fa\/career" hrefLang="fa" lang="fa" data-locale="fa"[^>]*><img src="\/flags\/fa\.svg"[^>]*\/>فارسی<\/a>/);
    expect(french).toMatch(/<summary><img src="\/flags\/fr\.svg"[^>]*\/><span class="language-menu__name">Français<\/span>/);

    // Right to left where the locale says so, and only there.
    expect(await page('fa/career/index.html')).toMatch(/<html lang="fa" dir="rtl">/);
    expect(french).not.toContain('dir="rtl"');

    // The home page's language detection knows the new codes; the widgets get their messages.
    expect(await page('index.html')).toContain('var L=["en","hu","de","fr","fa"]');
    const release = JSON.parse(await page('_sitegen/builds/latest.json')).release as string;
    expect(JSON.parse(await page(`_i18n/${release}/fr/messages.json`))['widgets.language.menu']).toBeDefined();
    expect(await page('sitemap.xml')).toContain('hreflang="fa" href="https://www.kestrelbyte.example/fa/career"');

    const checked = await runCli(['check', '--root', root], { env: EPOCH });
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });

  it('is an error at its entry when its flag is missing, and its locale file when that is missing', async () => {
    const root = await siteWithMoreLocales();
    const settings = await edit(root, 'content/site.yaml', (text) => text.replace('{ code: fa, name: فارسی, dir: rtl }', '{ code: fa, name: فارسی, dir: rtl, flag: /flags/persia.svg }'));
    await rename(path.join(root, 'locales/fr.json'), path.join(root, 'locales/fr.json.bak'));
    const result = await runCli(['build', '--root', root], { env: EPOCH });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`locales/fr.json:1:1: error: there is no locales/fr.json [messages/missing-file]`);
    await rename(path.join(root, 'locales/fr.json.bak'), path.join(root, 'locales/fr.json'));
    const again = await runCli(['build', '--root', root], { env: EPOCH });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`content/site.yaml:${lineOf(settings, 'flag: /flags/persia.svg')}:`);
    expect(again.stderr).toMatch(/the flag of the locale "fa", \/flags\/persia\.svg, is not a file in public\/ \[config\/locale-flag\]/);
  });
});
