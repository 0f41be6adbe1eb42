// What reading a page for its security policy costs on a page worker, with only the shared
// stylesheet left out and with the page's Markdown body left out too (src/engine/artifacts/inline-sources.ts),
// alternating in one process: `node bench/policy-scan.mjs [count]`. The pages are the Hungarian
// articles of a generated site built by the engine; each body is taken back out of its page (the
// content of the article's `.prose` element), and the bench checks both reads give the same sources.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 600);
const root = mkdtempSync(path.join(tmpdir(), 'sitegen-scan-'));
try {
  generateSite(repo, root, count);
  execFileSync(path.join(repo, 'bin/sitegen.js'), ['build', '--root', root, '--out', path.join(root, 'dist'), '--no-cache'], { stdio: 'ignore' });
  const dir = path.join(root, 'dist/hu/generalt');
  const pages = readdirSync(dir).map((name) => readFileSync(path.join(dir, name, 'index.html'), 'utf8'));
  const css = /<style>([\s\S]*?)<\/style>/.exec(pages[0])[1];
  const open = '<div class="prose">';
  const bodies = pages.map((page) => {
    const start = page.indexOf(open) + open.length;
    return page.slice(start, page.indexOf('</div><ul class="tags"', start));
  });

  const scannerModule = path.join(root, 'inline-sources.mjs');
  await esbuild.build({ entryPoints: [path.join(repo, 'src/engine/artifacts/inline-sources.ts')], bundle: true, format: 'esm', platform: 'node', outfile: scannerModule, logLevel: 'warning' });
  const { sharedStylesheetScanner, withoutInertBody } = await import(pathToFileURL(scannerModule).href);
  const scan = sharedStylesheetScanner(css);
  const cut = pages.filter((page, index) => withoutInertBody(page, bodies[index]) !== page).length;
  const same = pages.filter((page, index) => JSON.stringify(scan(page, bodies[index])) === JSON.stringify(scan(page))).length;

  const ways = { 'stylesheet left out': (page) => scan(page), 'stylesheet and body left out': (page, index) => scan(page, bodies[index]) };
  const samples = { 'stylesheet left out': [], 'stylesheet and body left out': [] };
  for (let round = 0; round < 16; round++) {
    for (const way of round % 2 ? Object.keys(ways).reverse() : Object.keys(ways)) {
      const start = performance.now();
      pages.forEach(ways[way]);
      // The first four rounds warm both up.
      if (round >= 4) samples[way].push((performance.now() - start) / pages.length);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  console.log(`Reading a page for its policy, median of 12 rounds over ${pages.length} article pages (${Math.round(pages[0].length / 1024)} KB, body ${Math.round(bodies[0].length / 1024)} KB), Node ${process.version}`);
  console.log(`  bodies left out: ${cut} of ${pages.length}; the same sources: ${same} of ${pages.length}`);
  const [before, after] = Object.keys(ways).map((way) => median(samples[way]));
  console.log(`  stylesheet left out ${before.toFixed(3)} ms, stylesheet and body left out ${after.toFixed(3)} ms, ratio ${(after / before).toFixed(2)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
