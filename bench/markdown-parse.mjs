// The engine's Markdown parse against remark-gfm's own, alternating in one process so both see
// the same load: `node bench/markdown-parse.mjs [count]`. The engine leaves out what cannot
// match in a body (src/engine/markdown.ts); both give the same tree (test/engine/markdown.test.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 400);
const root = mkdtempSync(path.join(tmpdir(), 'sitegen-parse-'));
try {
  generateSite(repo, root, count);
  const bodies = Array.from({ length: count }, (_, index) =>
    readFileSync(path.join(root, `content/hu/generated/article-${index + 1}.md`), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
  );
  const engineModule = path.join(root, 'markdown.mjs');
  await esbuild.build({ entryPoints: [path.join(repo, 'src/engine/markdown.ts')], bundle: true, format: 'esm', platform: 'node', outfile: engineModule, logLevel: 'warning' });
  const { createMarkdownRenderer } = await import(pathToFileURL(engineModule).href);
  const parsers = { 'remark-gfm': remark().use(remarkGfm).freeze(), engine: createMarkdownRenderer() };
  const totals = { 'remark-gfm': 0, engine: 0 };
  const rounds = 6;
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ['remark-gfm', 'engine'] : ['engine', 'remark-gfm']) {
      const start = performance.now();
      for (const body of bodies) parsers[name].parse(body);
      // The first two rounds warm both up.
      if (round >= 2) totals[name] += performance.now() - start;
    }
  }
  const per = (name) => totals[name] / (rounds - 2) / count;
  console.log(`Markdown parse per body, ${count} generated Hungarian articles, mean of ${rounds - 2} warm rounds, Node ${process.version}`);
  for (const name of Object.keys(totals)) console.log(`  ${name.padEnd(10)} ${per(name).toFixed(3)} ms`);
  console.log(`  engine / remark-gfm: ${(per('engine') / per('remark-gfm')).toFixed(2)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
