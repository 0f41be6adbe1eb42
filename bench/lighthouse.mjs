// `npm run lighthouse`: Lighthouse (the npm package, Node API) with Debian's Chromium on the
// home page, an article, the contact page, the career page and a service, in every locale, on
// mobile and desktop; five runs each, the median run (Lighthouse's own pick) and the worst run
// (the largest LCP, the lowest score of each category) reported. Writes bench/lighthouse.md and
// prints it. A benchmark, not a test.
//
// The site is built with its `url` set to the local server's origin, as production is served
// from its own origin: otherwise every canonical link would point at another domain.
//
//   LIGHTHOUSE_RUNS=1 npm run lighthouse                 fewer runs while iterating
//   LIGHTHOUSE_ONLY=home,contact npm run lighthouse      some pages (home, article, contact, career, service)
//   LIGHTHOUSE_LOCALES=hu LIGHTHOUSE_FORMS=mobile ...    some locales, form factors
//   CHROME_PATH=/usr/bin/chromium                        the browser (default: Debian's Chromium)
//   LIGHTHOUSE_REPORTS=/tmp/lh                           also write each run's JSON report there
//                                                        (<page>-<locale>-<form>-<run>.json; -median.json the median run)
//   LIGHTHOUSE_FROM=/tmp/lh                              only write the table again from such reports
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { importTs, repo } from '../scripts/import-ts.mjs';
import { FIRST_ROUND_TRIP } from './first-round-trip.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGES = { home: 'home', article: 'article-clickup-as-erp', contact: 'contact', career: 'career', service: 'service-it-outsourcing' };
const pick = (variable, all) => (process.env[variable] ? process.env[variable].split(',') : all);
const pages = pick('LIGHTHOUSE_ONLY', Object.keys(PAGES));
const locales = pick('LIGHTHOUSE_LOCALES', ['en', 'hu', 'de']);
const forms = pick('LIGHTHOUSE_FORMS', ['mobile', 'desktop']);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Issue 37's target for the simulated mobile LCP. */
const LCP_TARGET_MS = 800;

if (process.env.LIGHTHOUSE_FROM) {
  const rows = [];
  for (const name of pages) {
    for (const locale of locales) {
      for (const form of forms) {
        const runs = [];
        for (let run = 1; existsSync(path.join(process.env.LIGHTHOUSE_FROM, `${name}-${locale}-${form}-${run}.json`)); run++) {
          runs.push(JSON.parse(readFileSync(path.join(process.env.LIGHTHOUSE_FROM, `${name}-${locale}-${form}-${run}.json`), 'utf8')));
        }
        rows.push(rowOf(runs, name, locale, form, new URL(runs[0].finalDisplayedUrl).pathname));
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
          if (process.env.LIGHTHOUSE_REPORTS) {
            mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
            writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}-${locale}-${form}-${run}.json`), JSON.stringify(lhr));
          }
        }
        if (process.env.LIGHTHOUSE_REPORTS) {
          writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}-${locale}-${form}-median.json`), JSON.stringify(computeMedianRun(runs)));
        }
        const row = rowOf(runs, name, locale, form, urlOf(PAGES[name], locale));
        rows.push(row);
        console.log(
          `${name} ${locale} ${form}: median ${row.median.scores.join(' / ')}, LCP ${row.median.lcp.toFixed(0)} ms; worst ${row.worst.scores.join(' / ')}, LCP ${row.worst.lcp.toFixed(0)} ms` +
            (row.failed.length ? `; below 1: ${row.failed.join(', ')}` : ''),
        );
      }
    }
  }
  report(rows, repeated);
} finally {
  await chrome?.kill();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

/** A row of the table from a page's runs: the median run (Lighthouse's pick) and the worst of them. */
function rowOf(runs, name, locale, form, url) {
  const median = measuresOf(computeMedianRun(runs));
  const all = runs.map(measuresOf);
  const worst = {
    // Each category's lowest score over the runs, and the run with the largest LCP for the times.
    scores: CATEGORIES.map((_, index) => Math.min(...all.map((run) => run.scores[index]))),
    ...(({ scores, failed, ...times }) => times)(all.reduce((a, b) => (b.lcp > a.lcp ? b : a))),
  };
  // An audit below 1 in any run, with how many of the runs.
  const counts = new Map();
  for (const run of all) for (const audit of run.failed) counts.set(audit, (counts.get(audit) ?? 0) + 1);
  return {
    page: name,
    locale,
    form,
    url,
    runs: runs.length,
    median,
    worst,
    failed: [...counts].map(([audit, count]) => `${audit} in ${count} of ${runs.length}`),
  };
}

function measuresOf(lhr) {
  return {
    scores: CATEGORIES.map((category) => Math.round((lhr.categories[category].score ?? 0) * 100)),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's measure of this machine's speed at the time: lower means slower (a busy machine).
    benchmarkIndex: lhr.environment.benchmarkIndex,
    // What a largest paint over its target waits for: which element it is, and whether the document
    // came in the first round trip (docs/performance.md, "Visitors: mobile LCP").
    lcpElement: lcpElementOf(lhr),
    documentBytes: lhr.audits['network-requests']?.details?.items?.find((request) => request.resourceType === 'Document')?.transferSize,
    failed: CATEGORIES.flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => lhr.audits[ref.id].id),
    ),
  };
}

