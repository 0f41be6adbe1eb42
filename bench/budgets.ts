/**
 * Page-weight budgets, measured in Chromium against the real site served on 127.0.0.1.
 * Run by `npm run bench` (bench/run.mjs bundles this file with esbuild first).
 * - first visit to the home page: everything transferred, compressed as a CDN serves it;
 * - repeat visit to an article with consent given: JavaScript run before any interaction;
 * - the loader's size; layout shift while the banner appears and islands hydrate.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { CHROMIUM, consentCookies, launchBrowser, newContext } from '../test/helpers/browser';
import { serveDist } from '../test/helpers/static-server';
import { FIRST_ROUND_TRIP } from './first-round-trip.mjs';

const KB = 1024;
const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

interface Transfer {
  path: string;
  type: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Every response from the site while `visit` runs, with its compressed sizes. */
async function record(page: Page, visit: () => Promise<void>): Promise<Transfer[]> {
  const transfers: Promise<Transfer | undefined>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.hostname !== '127.0.0.1') return;
    transfers.push(
      response.body().then(
        (body) => ({ path: url.pathname, type: response.request().resourceType(), raw: body.length, gzip: gzip(body), brotli: brotli(body) }),
        () => undefined,
      ),
    );
  });
  await visit();
  return (await Promise.all(transfers)).filter((t): t is Transfer => t !== undefined);
}

const sum = (transfers: Transfer[], key: 'raw' | 'gzip' | 'brotli') => transfers.reduce((total, t) => total + t[key], 0);

async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/**
 * The bytes of a page's response as a CDN sends it gzipped (zlib's default level): status line,
 * headers and body, to hold against the first round trip (`FIRST_ROUND_TRIP`).
 */
async function firstResponseBytes(url: string): Promise<number> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  let headers = 'HTTP/1.1 200 OK\r\n\r\ncontent-encoding: gzip\r\n'.length;
  for (const [name, value] of response.headers) headers += `${name}: ${value}\r\n`.length;
  return headers + gzipSync(body).length;
}

/** The URL of every page of a built site with an article body (`<article class="article-body">`), from its route manifest. */
function articlePages(out: string): string[] {
  const meta = path.join(out, '_sitegen/builds/meta');
  const manifest = JSON.parse(readFileSync(path.join(meta, readdirSync(meta).find((name) => name.endsWith('.json'))!), 'utf8')) as { routes: Record<string, unknown> };
  return Object.keys(manifest.routes).filter((url) => {
    const file = path.join(out, url, 'index.html');
    return existsSync(file) && readFileSync(file, 'utf8').includes('<article class="article-body"');
  });
}

