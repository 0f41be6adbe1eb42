import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/engine/config/resolve-config';
import { BuildFailure } from '../../../src/engine/diagnostics/diagnostic';
import { copySite, edit, lineOf } from '../../helpers/site';

/** The configuration is resolved once, up front, from options, environment and site.yaml. */
describe('resolveConfig', () => {
  it('applies defaults, makes paths absolute, and freezes the result', async () => {
    const root = await copySite();
    const config = await resolveConfig({ root, env: {} });
    expect(config.outDir).toBe(path.join(root, 'dist'));
    expect(config.cacheDir).toBe(path.join(root, '.sitegen-cache'));
    expect(config.parallel).toBe('auto');
    expect(config.persistentCache).toBe(true);
    expect(config.previous).toEqual({ from: path.join(root, 'dist'), isDefault: true });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.overrides)).toBe(true);
  });

  it('keeps the settings in a watch session only while the file and every override they take are the same', async () => {
    const root = await copySite();
    const kept = new Map<string, unknown>();
    let parsed = 0;
    const session = {
      memo<T>(name: string, key: string, _problems: unknown, compute: () => T): T {
        if (!kept.has(`${name}\0${key}`)) {
          parsed++;
          kept.set(`${name}\0${key}`, compute());
        }
        return kept.get(`${name}\0${key}`) as T;
      },
    };
    const backend = async (url: string | undefined) => (await resolveConfig({ root, env: url ? { SITEGEN_POCKETBASE_URL: url } : {} }, session)).site.backendUrl;
    const own = await backend(undefined);
    expect(await backend('https://api.example.test')).toBe('https://api.example.test');
    expect(await backend(undefined)).toBe(own);
    expect(parsed).toBe(2);
    // The build's time is not a setting: another SOURCE_DATE_EPOCH keeps them.
    await resolveConfig({ root, env: { SOURCE_DATE_EPOCH: '1700000000' } }, session);
    expect(parsed).toBe(2);
    await edit(root, 'content/site.yaml', (text) => `${text}\n# edited\n`);
    await backend(undefined);
    expect(parsed).toBe(3);
  });

  it('completes the languages of site.yaml: tag, flag, direction, OpenGraph locale, the default', async () => {
    const root = await copySite();
    await edit(root, 'content/site.yaml', (text) => text.replace('  - { code: de, tag: de-DE, name: Deutsch }\n', '  - { code: de, tag: de-DE, name: Deutsch }\n  - { code: fa, name: فارسی, dir: rtl, flag: /flags/persia.svg }\n'));
    const { site } = await resolveConfig({ root, env: {} });
    expect(site.locales.default).toBe('en');
    expect(site.locales.all.map(({ code }) => code)).toEqual(['en', 'hu', 'de', 'fa']);
    expect(site.locales.all[1]).toEqual({ code: 'hu', tag: 'hu-HU', name: 'Magyar', flag: '/flags/hu.svg', dir: 'ltr', ogLocale: 'hu_HU' });
    expect(site.locales.all[3]).toEqual({ code: 'fa', tag: 'fa', name: 'فارسی', flag: '/flags/persia.svg', dir: 'rtl', ogLocale: 'fa_IR' });
  });

  it('is English only when site.yaml lists no languages, and takes defaultLocale when it names one', async () => {
    const root = await copySite();
    await edit(root, 'content/site.yaml', (text) => text.replace(/^locales:\n(  - .*\n)+/m, ''));
    expect((await resolveConfig({ root, env: {} })).site.locales).toEqual({ all: [{ code: 'en', tag: 'en-US', name: 'English', flag: '/flags/en.svg', dir: 'ltr', ogLocale: 'en_US' }], default: 'en' });
    const other = await copySite();
    await edit(other, 'content/site.yaml', (text) => text.replace('locales:\n', 'defaultLocale: de\nlocales:\n'));
    expect((await resolveConfig({ root: other, env: {} })).site.locales.default).toBe('de');
  });

  it('applies the environment to the settings, and refuses a malformed override before reading anything', async () => {
    const root = await copySite();
    const config = await resolveConfig({ root, env: { SITEGEN_POCKETBASE_URL: 'http://127.0.0.1:2222/', SOURCE_DATE_EPOCH: '1767225600' } });
    expect(config.site.backendUrl).toBe('http://127.0.0.1:2222');
    expect(config.overrides.timestamp).toBe(1767225600_000);
    const failure = await resolveConfig({ root, env: { SITEGEN_POCKETBASE_URL: 'localhost:8090' } }).catch((error: unknown) => error);
    expect((failure as BuildFailure).errors.map((error) => error.code)).toEqual(['config/env-backend-url']);
  });

  it('locates what is wrong in the languages', async () => {
    const root = await copySite();
    const original = await readFile(path.join(root, 'content/site.yaml'), 'utf8');
    const errorsOf = async (text: string) => {
      await writeFile(path.join(root, 'content/site.yaml'), text);
      const failure = (await resolveConfig({ root, env: {} }).catch((error: unknown) => error)) as BuildFailure;
      expect(failure).toBeInstanceOf(BuildFailure);
      return failure.errors.map((error) => [error.code, error.line]);
    };
    const added = (entries: string) => original.replace('  - { code: de, tag: de-DE, name: Deutsch }\n', `  - { code: de, tag: de-DE, name: Deutsch }\n${entries}`);
    const invalid = added('  - { code: DE, name: Doppelt }\n  - { code: xx, tag: "not a tag!", name: X }\n');
    expect(await errorsOf(invalid)).toEqual([
      ['yaml/invalid-value', lineOf(invalid, 'code: DE')],
      ['yaml/invalid-value', lineOf(invalid, 'not a tag!')],
    ]);
    const twice = added('  - { code: hu, name: Magyar }\n');
    expect(await errorsOf(twice)).toEqual([['yaml/invalid-value', lineOf(twice, '{ code: hu, name: Magyar }')]]);
    await writeFile(path.join(root, 'content/site.yaml'), original.replace(/^locales:/m, 'defaultLocale: fr\nlocales:'));
    const wrongDefault = (await resolveConfig({ root, env: {} }).catch((error: unknown) => error)) as BuildFailure;
    expect(wrongDefault.errors.map((error) => error.code)).toEqual(['config/default-locale']);
  });
});
