// Site search (docs/content.md, "Search"), run by `npm run bench`: the build time the search
// step adds and each locale's index, for the real site and for the real site plus 1,000
// generated articles in each of its three locales. Each site is built twice through the
// bundled CLI, search off and on, interleaved (the machines are shared: compare within a run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite, setSearch } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/sitegen.js');

function build(root, out) {
  const started = performance.now();
  const output = execFileSync(process.execPath, [bin, 'build', '--root', root, '--out', out, '--no-cache', '--verbose'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const total = performance.now() - started;
  const step = /^\s+search index\s+([\d.]+) ms/m.exec(output);
  return { total, step: step ? Number(step[1]) : 0 };
}

function folderBytes(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

function measure(name, root) {
  const out = path.join(root, 'dist');
  setSearch(root, false);
  const off = build(root, out);
  setSearch(root, true);
  const on = build(root, out);
  const assets = path.join(out, '_sitegen/assets');
  const rows = [];
  for (const folder of readdirSync(assets).filter((name) => name.startsWith('search-')).sort()) {
    const all = folderBytes(path.join(assets, folder));
    // What a search fetches beyond the script and the WebAssembly: the entry, metadata, chunks, fragments.
    const index = readdirSync(path.join(assets, folder), { recursive: true }).filter((file) => /\.pf_|entry\.json$/.test(file)).map((file) => statSync(path.join(assets, folder, file)).size);
    rows.push(`| ${name}: ${folder.replace(/-[0-9a-f]{10}$/, '')} | ${(all.bytes / 1024).toFixed(0)} KB in ${all.files} files | ${(index.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB |`);
  }
  return { off, on, rows };
}

const real = mkdtempSync(path.join(tmpdir(), 'sitegen-search-real-'));
const large = mkdtempSync(path.join(tmpdir(), 'sitegen-search-large-'));
try {
  generateSite(repo, real, 0);
  generateSite(repo, large, 1000);
  const sites = [measure('real site', real), measure('1,000 x 3', large)];
  console.log('| search: build (no cache) | search off ms | search on ms | of it the search step ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, { off, on }] of [['real site (216 pages)', sites[0]], ['1,000 extra articles x 3 locales', sites[1]]]) {
    console.log(`| ${name} | ${off.total.toFixed(0)} | ${on.total.toFixed(0)} | ${on.step.toFixed(0)} |`);
  }
  console.log('');
  console.log('| search index | bundle | index data (entry, metadata, chunks, fragments) |');
  console.log('|---|---:|---:|');
  for (const site of sites) for (const row of site.rows) console.log(row);
} finally {
  rmSync(real, { recursive: true, force: true });
  rmSync(large, { recursive: true, force: true });
}