export async function measureBudgets(repo: string): Promise<string[]> {
  if (!existsSync(CHROMIUM)) return [`(skipped: no Chromium at ${CHROMIUM}; apt-get install chromium)`];
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegen-budgets-'));
  const out = path.join(dir, 'dist');
  execFileSync(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'build', '--out', out], { cwd: repo, stdio: 'ignore' });
  const server = await serveDist(out);
  const browser = await launchBrowser();
  const lines: string[] = [];
  try {
    // 1. First visit to the home page: no cookies, the banner appears, deployment checks run.
    const first = await newContext(browser);
    const firstPage = await first.newPage();
    const home = await record(firstPage, async () => {
      await firstPage.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await firstPage.waitForSelector('[data-consent-banner]:not([hidden])');
      await firstPage.waitForTimeout(2500);
    });
    const homeShift = await layoutShift(firstPage);
    await first.close();

    // 2. Repeat visit to an article, consent already given: JavaScript before any interaction.
    const repeat = await newContext(browser);
    await repeat.addCookies([
      ...consentCookies(server.url),
      { name: 'i18n_redirected', value: 'en', url: server.url },
    ]);
    const repeatPage = await repeat.newPage();
    await repeatPage.goto(`${server.url}/clickup-as-erp`, { waitUntil: 'networkidle' });
    const article = await record(repeatPage, async () => {
      await repeatPage.reload({ waitUntil: 'networkidle' });
      await repeatPage.waitForTimeout(2500);
    });
    const articleScripts = article.filter((t) => t.type === 'script');
    const repeatShift = await layoutShift(repeatPage);

    // 3. Hydration on interaction: the language switcher, the contact form, the consent settings.
    await repeatPage.goto(`${server.url}/contact`, { waitUntil: 'networkidle' });
    await repeatPage.hover('.language-menu summary');
    await repeatPage.locator('#form').scrollIntoViewIfNeeded();
    await repeatPage.hover('#form [name="name"]');
    await repeatPage.waitForFunction(() => document.querySelectorAll('sitegen-island[data-hydrated]').length >= 2);
    const hydrationShift = await layoutShift(repeatPage);
    await repeat.close();

    const homes = await Promise.all(['/', '/hu', '/de'].map((page) => firstResponseBytes(server.url + page)));
    // The article of the Lighthouse table in each locale, and how many of the site's articles (the
    // pages with an article body, their `/en/` copies too) fit the first round trip.
    const articles = await Promise.all(['/clickup-as-erp', '/hu/clickup-vallalat-iranyitasi-rendszer', '/de/clickup-als-ERP'].map((page) => firstResponseBytes(server.url + page)));
    const articleResponse = articles[0]!;
    const everyArticle = await Promise.all(articlePages(out).map((page) => firstResponseBytes(server.url + page)));
    // The career page and a position's page (its details, apply form and JobPosting).
    const careers = await Promise.all(
      ['/career', '/hu/karrier', '/de/karriere', '/career/senior-react-developer', '/hu/karrier/senior-react-fejleszto', '/de/karriere/senior-react-entwickler'].map((page) =>
        firstResponseBytes(server.url + page),
      ),
    );

    const assets = path.join(out, '_sitegen/assets');
    const loader = readFileSync(path.join(assets, readdirSync(assets).find((f) => f.startsWith('loader-'))!));
    // The largest script file (the folders beside them, images and search indexes, are not scripts).
    const react = Math.max(...readdirSync(assets, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => gzip(readFileSync(path.join(assets, entry.name)))));
    const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
    const verdict = (value: number, budget: number) => (value <= budget ? '(met)' : '(missed)');
    const overBy = (value: number, budget: number) => (value <= budget ? '(met)' : `(missed by ${((value - budget) / 1000).toFixed(1)} KB)`);
    lines.push(
      '| budget (Chromium) | measured | target |',
      '|---|---:|---:|',
      `| first visit to /, all transferred (brotli; gzip ${kb(sum(home, 'gzip'))}; ${home.length} responses) | ${kb(sum(home, 'brotli'))} | 80 KB ${verdict(sum(home, 'brotli'), 80 * KB)} |`,
      `| repeat visit to an article, JS before interaction (gzip; ${articleScripts.length} scripts) | ${kb(sum(articleScripts, 'gzip'))} | 5 KB ${verdict(sum(articleScripts, 'gzip'), 5 * KB)} |`,
      `| first response of / · /hu · /de, HTML with its headers (gzip; an article: ${(articleResponse / 1000).toFixed(1)} KB) | ${homes.map((bytes) => (bytes / 1000).toFixed(1)).join(' · ')} KB | 14.6 KB, one round trip ${verdict(Math.max(...homes), FIRST_ROUND_TRIP)} |`,
      `| first response of an article (/clickup-as-erp) and its translations (a page past the first round trip with the stylesheet inlined links it; the cover is written in) | ${articles.map((bytes) => (bytes / 1000).toFixed(1)).join(' · ')} KB; ${everyArticle.filter((bytes) => bytes <= FIRST_ROUND_TRIP).length} of the site's ${everyArticle.length} article pages fit | 14.6 KB, one round trip ${overBy(Math.max(...articles), FIRST_ROUND_TRIP)} |`,
      `| first response of /career · /hu/karrier · /de/karriere, then of a position's page in each | ${careers.map((bytes) => (bytes / 1000).toFixed(1)).join(' · ')} KB | 14.6 KB, one round trip ${verdict(Math.max(...careers), FIRST_ROUND_TRIP)} |`,
      `| loader (gzip) | ${kb(gzip(loader))} | 2 KB ${verdict(gzip(loader), 2 * KB)} |`,
      `| layout shift: first visit with banner / repeat visit / hydration | ${homeShift.toFixed(3)} / ${repeatShift.toFixed(3)} / ${hydrationShift.toFixed(3)} | 0 ${verdict(Math.max(homeShift, repeatShift, hydrationShift), 0)} |`,
      `| largest chunk (React runtime, loaded only when an island hydrates; gzip) | ${kb(react)} | |`,
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
