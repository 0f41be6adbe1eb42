// The search index in shards at scale (docs/performance.md, "A locale's index in shards"): a
// generated site of N articles x 3 locales with search on, built cold, warm and with one
// English article changed, with one index per locale ("whole": SITEGEN_SEARCH_SHARD_PAGES
// huge) and in shards (the default), each build under GNU time; the peak RSS of each process
// of the build by name (node, pagefind_extended) from /proc; and the bytes the search box
// fetches for a few searches on /contact (Chromium, playwright-core).
//
//   node bench/search-shards.mjs <articles> [modes: shards,whole] [changes: 2]
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const size = Number(process.argv[2] ?? 1000);
const modes = (process.argv[3] ?? 'shards,whole').split(',');
const changes = Number(process.argv[4] ?? 2);
const TERMS = ['invoice', 'portal', 'invoice approval'];

/** Every process under `pid`. */
function descendants(pid) {
  const found = [];
  const walk = (parent) => {
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {}
      for (const child of children.split(' ').filter(Boolean)) {
        found.push(Number(child));
        walk(Number(child));
      }
    }
  };
  walk(pid);
  return found;
}

/** One build: seconds, GNU time's peak (the largest process), each process's peak by name, and the search laps of --verbose. */
function build(root, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', 'nice', '-n', '10', path.join(repo, 'bin/sitegen.js'), 'build', '--root', root, '--verbose'], { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const peaks = {};
    const poll = setInterval(() => {
      for (const pid of descendants(child.pid)) {
        try {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          const name = status.match(/^Name:\s*(\S+)/m)[1];
          peaks[name] = Math.max(peaks[name] ?? 0, Math.round(Number(status.match(/^VmHWM:\s*(\d+)/m)?.[1] ?? 0) / 1024));
        } catch {}
      }
    }, 100);
    child.on('close', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`the build failed:\n${output.slice(-3000)}`));
      const rss = Math.round(Number(output.trim().split('\n').at(-1)) / 1024);
      const laps = output.split('\n').filter((line) => /search index|built/.test(line)).map((line) => line.trim().replace(/\s+/g, ' '));
      resolve({ seconds: Number(((performance.now() - started) / 1000).toFixed(2)), rss, peaks, laps });
    });
  });
}

/** The bytes the search box on `url` fetches for each term: opened from the keyboard, the term typed, until the count shows. */
async function boxBytes(dir, url, terms) {
  const types = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };
  const server = createServer(async (request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url, 'http://localhost').pathname));
    for (const candidate of [file, `${file}.html`, path.join(file, 'index.html')]) {
      try {
        const body = await readFile(candidate);
        response.writeHead(200, { 'content-type': types[path.extname(candidate)] ?? 'application/octet-stream' });
        return response.end(body);
      } catch {}
    }
    response.writeHead(404).end();
  }).listen(0);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const searches = [];
  try {
    for (const term of terms) {
      const page = await browser.newPage();
      const fetched = [];
      page.on('response', (response) => {
        if (response.url().includes('/_sitegen/assets/search-')) fetched.push(response.body().then((body) => [new URL(response.url()).pathname, body.length]));
      });
      await page.goto(`http://127.0.0.1:${server.address().port}${url}`, { waitUntil: 'networkidle' });
      await page.locator('.site-search summary').focus();
      await page.waitForSelector('sitegen-island[data-island="SiteSearch"][data-hydrated]');
      await page.keyboard.press('Enter');
      await page.locator('.site-search input').fill(term);
      const status = page.getByRole('status');
      for (let wait = 0; wait < 300 && !/\d|No /.test((await status.textContent()) ?? ''); wait++) await page.waitForTimeout(100);
      await page.waitForLoadState('networkidle');
      const files = await Promise.all(fetched);
      const bytes = (pattern) => files.filter(([name]) => pattern.test(name)).reduce((sum, [, length]) => sum + length, 0);
      searches.push({ term, status: await status.textContent(), files: files.length, bytes: bytes(/./), engine: bytes(/\/(pagefind\.js|pagefind-worker\.js|wasm\.[a-z]+\.pagefind)$/), meta: bytes(/(pf_meta|pagefind-entry\.json)$/), index: bytes(/pf_index$/), fragments: bytes(/pf_fragment$/) });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return searches;
}

const root = mkdtempSync(path.join(tmpdir(), `sitegen-search-shards-${size}-`));
try {
  generateSite(repo, root, size, { search: true });
  const article = path.join(root, 'content/en/generated/article-1.md');
  for (const mode of modes) {
    const env = mode === 'whole' ? { SITEGEN_SEARCH_SHARD_PAGES: '1000000000' } : {};
    for (const name of ['dist', '.dist.sitegen', '.sitegen-cache']) rmSync(path.join(root, name), { recursive: true, force: true });
    console.log(JSON.stringify({ size, mode, run: 'cold', ...(await build(root, env)) }));
    // The first build after a cold one catches the output up: not a one-change figure.
    console.log(JSON.stringify({ size, mode, run: 'warm', ...(await build(root, env)) }));
    console.log(JSON.stringify({ size, mode, run: 'search box', searches: await boxBytes(path.join(root, 'dist'), '/contact', TERMS) }));
    for (let change = 0; change < changes; change++) {
      appendFileSync(article, `\nOne more sentence, number ${mode}-${change}.\n`);
      console.log(JSON.stringify({ size, mode, run: `one article changed (${change + 1})`, ...(await build(root, env)) }));
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
