// Lighthouse (mobile) on two or more variants of the site, runs alternating between them so that
// every variant sees the same load on this shared machine: which change moves the first or the
// largest paint, the blocking time? A variant is a checkout of the repository (its own src/,
// public/, content/ and lib/; node_modules may be a link), built with its own CLI.
// Prints each run (LCP and its element, FCP, TBT, the benchmark index) and the medians per page
// and variant. A benchmark, never a test: docs/performance.md, "Visitors: mobile LCP".
//
//   VARIANTS=before=/tmp/a,after=. node bench/lighthouse-compare.mjs
//   ROUNDS=5 (default 3)  PAGES=/,/clickup-as-erp (default)  CATEGORIES=performance (default)
//   REPORTS=/tmp/lh-compare  keep every run's JSON report there
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { importTs } from '../scripts/import-ts.mjs';

const { serveDist } = await importTs('test/helpers/static-server.ts');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PAGES = (process.env.PAGES ?? '/,/clickup-as-erp').split(',');
const CATEGORIES = (process.env.CATEGORIES ?? 'performance').split(',');
const variants = (process.env.VARIANTS ?? '').split(',').filter(Boolean).map((entry) => {
  const [name, dir] = entry.split('=');
  return { name, dir: path.resolve(dir) };
});
if (variants.length < 2) throw new Error('VARIANTS=name=dir,name=dir: at least two');

const work = mkdtempSync(path.join(tmpdir(), 'sitegen-lighthouse-compare-'));
const servers = {};
for (const { name, dir } of variants) {
  const dist = path.join(work, name, 'dist');
  const server = await serveDist(dist, { compress: true });
  const root = path.join(work, name, 'site');
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(dir, part), path.join(root, part), { recursive: true });
  const settings = path.join(root, 'content/site.yaml');
  writeFileSync(settings, readFileSync(settings, 'utf8').replace(/^url: .*$/m, `url: ${server.url}`));
  execFileSync(process.execPath, [path.join(dir, 'bin/sitegen.js'), 'build', '--root', root, '--out', dist, '--no-cache'], {
    stdio: 'ignore',
    env: { ...process.env, SOURCE_DATE_EPOCH: '1764000000' },
  });
  servers[name] = server;
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const results = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PAGES) {
      // Each round starts with the next variant, so none is always first.
      const order = variants.map((_, index) => variants[(index + round) % variants.length]);
      for (const { name } of order) {
        let lhr;
        for (let tries = 0; tries < 3; tries++) {
          ({ lhr } = await lighthouse(servers[name].url + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }));
          if (!lhr.runtimeError && lhr.audits['largest-contentful-paint'].numericValue !== undefined) break;
        }
        const a = lhr.audits;
        const element = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '';
        const row = {
          round,
          page,
          variant: name,
          lcp: Math.round(a['largest-contentful-paint'].numericValue),
          fcp: Math.round(a['first-contentful-paint'].numericValue),
          tbt: Math.round(a['total-blocking-time'].numericValue),
          cls: a['cumulative-layout-shift'].numericValue,
          score: Math.round(lhr.categories.performance.score * 100),
          index: Math.round(lhr.environment.benchmarkIndex),
          element: element.split(' > ').pop(),
        };
        results.push(row);
        console.log(JSON.stringify(row));
        if (process.env.REPORTS) {
          mkdirSync(process.env.REPORTS, { recursive: true });
          writeFileSync(path.join(process.env.REPORTS, `${round}-${page.replace(/\//g, '_')}-${name}.json`), JSON.stringify(lhr));
        }
      }
    }
  }
} finally {
  await chrome.kill();
  for (const server of Object.values(servers)) await server.close();
  rmSync(work, { recursive: true, force: true });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log('\npage | variant | LCP ms | FCP ms | TBT ms | score | benchmark index (median of each)');
for (const page of PAGES) {
  for (const { name } of variants) {
    const rows = results.filter((row) => row.page === page && row.variant === name);
    console.log(
      `${page} | ${name} | ${median(rows.map((r) => r.lcp))} | ${median(rows.map((r) => r.fcp))} | ${median(rows.map((r) => r.tbt))} | ${median(rows.map((r) => r.score))} | ${median(rows.map((r) => r.index))}`,
    );
  }
}
