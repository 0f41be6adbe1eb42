import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';
import { edit, runCli, snapshotTree, tempDir } from '../../helpers/site';
import { generatedPhoto } from '../../../bench/generated-photo.mjs';

/**
 * A warm build (with the build cache, after any kind of single change) writes the same bytes
 * as a build without the cache: pages, `_headers`, JSON, everything. Both builds go through the
 * bundled CLI, as users run it, each into its own output folder that went through the same
 * history (so both see the same previous build).
 */

/** What a change can touch; the environment is part of what a build reads. */
interface SiteState {
  root: string;
  env: Record<string, string>;
}

type Change = (site: SiteState, seed: number) => Promise<string>;

const pick = <T>(list: readonly T[], seed: number): T => list[seed % list.length]!;

async function contentFiles(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'content'), { recursive: true });
  return entries.filter((entry) => entry.endsWith('.md')).map((entry) => `content/${entry.split(path.sep).join('/')}`).sort();
}

/** Every plain message (no ICU argument) of a locale file, by dotted key. */
function plainMessages(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.includes('{') || value.includes('<') ? [] : [prefix];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => plainMessages(child, prefix ? `${prefix}.${key}` : key));
}

function setAt(target: Record<string, unknown>, key: string, change: (text: string) => string): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1]!;
  node[last] = change(node[last] as string);
}

