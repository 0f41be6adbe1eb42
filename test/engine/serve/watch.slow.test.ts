import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watch, type Watcher } from '../../../src/engine';
import { copySite, edit, lineOf, REPO } from '../../helpers/site';

let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
});

async function siteWithOwnCode(): Promise<string> {
  const root = await copySite();
  for (const dir of ['src/templates', 'src/shared', 'src/widgets']) {
    await cp(path.join(REPO, dir), path.join(root, dir), { recursive: true });
  }
  return root;
}

const quiet = { log: () => {}, error: () => {} };

/** Server-sent events of the dev server, as they arrive; `page`: the path of the page listening, as the live-reload client says it. */
async function listen(url: string, page?: string) {
  const events: Array<{ event: string; data: string }> = [];
  const controller = new AbortController();
  const response = await fetch(`${url}/_sitegen/dev/events${page === undefined ? '' : `?page=${encodeURIComponent(page)}`}`, { signal: controller.signal });
  const reader = response.body!.getReader();
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n') });
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return { events, stop: () => controller.abort() };
}

const page = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

/** Locale -> the folder of its search index, as the served `latest.json` names them. */
const searchBundles = async (url: string) =>
  (JSON.parse((await page(`${url}/_sitegen/builds/latest.json`)).text) as { search?: Record<string, string> }).search ?? {};

/** A copy of the site under watch, once the first index of every locale (which follows the first build) is served. */
async function watchedWithIndexes() {
  const root = await copySite();
  const watching = await watch({ root, port: 0, ...quiet });
  watcher = watching;
  const url = watching.url;
  const bundles = () => searchBundles(url);
  await expect.poll(async () => Object.keys(await bundles()).sort(), { timeout: 30_000 }).toEqual(['de', 'en', 'hu']);
  return { root, url, bundles, watching };
}

