// The engine's Markdown parse against remark-gfm's own, alternating in one process so both see
// the same load: `node bench/markdown-parse.mjs [count]`. The engine leaves out what cannot
// match in a body (src/engine/markdown/markdown.ts) and is bundled as the CLI is, with the patches to
// its libraries (scripts/library-patches.mjs); both give the same tree
// (test/engine/markdown/markdown.test.ts, test/engine/markdown/library-patches.test.ts).
// Two sets of bodies: generated articles (each with a table, none with an `@`) and the real
// site's pages and articles.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { esbuildLibraryPatches } from '../scripts/library-patches.mjs';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 400);
const root = mkdtempSync(path.join(tmpdir(), 'sitegen-parse-'));
const bodyOf = (file) => readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
try {
  generateSite(repo, root, count);
  const generated = Array.from({ length: count }, (_, index) => bodyOf(path.join(root, `content/hu/generated/article-${index + 1}.md`)));
  const contentDir = path.join(repo, 'content');
  const site = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => bodyOf(path.join(contentDir, file)));

  const engineModule = path.join(root, 'markdown.mjs');
  await esbuild.build({ entryPoints: [path.join(repo, 'src/engine/markdown/markdown.ts')], bundle: true, format: 'esm', platform: 'node', outfile: engineModule, logLevel: 'warning', plugins: [esbuildLibraryPatches()] });
  const { createMarkdownRenderer } = await import(pathToFileURL(engineModule).href);
  const parsers = { 'remark-gfm': remark().use(remarkGfm).freeze(), engine: createMarkdownRenderer() };

  console.log(`Markdown parse per body, mean of 4 warm rounds, Node ${process.version}`);
  for (const [name, bodies] of [[`${count} generated Hungarian articles`, generated], [`the site's ${site.length} pages, four times`, [...site, ...site, ...site, ...site]]]) {
    const totals = { 'remark-gfm': 0, engine: 0 };
    for (let round = 0; round < 6; round++) {
      for (const parser of round % 2 ? ['remark-gfm', 'engine'] : ['engine', 'remark-gfm']) {
        const start = performance.now();
        for (const body of bodies) parsers[parser].parse(body);
        // The first two rounds warm both up.
        if (round >= 2) totals[parser] += performance.now() - start;
      }
    }
    const per = (parser) => totals[parser] / 4 / bodies.length;
    console.log(`  ${name}: remark-gfm ${per('remark-gfm').toFixed(3)} ms, engine ${per('engine').toFixed(3)} ms, engine / remark-gfm ${(per('engine') / per('remark-gfm')).toFixed(2)}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
