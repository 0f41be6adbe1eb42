// sitegen benchmarks: run with `npm run bench`. Measures, in one run on this machine, builds of
// the real site (cold, the cache restored, nothing changed, one article edited), `sitegen check`
// of its output and `sitegen --help`, and prints medians against the targets; a build case that
// misses its target says by how much, where its time goes (one more run with --verbose) and what
// of it this Node and machine add (no compile cache, a certificate bundle read at start-up).
// A benchmark, not a test: it never fails on time.
// Then watch latency, page-weight budgets, image budgets, site search, the Markdown parse, reading pages for the policy,
// paginated hubs at 1,000 articles per locale and the scale suite.
// `--only build,watch,budgets,images,search,markdown,policy,hubs,highlight,scale`
// runs some of the parts; other arguments go to the scale suite (`--10k`, `--sizes`, `--runs`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/import-ts.mjs';
import { stepsOf } from './verbose-steps.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/sitegen.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const parts = onlyAt === -1 ? ['build', 'watch', 'budgets', 'images', 'search', 'markdown', 'policy', 'hubs', 'highlight', 'scale'] : args.splice(onlyAt, 2)[1].split(',');

/** Steps a missed case's explanation names: the shorter ones are counted, not listed. */
const STEP_SHOWN_MS = 10;

/** One more run of a build, with --verbose: its wall time and the steps it reports (name, ms). */
function verboseRun(args, before) {
  before?.();
  const start = process.hrtime.bigint();
  const output = execFileSync(bin, [...args, '--verbose'], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  return { wall, steps: stepsOf(output) };
}

function time(args, before, { file = bin, env = process.env } = {}) {
  const samples = [];
  for (let run = 0; run < RUNS; run++) {
    before?.();
    const start = process.hrtime.bigint();
    // As `npx sitegen` runs it: through the shebang, with its Node flags.
    execFileSync(file, args, { cwd: repo, stdio: 'ignore', env });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1] };
}