describe('sitegen watch', () => {
  it('serves the build like production, from memory, with the reload client and no caching', async () => {
    const root = await copySite();
    watcher = await watch({ root, port: 0, ...quiet });
    const career = await page(`${watcher.url}/career`);
    expect(career.status).toBe(200);
    expect(career.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(career.headers.get('cache-control')).toBe('no-store');
    expect(career.text).toContain('<script type="module" src="/_sitegen/dev/client.js"></script></body>');
    expect((await page(`${watcher.url}/hu/karrier/`)).status).toBe(200);
    const missing = await page(`${watcher.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<title>Ooops</title>');
    const latest = await page(`${watcher.url}/_sitegen/builds/latest.json`);
    expect(latest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(latest.text).id).toBe('dev');
    expect((await page(`${watcher.url}/_sitegen/dev/client.js`)).text).toContain('EventSource');
  });

  it('serves an edited page without waiting for the search index, then the index of its locale follows, with one reload', { timeout: 180_000 }, async () => {
    const { root, url, bundles, watching } = await watchedWithIndexes();
    const before = await bundles();
    expect((await page(`${url}${before.hu}pagefind.js`)).status).toBe(200);
    // An index changes in its folder: its entry names new metadata (Pagefind names it by its content).
    const entry = async (locale: string) => (await page(`${url}${before[locale]}pagefind-entry.json`)).text;
    const metadata = (entryText: string) => `${url}${before.hu}pagefind.${(JSON.parse(entryText) as { languages: { hu: { hash: string } } }).languages.hu.hash}.pf_meta`;
    const entriesBefore = { hu: await entry('hu'), en: await entry('en'), de: await entry('de') };
    const events = await listen(url);
    try {
      const next = watching.nextBuild();
      await edit(root, 'content/hu/case-studies/customer-portal.md', (text) => `${text}\nA kvarcóra-javítás is a portálon intézhető.\n`);
      await expect.poll(async () => (await page(`${url}/hu/ugyfelportal`)).text, { timeout: 10_000, interval: 5 }).toContain('kvarcóra');
      // The page is served while Pagefind still indexes (seconds): the earlier index is served meanwhile.
      expect(await entry('hu')).toBe(entriesBefore.hu);
      expect((await page(metadata(entriesBefore.hu))).status).toBe(200);
      expect((await next).ok).toBe(true);
      await expect.poll(() => entry('hu'), { timeout: 30_000 }).not.toBe(entriesBefore.hu);
      expect(await bundles()).toEqual(before);
      expect([await entry('en'), await entry('de')]).toEqual([entriesBefore.en, entriesBefore.de]);
      expect((await page(`${url}${before.hu}pagefind.js`)).status).toBe(200);
      expect((await page(metadata(await entry('hu')))).status).toBe(200);
      expect((await page(metadata(entriesBefore.hu))).status).toBe(404);
      // One reload for the edit: the index came without one.
      expect(events.events.filter((e) => e.event === 'reload')).toHaveLength(1);
    } finally {
      events.stop();
    }
  });

  it('holds the search index from a change seen until its rebuild, and lets it go when a save needs no rebuild', { timeout: 180_000 }, async () => {
    const { root, url, bundles, watching } = await watchedWithIndexes();
    const enEntry = async () => (await page(`${url}${(await bundles()).en}pagefind-entry.json`)).text;
    const before = await enEntry();
    const next = watching.nextBuild();
    await edit(root, 'content/en/about-us.md', (text) => `${text}\nWe also repair quartz clocks.\n`);
    expect((await next).ok).toBe(true);
    // A save of the same text right after: the watcher reports it, no rebuild follows (the
    // file is as the last build read it), and the index of the edit is still made.
    const same = path.join(root, 'content/en/contact.md');
    writeFileSync(same, readFileSync(same, 'utf8'));
    await expect.poll(enEntry, { timeout: 30_000 }).not.toBe(before);
  });

  it('shows each kind of edit in the served page and tells open pages to reload', { timeout: 180_000 }, async () => {
    const root = await siteWithOwnCode();
    watcher = await watch({ root, port: 0, ...quiet });
    const events = await listen(watcher.url);
    try {
      // Markdown
      let next = watcher.nextBuild();
      await edit(root, 'content/en/about-us.md', (text) => text.replace(/^title: .*$/m, 'title: "About Kestrelbyte, edited"'));
      expect((await next).ok).toBe(true);
      expect((await page(`${watcher.url}/about-us`)).text).toContain('About Kestrelbyte, edited');
      await expect.poll(() => events.events.filter((e) => e.event === 'reload').length).toBe(1);

      // A locale file: every page (the messages are part of what every page reads)
      next = watcher.nextBuild();
      await edit(root, 'locales/hu.json', (text) => text.replace(/"readMore": "[^"]*"/, '"readMore": "Tovább a cikkhez"'));
      expect((await next).rendered).toBe(228);
      expect((await page(`${watcher.url}/hu/blog`)).text).toContain('Tovább a cikkhez');

      // A template
      next = watcher.nextBuild();
      await edit(root, 'src/templates/pages/CareerPage.tsx', (text) => text.replace('className="positions"', 'className="positions positions--edited"'));
      await next;
      expect((await page(`${watcher.url}/de/karriere`)).text).toContain('positions positions--edited');

      // A widget: the browser bundle is rebuilt
      const before = /data-island="LocaleSwitcher" data-src="([^"]+)"/.exec((await page(`${watcher.url}/career`)).text)![1];
      next = watcher.nextBuild();
      await edit(root, 'src/widgets/islands/LocaleSwitcher.tsx', (text) => text.replace('className="language-menu"', 'className="language-menu language-menu--edited"'));
      await next;
      const served = (await page(`${watcher.url}/career`)).text;
      expect(served).toContain('language-menu language-menu--edited');
      expect(/data-island="LocaleSwitcher" data-src="([^"]+)"/.exec(served)![1]).not.toBe(before);

      // The route table: a renamed path is served at once
      await edit(root, 'content/routes.yaml', (text) => text.replace('paths: { en: /career,', 'paths: { en: /jobs,'));
      await expect.poll(async () => (await page(`${watcher!.url}/jobs`)).status, { timeout: 10_000 }).toBe(200);
      expect((await page(`${watcher.url}/career`)).status).toBe(404);

      // A new content file and route, then its deletion
      await writeFile(path.join(root, 'content/en/faq.md'), '---\ntitle: FAQ\ndescription: Questions people ask us about working together, answered.\n---\n\nAnswers.\n');
      await writeFile(path.join(root, 'content/hu/faq.md'), '---\ntitle: GYIK\ndescription: Gyakori kérdések a közös munkáról, válaszokkal együtt, röviden.\n---\n\nVálaszok.\n');
      await writeFile(path.join(root, 'content/de/faq.md'), '---\ntitle: FAQ\ndescription: Häufige Fragen zur Zusammenarbeit mit uns, kurz beantwortet.\n---\n\nAntworten.\n');
      await edit(root, 'content/routes.yaml', (text) => `${text}\n  - id: faq\n    template: about\n    content: faq\n    paths: { en: /faq, hu: /gyik, de: /faq }\n`);
      await expect.poll(async () => (await page(`${watcher!.url}/hu/gyik`)).text, { timeout: 10_000 }).toContain('GYIK');
      expect(events.events.filter((e) => e.event === 'reload').length).toBeGreaterThanOrEqual(6);
    } finally {
      events.stop();
    }
  });

  it('serves the page open in a browser once it is rendered after a template edit; a newer edit stops the rest of that build', { timeout: 180_000 }, async () => {
    const root = await siteWithOwnCode();
    const logs: string[] = [];
    watcher = await watch({ root, port: 0, log: (line) => logs.push(line), error: () => {} });
    const url = watcher.url;
    const inView = await listen(url, '/career');
    const elsewhere = await listen(url);
    const reloads = (events: Awaited<ReturnType<typeof listen>>) => events.events.filter((e) => e.event === 'reload').length;
    const footer = '<footer className="site-footer"';
    try {
      const next = watcher.nextBuild();
      await edit(root, 'src/templates/layout/Footer.tsx', (text) => text.replace(footer, `${footer} data-edit="1"`));
      // The page in view reloads with the edit while the other 227 pages render.
      await expect.poll(() => reloads(inView), { timeout: 20_000, interval: 5 }).toBe(1);
      expect((await page(`${url}/career`)).text).toContain('data-edit="1"');
      expect(reloads(elsewhere)).toBe(0);
      await edit(root, 'src/templates/layout/Footer.tsx', (text) => text.replace('data-edit="1"', 'data-edit="2"'));
      expect((await next).ok).toBe(true);
      expect(logs.some((line) => /1 change, the pages in view served in \d+ ms; a newer edit builds the rest/.test(line))).toBe(true);
      // The next build made every page, with both edits' changes.
      expect(logs.at(-1)).toMatch(/228 of 228 pages rendered/);
      for (const path of ['/career', '/de/karriere', '/hu/blog']) expect((await page(`${url}${path}`)).text).toContain('data-edit="2"');
      // The page in view reloaded for each preview, not again once its build ended as the preview showed it;
      // a page not in view reloaded once, at the end.
      expect(reloads(inView)).toBe(2);
      await expect.poll(() => reloads(elsewhere)).toBe(1);
    } finally {
      inView.stop();
      elsewhere.stop();
    }
  });

  it('keeps serving the last good build on a bad edit, shows the error, and recovers', async () => {
    const root = await copySite();
    const errors: string[] = [];
    watcher = await watch({ root, port: 0, log: () => {}, error: (text) => errors.push(text) });
    const events = await listen(watcher.url);
    try {
      let next = watcher.nextBuild();
      const broken = await edit(root, 'content/de/contact.md', (text) => text.replace(/^title: (.*)$/m, 'title: [unclosed'));
      expect((await next).ok).toBe(false);
      const line = lineOf(broken, 'title: [unclosed');
      expect(errors.at(-1)).toMatch(new RegExp(`content/de/contact\\.md:${line}:\\d+: error: `));
      await expect.poll(() => events.events.find((e) => e.event === 'problems')?.data ?? '').toMatch(new RegExp(`contact\\.md:${line}:`));
      const old = await page(`${watcher.url}/de/kontakt`);
      expect(old.status).toBe(200);
      expect(old.text).toContain('<h1>');
      // A page opened now gets the problems too.
      const late = await listen(watcher.url);
      await expect.poll(() => late.events.some((e) => e.event === 'problems')).toBe(true);
      late.stop();

      // A late event of the bad save can still rebuild the bad text first (seen under load):
      // wait for a build that succeeds.
      next = watcher.nextBuild();
      await edit(root, 'content/de/contact.md', (text) => text.replace('title: [unclosed', 'title: "Kontakt aufnehmen"'));
      let rebuilt = await next;
      for (let builds = 1; !rebuilt.ok && builds < 3; builds++) rebuilt = await watcher.nextBuild();
      expect(rebuilt.ok).toBe(true);
      await expect.poll(() => events.events.at(-1)?.event).toBe('reload');
      expect((await page(`${watcher.url}/de/kontakt`)).text).toContain('Kontakt aufnehmen');
    } finally {
      events.stop();
    }
  });

  it('coalesces a burst of saves into one rebuild, and skips a save that changes nothing', async () => {
    const root = await copySite();
    const builds: string[] = [];
    watcher = await watch({ root, port: 0, log: (line) => builds.push(line), error: () => {} });
    builds.length = 0;
    const file = path.join(root, 'content/en/offer.md');
    const next = watcher.nextBuild();
    // Five saves in one burst, as a formatter or "save all" writes them: the watcher reports
    // some of them, late and more than once; the first rebuild reads the last save.
    for (let i = 0; i < 5; i++) appendFileSync(file, `\nSave ${i}.\n`);
    await next;
    expect((await page(`${watcher.url}/offer`)).text).toContain('Save 4.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(builds).toHaveLength(1);
    // The same text saved again: nothing to rebuild.
    writeFileSync(file, readFileSync(file, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(builds).toHaveLength(1);
  });

  it('serves the last of saves that keep landing while rebuilds run, one rebuild per save at most', async () => {
    const root = await copySite();
    const builds: string[] = [];
    watcher = await watch({ root, port: 0, log: (line) => builds.push(line), error: () => {} });
    builds.length = 0;
    for (let i = 0; i < 5; i++) await edit(root, 'content/en/offer.md', (text) => `${text}\nSave ${i}.\n`);
    await expect.poll(async () => (await page(`${watcher!.url}/offer`)).text).toContain('Save 4.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(builds.length).toBeGreaterThanOrEqual(1);
    expect(builds.length).toBeLessThanOrEqual(5);
  });
});
