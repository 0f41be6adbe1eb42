// `npm run lighthouse`: Lighthouse (the npm package, Node API) with Debian's Chromium on the
// home page, an article, a service and the contact page, in every locale, on mobile and
// desktop; three runs each, the median run (Lighthouse's own pick) reported. Writes
// bench/lighthouse.md and prints it. A benchmark, not a test.
//
// The site is built with its `url` set to the local server's origin, as production is served
// from its own origin: otherwise every canonical link would point at another domain.
//
//   LIGHTHOUSE_RUNS=1 npm run lighthouse                 fewer runs while iterating
//   LIGHTHOUSE_ONLY=home,contact npm run lighthouse      some pages (home, article, service, contact)
//   LIGHTHOUSE_LOCALES=hu LIGHTHOUSE_FORMS=mobile ...    some locales, form factors
//   CHROME_PATH=/usr/bin/chromium                        the browser (default: Debian's Chromium)
//   LIGHTHOUSE_REPORTS=/tmp/lh                           also write each median run's JSON report there
//   LIGHTHOUSE_FROM=/tmp/lh                              only write the table again from such reports
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { importTs, repo } from '../scripts/import-ts.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = { home: 'home', article: 'article-clickup-as-erp', service: 'service-it-outsourcing', contact: 'contact' };
const pick = (variable, all) => (process.env[variable] ? process.env[variable].split(',') : all);
const pages = pick('LIGHTHOUSE_ONLY', Object.keys(PAGES));
const locales = pick('LIGHTHOUSE_LOCALES', ['en', 'hu', 'de']);
const forms = pick('LIGHTHOUSE_FORMS', ['mobile', 'desktop']);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (process.env.LIGHTHOUSE_FROM) {
  const rows = [];
  for (const name of pages) {
    for (const locale of locales) {
      for (const form of forms) {
        const lhr = JSON.parse(readFileSync(path.join(process.env.LIGHTHOUSE_FROM, `${name}-${locale}-${form}.json`), 'utf8'));
        rows.push(rowOf(lhr, name, locale, form, new URL(lhr.finalDisplayedUrl).pathname));
      }
    }
  }
  report(rows);
  process.exit(0);
}