// The build cases of issue 37, on a copy of the real site (an article is edited in it): fully
// cold; cold with the cache restored and no output (as a CI job restores it); nothing changed;
// one article edited, in English and in Hungarian.
const out = mkdtempSync(path.join(tmpdir(), 'sitegen-bench-'));
if (parts.includes('build')) try {
  const { cpSync, readFileSync, writeFileSync } = await import('node:fs');
  const root = path.join(out, 'site');
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(root, part), { recursive: true });
  const dist = path.join(root, 'dist');
  const cache = path.join(root, '.sitegen-cache');
  const noOutput = () => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(path.join(root, '.dist.sitegen'), { recursive: true, force: true });
  };
  let edits = 0;
  // Saved a few seconds before the build, as an editor would: a source saved in the two seconds
  // before a build is not trusted to be what it read (docs/performance.md, "Nothing changed").
  const editOf = (file) => () => {
    const article = path.join(root, file);
    writeFileSync(article, `${readFileSync(article, 'utf8')}\nEdit ${++edits}: one more sentence.\n`);
    const earlier = new Date(Date.now() - 5_000);
    utimesSync(article, earlier, earlier);
  };
  const edit = editOf('content/en/blog/clickup-as-erp.md');
  // A Hungarian page loads its language's hyphenation patterns (docs/performance.md, "Hyphenation").
  const editHungarian = editOf('content/hu/blog/clickup-as-erp.md');
  const build = ['build', '--root', root, '--out', dist];
  // A build case that misses its target is run once more with --verbose, right after its timed
  // runs (the same state), to say where its time goes.
  const explained = [];
  const buildCase = (what, target, before) => {
    const t = time(build, before);
    if (t.median > target) explained.push({ what, t, target, run: verboseRun(build, before) });
    return t;
  };
  const node = time(['--version']);
  const help = time(['--help']);
  const nodeAlone = time(['-e', '0'], undefined, { file: process.execPath });
  const cold = buildCase('build, cold (new process, no cache, no output)', 2500, () => {
    rmSync(cache, { recursive: true, force: true });
    noOutput();
  });
  const restored = buildCase('build, the cache restored, no output (a CI job)', 1200, noOutput);
  time(build); // the standby copy catches up once: the runs below are the steady state
  const unchanged = buildCase('build, nothing changed', 350);
  const changed = buildCase('build, one article edited', 500, edit);
  const changedHungarian = buildCase('build, one Hungarian article edited', 500, editHungarian);
  const check = time(['check', '--out', dist]);
  const rows = [
    ['sitegen --help', help, 150],
    ['build, cold (new process, no cache, no output)', cold, 2500],
    ['build, the cache restored, no output (a CI job)', restored, 1200],
    ['build, nothing changed', unchanged, 350],
    ['build, one article edited', changed, 500],
    ['build, one Hungarian article edited', changedHungarian, 500],
    ['check of the built site', check, 1000],
    ['sitegen --version (start-up floor)', node, undefined],
  ];
  console.log(`sitegen bench: median of ${RUNS} runs on ${process.platform} ${process.arch}, Node ${process.version}`);
  // The machines are shared: the start-up floor shows how loaded this one is right now.
  console.log(`cold build = ${(cold.median / node.median).toFixed(1)} x the start-up floor of Node + sitegen (${node.median.toFixed(0)} ms)`);
  // Node 20 reads the certificates NODE_EXTRA_CA_CERTS names as it starts (Node 26 when they are
  // first used): on a machine that sets it, each figure carries that, before sitegen runs.
  let certificates = 0;
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
    const bareWithout = time(['-e', '0'], undefined, { file: process.execPath, env: without });
    certificates = nodeAlone.median - bareWithout.median;
    console.log(`Node alone (\`node -e 0\`): ${nodeAlone.median.toFixed(0)} ms with this machine's NODE_EXTRA_CA_CERTS, ${bareWithout.median.toFixed(0)} ms without`);
  }
  console.log('| what | median ms | min | max | target ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [what, t, target] of rows) {
    const verdict = target === undefined ? '' : `${target} ${t.median <= target ? '(met)' : `(missed by ${(t.median - target).toFixed(0)})`}`;
    console.log(`| ${what} | ${t.median.toFixed(0)} | ${t.min.toFixed(0)} | ${t.max.toFixed(0)} | ${verdict} |`);
  }
  if (explained.length > 0) {
    console.log(`\nWhere the time of each missed case goes: one more run with --verbose (steps of ${STEP_SHOWN_MS} ms or more; the rest is Node starting, sitegen loading and exiting; \`node -e 0\` takes ${nodeAlone.median.toFixed(0)} ms here).`);
    for (const { what, t, target, run } of explained) {
      const shown = run.steps.filter(([, ms]) => ms >= STEP_SHOWN_MS).map(([step, ms]) => `${step} ${ms.toFixed(0)}`);
      const inSteps = run.steps.reduce((sum, [, ms]) => sum + ms, 0);
      console.log(`- ${what} (median ${t.median.toFixed(0)} ms, ${(t.median - target).toFixed(0)} over ${target}): this run ${run.wall.toFixed(0)} ms, outside the steps ${(run.wall - inSteps).toFixed(0)}; ${shown.join('; ')}`);
    }
    // What the time outside the steps holds that sitegen cannot shorten on this Node.
    if (typeof nodeModule.enableCompileCache !== 'function') {
      console.log(`Node ${process.version} has no compile cache (module.enableCompileCache, Node 22.1 and later, which bin/sitegen.js turns on): every run compiles sitegen's modules again, part of the time outside the steps (60 ms of an edit in a profile: docs/performance.md, "What is left on Node 20, looked for again").`);
    }
    if (explained.some(({ run }) => run.steps.some(([step]) => /^search index \(\w+ indexed\)/.test(step)))) {
      console.log("Pagefind makes an edited locale's index again (its API cannot update an index it made): the `search index (… indexed)` step.");
    }
    if (certificates >= 10) {
      console.log(`This Node reads the certificates NODE_EXTRA_CA_CERTS names as it starts: ${certificates.toFixed(0)} ms of every run here, before sitegen's first line.`);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

// Edit-to-served latency of `sitegen watch`: the real site, then a generated one with 1,000
// extra articles in each of the three locales, with search off and on (on, with edits 1.2 s
// apart: each comes while the index of the one before is being made).
if (parts.includes('watch')) {
  const { measureWatchLatency } = await import('./watch-latency.mjs');
  const { generateSite } = await import('./generate-site.mjs');
  const { cpSync, mkdtempSync: temp } = await import('node:fs');
  const real = temp(path.join(tmpdir(), 'sitegen-watch-real-'));
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(real, part), { recursive: true });
  const large = temp(path.join(tmpdir(), 'sitegen-watch-large-'));
  generateSite(repo, large, 1000);
  const largeSearch = temp(path.join(tmpdir(), 'sitegen-watch-large-search-'));
  generateSite(repo, largeSearch, 1000, { search: true });
  try {
    const edit = { file: 'content/en/blog/clickup-as-erp.md', url: '/clickup-as-erp' };
    const realSite = await measureWatchLatency(repo, real, edit);
    // As a browser tab gets it: asked for on the live-reload client's event, not polled.
    const realTab = await measureWatchLatency(repo, real, { ...edit, mode: 'reload' });
    const largeSite = await measureWatchLatency(repo, large, edit);
    const largeSearching = await measureWatchLatency(repo, largeSearch, { ...edit, gapMs: 1200 });
    // A template edit: the real site with its own copy of the templates (and the widgets and shared code they import).
    for (const part of ['src/templates', 'src/widgets', 'src/shared']) cpSync(path.join(repo, part), path.join(real, part), { recursive: true });
    const footer = '<footer className="site-footer">';
    const template = await measureWatchLatency(repo, real, {
      file: 'src/templates/layout/Footer.tsx',
      url: '/clickup-as-erp',
      runs: 7,
      change: (original, marker) => original.replace(footer, `<footer className="site-footer" data-edit="${marker}">`),
    });
    console.log('');
    console.log('| watch: an edit until the new page is served | median ms | min | max | target ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [what, t, target] of [
      [`Markdown, real site (${realSite.pages.toLocaleString('en')} pages)`, realSite, 50],
      ['Markdown, real site, the page asked for as a tab reloads', realTab, 50],
      [`Markdown, 1,000 extra articles in 3 locales (${largeSite.pages.toLocaleString('en')} pages)`, largeSite, 100],
      ['the same with search on, an edit 1.2 s after the last (its search index being made)', largeSearching, 100],
      ['a template (the footer), real site', template, 300],
    ]) {
      console.log(`| ${what} | ${t.median.toFixed(0)} | ${t.min.toFixed(0)} | ${t.max.toFixed(0)} | ${target} ${t.median <= target ? '(met)' : '(missed)'} |`);
    }
  } finally {
    rmSync(real, { recursive: true, force: true });
    rmSync(large, { recursive: true, force: true });
    rmSync(largeSearch, { recursive: true, force: true });
  }
}

