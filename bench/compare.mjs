// Two sitegen checkouts side by side, interleaved on the same sites in one run: this one and a
// baseline (an earlier commit checked out elsewhere, with `npm ci` run in it). The machines are
// shared and their speed drifts by a quarter from hour to hour; builds taken in turns see the
// same drift, so the ratio of the medians is what to compare.
//
//   git worktree add ../baseline <commit> && (cd ../baseline && npm ci)
//   node bench/compare.mjs --baseline ../baseline [--runs 9] [--only real,scale,rss] [--own-settings]
//
// --own-settings: each checkout builds with its own content/site.yaml, for a baseline from
// before a change to the settings' format (the rest of the sources stay this checkout's).
//
// real: the real site, cold (no cache, fresh output), the cache restored without the output,
// warm (nothing changed), one article edited; scale: 1,000 articles x 3, the same four; rss: peak RSS of a cold build at 4,000 x 3.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const baseline = option('--baseline');
if (!baseline) {
  console.error('usage: node bench/compare.mjs --baseline <another sitegen checkout> [--runs 9] [--only real,scale,rss] [--own-settings]');
  process.exit(2);
}
const RUNS = Number(option('--runs', 9));
const parts = option('--only', 'real,scale,rss').split(',');
const OWN_SETTINGS = args.includes('--own-settings');
const engines = [
  { name: 'this', repo, bin: path.join(repo, 'bin/sitegen.js') },
  { name: 'baseline', repo: path.resolve(baseline), bin: path.join(path.resolve(baseline), 'bin/sitegen.js') },
];
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

/** One build under GNU time: wall milliseconds and peak RSS in MB. */
function measure(bin, buildArgs) {
  const start = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', bin, 'build', ...buildArgs], { encoding: 'utf8', env: { ...process.env, ...EPOCH } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${bin} build ${buildArgs.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  return { ms, rss: Number(result.stderr.trim().split('\n').at(-1)) / 1024 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * For each engine its own copy of the site, its own output and cache; each round builds with
 * every engine in turn (the order alternating), `prepare` run before each build.
 */
function interleaved(siteOf, cases) {
  const rows = [];
  const copies = engines.map((engine) => {
    const dir = mkdtempSync(path.join(tmpdir(), `sitegen-compare-${engine.name}-`));
    const root = path.join(dir, 'site');
    // The site's sources only: with the templates that ship with each engine.
    for (const part of ['content', 'locales', 'public']) cpSync(path.join(siteOf, part), path.join(root, part), { recursive: true });
    if (OWN_SETTINGS) cpSync(path.join(engine.repo, 'content/site.yaml'), path.join(root, 'content/site.yaml'));
    return { ...engine, dir, root, out: path.join(dir, 'dist') };
  });
  try {
    for (const [label, prepare, buildArgs] of cases) {
      const samples = new Map(engines.map((engine) => [engine.name, []]));
      for (let run = 0; run < RUNS; run++) {
        const order = run % 2 === 0 ? copies : [...copies].reverse();
        for (const copy of order) {
          prepare(copy, run);
          samples.get(copy.name).push(measure(copy.bin, ['--root', copy.root, '--out', copy.out, ...buildArgs]));
        }
      }
      const [mine, theirs] = engines.map((engine) => samples.get(engine.name));
      const ms = [median(mine.map((s) => s.ms)), median(theirs.map((s) => s.ms))];
      const rss = [Math.max(...mine.map((s) => s.rss)), Math.max(...theirs.map((s) => s.rss))];
      rows.push(`| ${label} | ${ms[0].toFixed(0)} | ${ms[1].toFixed(0)} | ${(ms[0] / ms[1]).toFixed(3)} | ${rss[0].toFixed(0)} | ${rss[1].toFixed(0)} |`);
      console.log(rows.at(-1));
    }
  } finally {
    for (const copy of copies) rmSync(copy.dir, { recursive: true, force: true });
  }
  return rows;
}

/** The cases of a site: cold, the cache without the output, warm with nothing changed, warm after one article changed. */
function cases(article) {
  const cold = (copy) => {
    rmSync(path.join(copy.root, '.sitegen-cache'), { recursive: true, force: true });
    rmSync(copy.out, { recursive: true, force: true });
    rmSync(path.join(copy.dir, '.dist.sitegen'), { recursive: true, force: true });
  };
  const noOutput = (copy) => {
    rmSync(copy.out, { recursive: true, force: true });
    rmSync(path.join(copy.dir, '.dist.sitegen'), { recursive: true, force: true });
  };
  const edit = (copy, run) => {
    const file = path.join(copy.root, article);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdit ${run}: one more sentence.\n`);
  };
  return [
    ['cold (no cache, no output)', cold, []],
    ['the cache restored, no output (a CI job)', noOutput, []],
    ['warm, nothing changed', () => {}, []],
    ['warm, one article changed', edit, []],
  ];
}

const header = ['| case | this ms | baseline ms | this / baseline | this peak MB | baseline peak MB |', '|---|---:|---:|---:|---:|---:|'];
const report = [`# sitegen against ${path.resolve(baseline)}`, '', `Median of ${RUNS} interleaved runs, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`, ''];
const article = 'content/en/blog/clickup-as-erp.md';

if (parts.includes('real')) {
  console.log('real site');
  console.log(header.join('\n'));
  report.push('## The real site', '', ...header, ...interleaved(repo, cases(article)), '');
}

if (parts.includes('scale') || parts.includes('rss')) {
  const sizes = [...(parts.includes('scale') ? [1000] : []), ...(parts.includes('rss') ? [4000] : [])];
  for (const size of sizes) {
    const site = mkdtempSync(path.join(tmpdir(), 'sitegen-compare-site-'));
    try {
      generateSite(repo, site, size);
      console.log(`${size} articles x 3`);
      console.log(header.join('\n'));
      const all = cases(article);
      report.push(`## ${size} articles x 3`, '', ...header, ...interleaved(site, size === 4000 ? all.slice(0, 1) : all), '');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  }
}

const file = option('--write');
if (file) appendFileSync(file, `${report.join('\n')}\n`);