const work = mkdtempSync(path.join(tmpdir(), 'sitegen-lighthouse-'));
const { serveDist } = await importTs('test/helpers/static-server.ts');
const dist = path.join(work, 'dist');
const server = await serveDist(dist, { compress: true });
let chrome;
try {
  // A copy of the site whose URL is the server's origin.
  const root = path.join(work, 'site');
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(root, part), { recursive: true });
  const settings = path.join(root, 'content/site.yaml');
  writeFileSync(settings, readFileSync(settings, 'utf8').replace(/^url: .*$/m, `url: ${server.url}`));
  execFileSync(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'build', '--root', root, '--out', dist], {
    stdio: 'inherit',
    env: { ...process.env, SOURCE_DATE_EPOCH: execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: repo, encoding: 'utf8' }).trim() },
  });
  const latest = JSON.parse(readFileSync(path.join(dist, '_sitegen/builds/latest.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(path.join(dist, `_sitegen/builds/meta/${latest.release}.json`), 'utf8'));
  const urlOf = (routeId, locale) => Object.values(manifest.routes).find((route) => route.route === routeId).alternates[locale];

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const rows = [];
  const repeated = [];
  for (const name of pages) {
    for (const locale of locales) {
      for (const form of forms) {
        const url = server.url + urlOf(PAGES[name], locale);
        const runs = [];
        // A run that Lighthouse itself reports as failed (no paint seen, a protocol timeout) is
        // repeated, at most three times per row, and listed under the table.
        for (let run = 0, failures = 0; run < RUNS; ) {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
            form === 'desktop' ? desktopConfig : undefined,
          );
          const { lhr } = result;
          const problem = lhr.runtimeError?.code ?? (lhr.audits['first-contentful-paint']?.numericValue === undefined ? 'no FCP value' : undefined);
          if (problem && failures < 3) {
            failures++;
            repeated.push(`${name} ${locale} ${form}: ${problem}${lhr.runtimeError?.message ? ` (${lhr.runtimeError.message})` : ''}`);
            console.log(`${name} ${locale} ${form}: run failed (${problem}), repeating it`);
            continue;
          }
          runs.push(lhr);
          run++;
        }
        const lhr = computeMedianRun(runs);
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}-${locale}-${form}.json`), JSON.stringify(lhr));
        }
        const row = rowOf(lhr, name, locale, form, urlOf(PAGES[name], locale));
        rows.push(row);
        console.log(`${name} ${locale} ${form}: ${row.scores.join(' / ')}, LCP ${row.lcp.toFixed(0)} ms${row.failed.length ? `, below 1: ${row.failed.join(', ')}` : ''}`);
      }
    }
  }
  report(rows, repeated);
} finally {
  await chrome?.kill();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

/** A row of the table from a median run's report. */
function rowOf(lhr, name, locale, form, url) {
  return {
    page: name,
    locale,
    form,
    url,
    scores: CATEGORIES.map((category) => Math.round((lhr.categories[category].score ?? 0) * 100)),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's measure of this machine's speed at the time: lower means slower (a busy machine).
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed: CATEGORIES.flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    ),
  };
}

/** Prints the table, and writes it to bench/lighthouse.md when every row was measured. */
function report(rows, repeated = []) {
  const text = table(rows, repeated);
  if (!process.env.LIGHTHOUSE_ONLY && !process.env.LIGHTHOUSE_LOCALES && !process.env.LIGHTHOUSE_FORMS) {
    writeFileSync(path.join(repo, 'bench/lighthouse.md'), text);
  }
  console.log(`\n${text}`);
}

function table(rows, repeated) {
  const chromeVersion = execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const lcpMobile = rows.filter((row) => row.form === 'mobile').map((row) => row.lcp);
  const perfect = rows.filter((row) => row.scores.every((score) => score === 100)).length;
  return [
    '# Lighthouse',
    '',
    `\`npm run lighthouse\`: Lighthouse ${lighthouseVersion()} with ${chromeVersion}, Node ${process.version}, ${RUNS} runs per row, the median run`,
    `(Lighthouse's \`computeMedianRun\`). Mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown); desktop its desktop preset.`,
    'Served from 127.0.0.1 by the test static server (production path mapping, immutable assets, gzip as a CDN sends it); first visits, so the consent banner shows.',
    '',
    `${perfect} of ${rows.length} rows score 100 in all four categories. Simulated mobile LCP: ${Math.min(...lcpMobile).toFixed(0)}-${Math.max(...lcpMobile).toFixed(0)} ms (target below 800 ms),`,
    `median ${median(lcpMobile).toFixed(0)} ms. Benchmark index during the runs: ${Math.min(...rows.map((row) => row.benchmarkIndex)).toFixed(0)}-${Math.max(...rows.map((row) => row.benchmarkIndex)).toFixed(0)}.`,
    '',
    'The last column is Lighthouse\'s benchmark index of the machine during the run (higher is faster); simulated times are the',
    'observed CPU work times 4 (mobile), so a busy machine (a low index) lengthens them.',
    '',
    '| page | locale | form factor | performance | accessibility | best practices | SEO | LCP ms | FCP ms | TBT ms | CLS | benchmark index |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.page} (\`${row.url}\`) | ${row.locale} | ${row.form} | ${row.scores.join(' | ')} | ${row.lcp.toFixed(0)} | ${row.fcp.toFixed(0)} | ${row.tbt.toFixed(0)} | ${row.cls.toFixed(3)} | ${row.benchmarkIndex.toFixed(0)} |`,
    ),
    '',
    ...(rows.some((row) => row.failed.length > 0)
      ? ['Audits below 1 in the median runs:', '', ...rows.filter((row) => row.failed.length > 0).map((row) => `- ${row.page} ${row.locale} ${row.form}: ${row.failed.join(', ')}`), '']
      : []),
    ...(repeated.length > 0 ? ['Runs Lighthouse reported as failed, repeated:', '', ...repeated.map((line) => `- ${line}`), ''] : []),
  ].join('\n');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(path.join(repo, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}