// Page-weight budgets in Chromium (bench/budgets.ts).
if (parts.includes('budgets')) {
  const { measureBudgets } = await importTs('bench/budgets.ts');
  console.log('');
  for (const line of await measureBudgets(repo)) console.log(line);
}

// Image budgets: a case study's photo on a phone, a warm build with 50 photos (bench/image-budgets.ts).
if (parts.includes('images')) {
  const { measureImageBudgets } = await importTs('bench/image-budgets.ts');
  console.log('');
  for (const line of await measureImageBudgets(repo)) console.log(line);
}

// Site search: the time the search step adds and the index's size, real site and 1,000 x 3 (bench/search.mjs).
if (parts.includes('search')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/search.mjs')], { stdio: 'inherit' });
}

// The engine's Markdown parse against remark-gfm's own (bench/markdown-parse.mjs).
if (parts.includes('markdown')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/markdown-parse.mjs')], { stdio: 'inherit' });
}

// Reading pages for the security policy, with and without their Markdown body (bench/policy-scan.mjs).
if (parts.includes('policy')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/policy-scan.mjs')], { stdio: 'inherit' });
}

// Paginated hubs against one page per hub, at 1,000 articles per locale (bench/hubs.mjs).
if (parts.includes('hubs')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/hubs.mjs')], { stdio: 'inherit' });
}

// Code highlighting on the real site against the same site with plain code (bench/highlight.mjs).
if (parts.includes('highlight')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/highlight.mjs')], { stdio: 'inherit' });
}

// The scale suite: generated sites of 1,000 and 4,000 articles per locale against Hugo and
// Eleventy (`npm run bench -- --10k` adds 10,000; `npm run bench:scale` runs only this part).
if (parts.includes('scale')) {
  console.log('');
  execFileSync(process.execPath, [path.join(repo, 'bench/scale.mjs'), ...args], { stdio: 'inherit' });
}