/** Prints the table, and writes it to bench/lighthouse.md when every page and locale was measured. */
function report(rows, repeated = []) {
  const text = table(rows, repeated);
  // Every page and locale; LIGHTHOUSE_FORMS=mobile (a shorter full run) writes the mobile rows alone.
  if (!process.env.LIGHTHOUSE_ONLY && !process.env.LIGHTHOUSE_LOCALES) {
    writeFileSync(path.join(repo, 'bench/lighthouse.md'), text);
  }
  console.log(`\n${text}`);
}

function table(rows, repeated) {
  const chromeVersion = execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const mobile = rows.filter((row) => row.form === 'mobile');
  const perfect = (kind) => rows.filter((row) => row[kind].scores.every((score) => score === 100)).length;
  const indices = rows.flatMap((row) => [row.median.benchmarkIndex, row.worst.benchmarkIndex]);
  const runs = [...new Set(rows.map((row) => row.runs))].join(', ');
  const cells = (m) => `${m.scores.join(' | ')} | ${m.lcp.toFixed(0)} | ${m.fcp.toFixed(0)} | ${m.tbt.toFixed(0)} | ${m.cls.toFixed(3)} | ${m.benchmarkIndex.toFixed(0)}`;
  return [
    '# Lighthouse',
    '',
    `\`npm run lighthouse\`: Lighthouse ${lighthouseVersion()} with ${chromeVersion}, Node ${process.version}, ${runs} runs per row: the median run`,
    `(Lighthouse's \`computeMedianRun\`) and the worst run (each category's lowest score over the runs; the times of the run with the largest LCP).`,
    `Mobile is Lighthouse's default (simulated slow 4G, 4x CPU slowdown); desktop its desktop preset.`,
    'Served from 127.0.0.1 by the test static server (production path mapping, immutable assets, gzip as a CDN sends it); first visits, so the consent banner shows.',
    '',
    `${perfect('median')} of ${rows.length} rows score 100 in all four categories in the median run, ${perfect('worst')} of ${rows.length} in every run.`,
    ...(mobile.length > 0
      ? [
          `Simulated mobile LCP over the ${mobile.length} mobile rows (target at most ${LCP_TARGET_MS} ms): median runs ${Math.min(...mobile.map((row) => row.median.lcp)).toFixed(0)}-${Math.max(...mobile.map((row) => row.median.lcp)).toFixed(0)} ms, median of them ${median(mobile.map((row) => row.median.lcp)).toFixed(0)} ms;`,
          `worst runs ${Math.min(...mobile.map((row) => row.worst.lcp)).toFixed(0)}-${Math.max(...mobile.map((row) => row.worst.lcp)).toFixed(0)} ms. Benchmark index during the runs: ${Math.min(...indices).toFixed(0)}-${Math.max(...indices).toFixed(0)}.`,
        ]
      : []),
    '',
    'The benchmark index is Lighthouse\'s measure of the machine during the run (higher is faster); simulated times are the',
    'observed CPU work times 4 (mobile), so a busy machine (a low index) lengthens them.',
    '',
    '| page | locale | form factor | run | performance | accessibility | best practices | SEO | LCP ms | FCP ms | TBT ms | CLS | benchmark index |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.flatMap((row) => [
      `| ${row.page} (\`${row.url}\`) | ${row.locale} | ${row.form} | median | ${cells(row.median)} |`,
      `| | | | worst | ${cells(row.worst)} |`,
    ]),
    '',
    ...overTarget(mobile),
    ...(rows.some((row) => row.failed.length > 0)
      ? ['Audits below 1 in any run:', '', ...rows.filter((row) => row.failed.length > 0).map((row) => `- ${row.page} ${row.locale} ${row.form}: ${row.failed.join(', ')}`), '']
      : []),
    ...(repeated.length > 0 ? ['Runs Lighthouse reported as failed, repeated:', '', ...repeated.map((line) => `- ${line}`), ''] : []),
  ].join('\n');
}

/** The largest paint's element, as the last step of its selector (`img.page-header__cover`). */
function lcpElementOf(lhr) {
  const node = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node?.selector?.split(' > ').at(-1);
}

/** The mobile rows over the LCP target in their median run, each with its element and its document's size. */
function overTarget(mobile) {
  const over = mobile.filter((row) => row.median.lcp > LCP_TARGET_MS);
  if (over.length === 0) return [];
  const document = (bytes) =>
    bytes === undefined ? 'its document\'s size unknown' : `its document ${(bytes / 1000).toFixed(1)} KB with its headers, ${bytes <= FIRST_ROUND_TRIP ? 'in' : 'past'} the first round trip (${FIRST_ROUND_TRIP / 1000} KB)`;
  return [
    `Mobile rows over ${LCP_TARGET_MS} ms in their median run, what their largest paint is and what it waits for:`,
    '',
    ...over.map((row) => `- ${row.page} (\`${row.url}\`): ${row.median.lcp.toFixed(0)} ms, the largest paint \`${row.median.lcpElement ?? 'unknown'}\`, ${document(row.median.documentBytes)}`),
    '',
  ];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(path.join(repo, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}
