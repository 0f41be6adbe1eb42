// Lighthouse (mobile, performance) on the real site with search on and with it off, runs
// alternating between the two builds so that both see the same load: does the search box in
// the header change the first paint, the largest paint or the layout shift? Prints each run
// (LCP, FCP, TBT, CLS, the document's transferred bytes) and the medians per page and variant.
// `node bench/lighthouse-search.mjs`; PAIRS=6 (default 3), PAGES=/,/clickup-as-erp, REPORTS=dir
// to keep the reports. A benchmark, never a test: docs/performance.md, "The first round trip".
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { importTs, repo } from '../scripts/import-ts.mjs';
import { setSearch } from './generate-site.mjs';

const { serveDist } = await importTs('test/helpers/static-server.ts');
const PAIRS = Number(process.env.PAIRS ?? 3);
const PAGES = (process.env.PAGES ?? '/,/clickup-as-erp').split(',');
const work = mkdtempSync(path.join(tmpdir(), 'sitegen-lighthouse-search-'));
const sites = {};
for (const variant of ['on', 'off']) {
  const dist = path.join(work, variant, 'dist');
  const server = await serveDist(dist, { compress: true });
  const root = path.join(work, variant, 'site');
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(root, part), { recursive: true });
  setSearch(root, variant === 'on');
  const settings = path.join(root, 'content/site.yaml');
  writeFileSync(settings, readFileSync(settings, 'utf8').replace(/^url: .*$/m, `url: ${server.url}`));
  execFileSync(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'build', '--root', root, '--out', dist, '--no-cache'], { stdio: 'ignore', env: { ...process.env, SOURCE_DATE_EPOCH: '1764000000' } });
  sites[variant] = server;
}
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const results = [];
for (let pair = 0; pair < PAIRS; pair++) {
  for (const page of PAGES) {
    for (const variant of pair % 2 ? ['off', 'on'] : ['on', 'off']) {
      let lhr;
      for (let tries = 0; tries < 3; tries++) {
        ({ lhr } = await lighthouse(sites[variant].url + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }));
        if (!lhr.runtimeError) break;
      }
      const doc = lhr.audits['network-requests'].details.items.find((item) => item.resourceType === 'Document');
      const a = lhr.audits;
      const row = { pair, page, variant, lcp: Math.round(a['largest-contentful-paint'].numericValue), fcp: Math.round(a['first-contentful-paint'].numericValue), tbt: Math.round(a['total-blocking-time'].numericValue), cls: a['cumulative-layout-shift'].numericValue, doc: doc?.transferSize, total: a['total-byte-weight'].numericValue };
      results.push(row);
      console.log(JSON.stringify(row));
      if (process.env.REPORTS) { mkdirSync(process.env.REPORTS, { recursive: true }); writeFileSync(path.join(process.env.REPORTS, `${pair}-${page.replace(/\//g, '_')}-${variant}.json`), JSON.stringify(lhr)); }
    }
  }
}
await chrome.kill();
for (const server of Object.values(sites)) await server.close();
rmSync(work, { recursive: true, force: true });
const med = (v) => { v = [...v].sort((x, y) => x - y); return v[Math.floor(v.length / 2)]; };
for (const page of PAGES) for (const variant of ['on', 'off']) {
  const rows = results.filter((r) => r.page === page && r.variant === variant);
  console.log(page, variant, 'LCP', med(rows.map((r) => r.lcp)), 'FCP', med(rows.map((r) => r.fcp)), 'TBT', med(rows.map((r) => r.tbt)), 'doc', rows[0].doc);
}
