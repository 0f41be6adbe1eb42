import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { readSiteFile, readSources } from '../../../src/engine/read/read-sources';
import { refreshSources } from '../../../src/engine/read/refresh-sources';
import { tempDir } from '../../helpers/site';

/** A site folder of a few files, written as given. */
async function folder(files: Record<string, string | Buffer>): Promise<string> {
  const root = await tempDir();
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

describe('reading the sources', () => {
  it('reads the locale files of the configured languages only, and every Markdown and public file', async () => {
    const root = await folder({
      'content/routes.yaml': 'routes: []\n',
      'content/site.yaml': 'url: https://example.test\n',
      'content/en/home.md': '---\ntitle: Home\n---\nHi\n',
      'content/fr/home.md': '---\ntitle: Accueil\n---\nSalut\n',
      'locales/en.json': '{}',
      'locales/fr.json': '{}',
      'locales/en.translations.json': '{}',
      'public/images/a.svg': '<svg/>',
    });
    const problems = new Problems();
    const sources = await readSources(root, ['en'], problems);
    expect(problems.errors).toEqual([]);
    expect([...sources.locales.keys()]).toEqual(['en']);
    expect(sources.localeCodes).toEqual(['en']);
    // Which content folders are pages is the Markdown stage's to say, by the same locales.
    expect([...sources.content.keys()]).toEqual(['en/home.md', 'fr/home.md']);
    expect(sources.content.get('en/home.md')!.hash).toMatch(/^[0-9a-f]{40}$/);
    expect([...sources.publicFiles.keys()]).toEqual(['images/a.svg']);
    expect((await readSiteFile(root, problems))!.text).toBe('url: https://example.test\n');
  });

  it('refuses a file that is not UTF-8 at its first bad byte, and a symbolic link, with locations', async () => {
    const root = await folder({
      'content/routes.yaml': 'routes: []\n',
      'content/en/bad.md': Buffer.concat([Buffer.from('---\ntitle: A\n---\nab'), Buffer.from([0xe9]), Buffer.from('c\n')]),
      'outside.md': '---\ntitle: B\n---\n',
    });
    await symlink(path.join(root, 'outside.md'), path.join(root, 'content/en/link.md'));
    const problems = new Problems();
    await readSources(root, ['en'], problems);
    expect(problems.errors.map((error) => [error.code, path.relative(root, error.file!), error.line, error.column])).toEqual([
      ['read/not-utf8', 'content/en/bad.md', 4, 3],
      ['read/symbolic-link', 'content/en/link.md', 1, 1],
    ]);
  });

  it('reads again only what changed in a watch session, and a locale file of the configured languages only', async () => {
    const root = await folder({ 'content/routes.yaml': 'routes: []\n', 'content/en/a.md': 'A', 'locales/en.json': '{"a":"1"}' });
    const problems = new Problems();
    const first = await readSources(root, ['en'], problems);
    await writeFile(path.join(root, 'content/en/a.md'), 'A2');
    await writeFile(path.join(root, 'locales/en.json'), '{"a":"2"}');
    await writeFile(path.join(root, 'locales/fr.json'), '{}');
    const changed = new Set(['content/en/a.md', 'locales/en.json', 'locales/fr.json'].map((name) => path.join(root, name)));
    const next = await refreshSources(first, changed, problems);
    expect(next.content.get('en/a.md')!.text).toBe('A2');
    expect(next.locales.get('en')!.text).toBe('{"a":"2"}');
    expect(next.locales.has('fr')).toBe(false);
    expect(next.routes).toBe(first.routes);
  });
});
