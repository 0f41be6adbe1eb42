import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, BuildSession, watch, type Watcher } from '../../src/engine';
import { smallSite } from '../helpers/small-site';

/**
 * `sitegen watch` fed 200 rapid edits, valid and invalid (broken YAML, links to unknown routes,
 * bad ICU, broken JSON, broken route tables), keeps running and ends up serving exactly what a
 * clean build of the final sources produces. The clean build is the same in-memory build watch
 * runs (a fresh BuildSession: build id and release "dev"); the dev server's live-reload tag is
 * the one difference it adds to HTML, and it is taken out before comparing.
 */
const EDITS = 200;
const SEED = Number(process.env.STORM_SEED ?? 0x5707);
const RELOAD_TAG = '<script type="module" src="/_sitegen/dev/client.js"></script></body>';
/** The bar the dev server puts on a page whose translation an edit of the English left outdated. */
const OUTDATED_MARKER = /<div id="sitegen-dev-marker" role="note">[^<]*<\/div>/;
// Watch keeps its first build's timestamp; without a fixed one the clean build would take it
// from the sources' modification times, which the storm changes.
process.env.SOURCE_DATE_EPOCH = '1767225600';

/** A small deterministic generator, so a failing storm can be replayed with STORM_SEED. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const CONTENT = ['content/en/about-us.md', 'content/hu/career.md', 'content/de/contact.md', 'content/en/blog/four-day-week-1.md', 'content/hu/home.md'];
const LOCALE_FILES = ['locales/en.json', 'locales/hu.json', 'locales/de.json'];
const ROUTES = 'content/routes.yaml';

/** Edits of one file: a valid change made from the original text, or a broken one. */
type Edit = (original: string, n: number) => string;
const VALID: Record<'content' | 'locale' | 'routes', Edit[]> = {
  content: [
    (text, n) => text.replace(/^title: .*$/m, `title: "Edited title ${n}"`),
    (text, n) => `${text.trimEnd()}\n\nParagraph ${n}, linking [our offer](route:offer).\n`,
    (text, n) => text.replace(/^description: .*$/m, `description: "A description written for the edit number ${n}, long enough."`),
  ],
  locale: [(text, n) => text.replace(/"readMore": "[^"]*"/, `"readMore": "Read more ${n}"`), (text, n) => text.replace(/"tags": "[^"]*"/, `"tags": "Tags ${n}"`)],
  routes: [(text, n) => text.replace(/^(\s+hu: )\/karrier$/m, `$1/karrier-${n}`), (text, n) => text.replace(/^(\s+de: )\/ueber-uns$/m, `$1/ueber-uns-${n}`)],
};
const BROKEN: Record<'content' | 'locale' | 'routes', Edit[]> = {
  content: [
    (text) => text.replace(/^title: (.*)$/m, 'title: [unclosed $1'),
    (text, n) => `${text.trimEnd()}\n\nSee [nothing](route:no-such-route-${n}).\n`,
    (text) => text.replace(/^---\n/, ''),
    (text) => text.replace(/^description: .*\n/m, ''),
  ],
  locale: [
    (text) => text.replace(/"readMore": "[^"]*"/, '"readMore": "{broken"'),
    (text) => text.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, =1 {one}}"'),
    (text) => text.slice(0, Math.floor(text.length / 2)),
  ],
  routes: [(text) => text.replace(/^(\s+en: )\/contact$/m, '$1{ /contact'), (text) => text.replace('template: career', 'template: careers')],
};

let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sitegen watch under a storm of edits', () => {
  it(`survives ${EDITS} rapid random edits and then serves what a clean build of the final sources gives (seed ${SEED})`, { timeout: 300_000 }, async () => {
    const root = await smallSite();
    const files = [...CONTENT, ...LOCALE_FILES, ROUTES];
    const kindOf = (file: string) => (file === ROUTES ? 'routes' : file.startsWith('locales/') ? 'locale' : 'content');
    const originals = new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(root, file), 'utf8')] as const)));
    const broken = new Set<string>();
    let activity = 0;
    const reports: string[] = [];
    watcher = await watch({ root, port: 0, log: () => void activity++, error: (text) => void (activity++, reports.push(text)) });

    const next = random(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    let valid = 0;
    for (let n = 0; n < EDITS; n++) {
      const file = pick(files);
      const original = originals.get(file)!;
      // One edit in three breaks the file; a valid edit is made from the original, which repairs it.
      const isBroken = next() < 1 / 3;
      const text = (isBroken ? pick(BROKEN[kindOf(file)]) : pick(VALID[kindOf(file)]))(original, n);
      if (text === original) throw new Error(`edit ${n} of ${file} changed nothing`);
      if (isBroken) broken.add(file);
      else {
        broken.delete(file);
        valid++;
      }
      await writeFile(path.join(root, file), text);
      // Mostly saves in quick succession, sometimes a pause long enough for a rebuild to start.
      const pause = next();
      if (pause > 0.9) await sleep(50 + next() * 150);
      else if (pause > 0.5) await sleep(next() * 10);
    }
    // The storm ends with valid sources: files left broken get a last valid edit.
    for (const file of broken) await writeFile(path.join(root, file), VALID[kindOf(file)][0]!(originals.get(file)!, EDITS));
    expect(valid).toBeGreaterThan(EDITS / 2);

    // Settled: no build started or reported for a while (the watcher's recheck runs at 60 ms).
    for (let quiet = 0, seen = -1; quiet < 3; ) {
      await sleep(400);
      quiet = activity === seen ? quiet + 1 : 0;
      seen = activity;
    }
    expect(activity).toBeGreaterThan(1);
    // Bad edits were reported as located source errors, never as a crash with a stack trace.
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expect(report).not.toMatch(/\n\s+at /);

    const session = new BuildSession();
    try {
      const clean = await build({ root, write: false, session });
      expect(clean.files.size).toBeGreaterThan(clean.pages.length);
      const different: string[] = [];
      for (const [name, content] of clean.files) {
        const response = await fetch(`${watcher.url}/${name.split('/').map(encodeURIComponent).join('/')}`);
        let served = Buffer.from(await response.arrayBuffer());
        if (name.endsWith('.html')) served = Buffer.from(served.toString('utf8').replace(RELOAD_TAG, '</body>').replace(OUTDATED_MARKER, ''));
        if (response.status !== 200 || !served.equals(Buffer.from(content))) different.push(`${name} (${response.status})`);
      }
      expect(different).toEqual([]);
      // Paths a storm edit gave a route and took back are gone.
      for (const gone of ['/hu/karrier-0', `/hu/karrier-${EDITS - 1}`, '/de/ueber-uns-1']) {
        const stillThere = clean.pages.some((page) => page.url === gone);
        if (!stillThere) expect((await fetch(watcher.url + gone)).status, gone).toBe(404);
      }
    } finally {
      await session.dispose();
    }
  });
});