const CHANGES: Record<string, Change> = {
  async body({ root }, seed) {
    const file = pick(await contentFiles(root), seed);
    await edit(root, file, (text) => `${text}\nA sentence added by edit ${seed}.\n`);
    return `body of ${file}`;
  },
  async frontMatter({ root }, seed) {
    const file = pick(await contentFiles(root), seed);
    await edit(root, file, (text) => text.replace(/^description: .*$/m, `description: "A description changed by edit ${seed}, long enough to read well."`));
    return `description of ${file}`;
  },
  async localeKey({ root }, seed) {
    const file = `locales/${pick(['en', 'hu', 'de'], seed)}.json`;
    const messages = JSON.parse(await readFile(path.join(root, file), 'utf8')) as Record<string, unknown>;
    const key = pick(plainMessages(messages), seed >> 2);
    setAt(messages, key, (text) => `${text} ${seed}`);
    await writeFile(path.join(root, file), JSON.stringify(messages, null, 2));
    return `${file} ${key}`;
  },
  async siteField({ root }, seed) {
    const which = seed % 3;
    await edit(root, 'content/site.yaml', (text) =>
      which === 0
        ? text.replace(/^ {2}phone: .*$/m, `  phone: "+36 1 555 ${String(1000 + (seed % 9000))}"`)
        : which === 1
          ? text.replace(/^buildCheckSeconds: .*$/m, `buildCheckSeconds: ${600 + (seed % 3000)}`)
          : text.replace(/^ {2}email: .*$/m, `  email: office${seed}@kestrelbyte.example`),
    );
    return `site.yaml field ${which}`;
  },
  async envOverride(site, seed) {
    if (seed % 3 === 0) delete site.env.SITEGEN_POCKETBASE_URL;
    else site.env.SITEGEN_POCKETBASE_URL = `http://127.0.0.1:${2000 + (seed % 5000)}`;
    return `SITEGEN_POCKETBASE_URL=${site.env.SITEGEN_POCKETBASE_URL ?? '(unset)'}`;
  },
  async time(site, seed) {
    // 2024-06-01, 2025-06-01, 2026-06-01 or the sources' own time.
    const epochs = ['1717200000', '1748736000', '1780272000'];
    if (seed % 4 === 3) delete site.env.SOURCE_DATE_EPOCH;
    else site.env.SOURCE_DATE_EPOCH = pick(epochs, seed);
    return `SOURCE_DATE_EPOCH=${site.env.SOURCE_DATE_EPOCH ?? '(unset)'}`;
  },
  async template({ root }, seed) {
    if (seed % 2 === 0) {
      await edit(root, 'src/templates/layout/Footer.tsx', (text) => text.replace('<footer className="site-footer">', `<footer className="site-footer" data-edit="${seed}">`).replace(/ data-edit="\d+" data-edit/, ' data-edit'));
      return 'Footer.tsx';
    }
    await edit(root, 'src/templates/site.css', (text) => `${text}\n.edit-${seed} { color: inherit; }\n`);
    return 'site.css';
  },
  async widget({ root }, seed) {
    await edit(root, 'src/widgets/islands/RetryLink.tsx', (text) => `${text}\nexport const edited${seed} = ${seed};\n(globalThis as Record<string, unknown>).sitegenEdit = edited${seed};\n`);
    return 'RetryLink.tsx';
  },
  async publicFile({ root }, seed) {
    if (seed % 2 === 0) {
      await writeFile(path.join(root, `public/edit-${seed % 3}.txt`), `edit ${seed}\n`);
      return `public/edit-${seed % 3}.txt`;
    }
    // The share image keeps its name and gets other bytes and another size: pages show its size.
    const share = path.join(root, 'public/images/share.png');
    const logo = path.join(root, 'public/images/logo.png');
    const spare = path.join(root, 'share.tmp');
    await copyFile(share, spare);
    await copyFile(logo, share);
    await copyFile(spare, logo);
    return 'share.png swapped with logo.png';
  },
  async image({ root }, seed) {
    const which = seed % 3;
    if (which === 0) {
      // A photo in a body gets other bytes (and so other encodings, with other names).
      const photo = path.join(root, 'public/images/edit-photo.jpg');
      await writeFile(photo, await generatedPhoto({ width: 900 + (seed % 400), height: 600, seed }));
      const file = pick(await contentFiles(root), seed);
      const text = await readFile(path.join(root, file), 'utf8');
      if (!text.includes('/images/edit-photo.jpg')) await edit(root, file, (body) => `${body}\n![A photo](/images/edit-photo.jpg)\n`);
      return `edit-photo.jpg (${file})`;
    }
    if (which === 1) {
      // What is encoded: every raster image's encodings change.
      const widths = `images:\n  widths: [${320 + (seed % 200)}, 800]\n`;
      await edit(root, 'content/site.yaml', (text) => (/^images:\n.*\n/m.test(text) ? text.replace(/^images:\n.*\n/m, widths) : `${text}\n${widths}`));
      return 'image widths';
    }
    // A cover keeps its name and gets another size: the pages that show it say its size.
    const cover = path.join(root, 'public/images/covers/case-producer-plants.svg');
    const size = 600 + (seed % 500);
    const svg = await readFile(cover, 'utf8');
    await writeFile(cover, svg.replace(/<svg\b[^>]*>/, (tag) => tag.replace(/\s(width|height)="[^"]*"/g, '').replace('<svg', `<svg width="${size * 2}" height="${size}"`)));
    return `cover size ${size * 2}x${size}`;
  },
  async routePath({ root }, seed) {
    const file = path.join(root, 'content/routes.yaml');
    const doc = parseDocument(await readFile(file, 'utf8'));
    const routes = doc.get('routes') as { items: Array<{ get(key: string): unknown; setIn(path: string[], value: unknown): void }> };
    const movable = routes.items.filter((route) => (route.get('paths') as { get(key: string): unknown }).get('hu') !== '/');
    const route = pick(movable, seed);
    const hu = (route.get('paths') as { get(key: string): string }).get('hu');
    route.setIn(['paths', 'hu'], `${hu.replace(/-\d+$/, '')}-${seed}`);
    await writeFile(file, doc.toString({ lineWidth: 0 }));
    return `hu path of ${String(route.get('id'))}`;
  },
  async publication({ root }, seed) {
    // A grant nothing links: a draft, scheduled or expired in one locale (against the time kind's epochs), or published again.
    const file = `content/${pick(['en', 'hu', 'de'], seed)}/tenders/export-market.md`;
    const fields = ['expiryDate: 2025-01-01', 'draft: true', 'publishDate: 2025-01-01', 'publishDate: 2026-01-01T12:00:00+01:00', ''];
    const field = pick(fields, seed >> 2);
    await writeFile(path.join(root, file), (await readFile(path.join(root, file), 'utf8')).replace(/^(draft|publishDate|expiryDate): .*\n/m, '').replace(/^---\n/, `---\n${field ? `${field}\n` : ''}`));
    return `${file}: ${field || 'published'}`;
  },
  async pageSize({ root }, seed) {
    const size = pick(['1', '2', 'true'], seed);
    await writeFile(path.join(root, 'content/routes.yaml'), (await readFile(path.join(root, 'content/routes.yaml'), 'utf8')).replace(/(content: (?:blog|case-studies|tenders)\n {4}paginate: )\S+/g, `$1${size}`));
    return `paginate: ${size}`;
  },
  async redirect({ root }, seed) {
    const file = path.join(root, 'content/redirects.yaml');
    const before = existsSync(file) ? await readFile(file, 'utf8') : 'redirects:\n';
    const target = pick(['/contact', '/hu/kapcsolat', '/de/kontakt', '/career'], seed);
    await writeFile(file, `${before}  - { from: /old-page-${seed}, to: ${target} }\n`);
    return `redirect /old-page-${seed} -> ${target}`;
  },
};

async function buildBoth(site: SiteState, out: string): Promise<void> {
  const warm = await runCli(['build', '--root', site.root, '--out', path.join(out, 'warm')], { env: site.env });
  const cold = await runCli(['build', '--root', site.root, '--out', path.join(out, 'cold'), '--no-cache'], { env: site.env });
  expect(warm.code, warm.stderr).toBe(0);
  expect(cold.code, cold.stderr).toBe(0);
  // Warnings are the same too (a cached page or body must not lose its warning).
  expect(warm.stderr).toBe(cold.stderr);
  const [warmFiles, coldFiles] = await Promise.all([snapshotTree(path.join(out, 'warm')), snapshotTree(path.join(out, 'cold'))]);
  const differing = [...new Set([...warmFiles.keys(), ...coldFiles.keys()])].filter((file) => warmFiles.get(file) !== coldFiles.get(file));
  expect(differing).toEqual([]);
}

describe('the build cache', () => {
  it(
    'gives, after any sequence of single changes of every kind, the bytes of a build without it',
    { timeout: 600_000 },
    async () => {
      const kinds = Object.keys(CHANGES);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...kinds), fc.nat({ max: 1_000_000 })), { minLength: 4, maxLength: 6 }), async (changes) => {
          const site: SiteState = { root: await smallSiteWithOwnCode(), env: {} };
          const out = await tempDir('sitegen-differential-');
          await buildBoth(site, out);
          for (const [kind, seed] of changes) {
            const what = await CHANGES[kind]!(site, seed);
            try {
              await buildBoth(site, out);
            } catch (error) {
              throw new Error(`after ${kind} (${what}): ${(error as Error).message}`, { cause: error });
            }
          }
        }),
        { numRuns: Number(process.env.DIFFERENTIAL_RUNS ?? 2), seed: Number(process.env.DIFFERENTIAL_SEED ?? 20261125), endOnFailure: true },
      );
    },
  );

  it.each(Object.keys(CHANGES))('gives the bytes of a build without it after a change of %s', { timeout: 240_000 }, async (kind) => {
    const site: SiteState = { root: await smallSiteWithOwnCode(), env: {} };
    const out = await tempDir('sitegen-differential-');
    await buildBoth(site, out);
    await CHANGES[kind]!(site, 7);
    await buildBoth(site, out);
  });
});
