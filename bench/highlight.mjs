// Code highlighting on the real site: its builds with its code blocks highlighted against the
// same site with the languages taken off its fences (plain code, Shiki never loaded), interleaved
// so that both see the same load. Three cases, each a new process: cold (no cache, no output),
// warm with nothing changed, and warm after an edit of the article with the code (its text, not
// its code). Prints the medians and the ratios. `npm run bench -- --only highlight`;
// `node bench/highlight.mjs` alone. A benchmark, never a test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/sitegen.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ARTICLE = 'content/en/blog/finance-automation-clickup-n8n.md';

const work = mkdtempSync(path.join(tmpdir(), 'sitegen-bench-highlight-'));
try {
  const sites = { highlighted: path.join(work, 'highlighted'), plain: path.join(work, 'plain') };
  let fences = 0;
  for (const [name, root] of Object.entries(sites)) {
    generateSite(repo, root, 0);
    if (name !== 'plain') continue;
    for (const file of readdirSync(path.join(root, 'content'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'))) {
      const full = path.join(root, 'content', file);
      const text = readFileSync(full, 'utf8');
      const plain = text.replace(/^(```+|~~~+)\w[^\n]*$/gm, (_, fence) => (fences++, fence));
      if (plain !== text) writeFileSync(full, plain);
    }
  }
  if (fences === 0) throw new Error('the site has no fenced code with a language: nothing to compare');

  const build = (root, out, args = []) => {
    const start = process.hrtime.bigint();
    execFileSync(bin, ['build', '--root', root, '--out', out, ...args], { encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const cases = ['cold', 'warm, nothing changed', 'warm, the article edited'];
  const samples = Object.fromEntries(cases.map((name) => [name, { highlighted: [], plain: [] }]));
  for (let run = 0; run < RUNS; run++) {
    for (const [name, root] of Object.entries(sites)) {
      const out = path.join(work, `out-${name}`);
      rmSync(out, { recursive: true, force: true });
      rmSync(path.join(root, '.sitegen-cache'), { recursive: true, force: true });
      samples.cold[name].push(build(root, out, ['--no-cache']));
      build(root, out); // fills the cache
      samples['warm, nothing changed'][name].push(build(root, out));
      const article = path.join(root, ARTICLE);
      writeFileSync(article, readFileSync(article, 'utf8').replace('In small companies,', `In small companies (run ${run}),`));
      samples['warm, the article edited'][name].push(build(root, out));
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`highlight: the real site (${fences} fenced blocks with a language), median of ${RUNS} interleaved runs`);
  console.log('| case | highlighted ms | plain ms | ratio |');
  console.log('|---|---:|---:|---:|');
  for (const name of cases) {
    const { highlighted, plain } = samples[name];
    console.log(`| ${name} | ${median(highlighted).toFixed(0)} | ${median(plain).toFixed(0)} | ${(median(highlighted) / median(plain)).toFixed(3)} |`);
  }
  console.log('targets: cold under 1.15; warm within the noise (no code is highlighted in a warm build with nothing changed)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
