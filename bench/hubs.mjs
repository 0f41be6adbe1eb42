// Paginated hubs at scale: the real site plus 1,000 articles in each locale, built cold (a new
// process, no cache) with the blog paginated at 12 cards a page (as content/routes.yaml has it)
// and with every hub on one page (`paginate:` removed), interleaved so that both see the same
// load. Prints the medians, the ratio and the pages each build wrote. `npm run bench -- --only
// hubs`; `node bench/hubs.mjs [articles-per-locale]` alone. A benchmark, never a test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/sitegen.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const count = Number(process.argv[2] ?? 1000);

const work = mkdtempSync(path.join(tmpdir(), 'sitegen-bench-hubs-'));
try {
  const paged = path.join(work, 'paged');
  const single = path.join(work, 'single');
  generateSite(repo, paged, count);
  generateSite(repo, single, count);
  const routes = path.join(single, 'content/routes.yaml');
  const without = readFileSync(routes, 'utf8').replace(/^ {4}paginate: .*\n/gm, '');
  if (without === readFileSync(routes, 'utf8')) throw new Error('the route table paginates no hub: nothing to compare');
  writeFileSync(routes, without);

  const samples = { paged: [], single: [] };
  const pages = {};
  for (let run = 0; run < RUNS; run++) {
    for (const [name, root] of [['paged', paged], ['single', single]]) {
      const out = path.join(work, `out-${name}`);
      const start = process.hrtime.bigint();
      const summary = execFileSync(bin, ['build', '--root', root, '--out', out, '--no-cache'], { encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
      samples[name].push(Number(process.hrtime.bigint() - start) / 1e6);
      pages[name] = /built (\d+) pages/.exec(summary)?.[1];
      rmSync(out, { recursive: true, force: true });
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const [a, b] = [median(samples.paged), median(samples.single)];
  console.log(`hubs: ${count} articles x 3 locales, cold builds, median of ${RUNS} interleaved runs`);
  console.log('| build | median ms | min | max | pages |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [what, name] of [['blog paginated at 12 cards a page', 'paged'], ['every hub on one page', 'single']]) {
    const list = samples[name];
    console.log(`| ${what} | ${median(list).toFixed(0)} | ${Math.min(...list).toFixed(0)} | ${Math.max(...list).toFixed(0)} | ${pages[name]} |`);
  }
  console.log(`paginated / one page: ${(a / b).toFixed(3)} (target: under 1.05)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
