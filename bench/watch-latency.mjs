// Edit-to-served latency of `sitegen watch`: from writing a file (Markdown by default; `change`
// writes a marker into another kind, a template) until the dev server serves the page with it.
// Runs the real CLI in a child process. Two ways to ask for the page:
// - `poll` (default): request it again and again until it has the marker: what the server can
//   do at best (a request is always waiting);
// - `reload`: as a browser tab does, through the live-reload client: listen to the server's
//   events for the page and request it on each `reload`: what a developer sees.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const appendParagraph = (original, marker) => `${original.trimEnd()}\n\n${marker}\n`;

export async function measureWatchLatency(repo, root, { file, url, runs = 15, change = appendParagraph, mode = 'poll', gapMs = 100 }) {
  const child = spawn(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'watch', '--root', root, '--port', '0', ...(process.env.WL_DEBUG ? ['--verbose'] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on("data", (chunk) => { output += chunk; if (process.env.WL_DEBUG) process.stderr.write(chunk); });
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const started = Date.now();
    let base;
    while (!(base = /serving (http:\/\/[^\s]+)/.exec(output)?.[1])) {
      if (Date.now() - started > 300_000) throw new Error(`watch did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The page is open, as the developer's is: the dev server renders the pages in view first.
    await (await fetch(base + url)).text();
    const reloads = mode === 'reload' ? await liveReloadEvents(base, url) : undefined;
    const target = path.join(root, file);
    const original = readFileSync(target, 'utf8');
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const marker = `Latency marker ${run} ${Date.now()}`;
      const begin = performance.now();
      writeFileSync(target, change(original, marker));
      for (;;) {
        if (reloads) await reloads.next(10_000);
        const html = await (await fetch(base + url)).text();
        if (html.includes(marker)) break;
        if (performance.now() - begin > 10_000) throw new Error(`edit not served within 10 s:\n${output.slice(-2000)}`);
      }
      samples.push(performance.now() - begin);
      // Let the watcher settle before the next edit (`gapMs`: long enough, and the search index
      // of the last edit is being made when the next one comes).
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    writeFileSync(target, original);
    reloads?.close();
    samples.sort((a, b) => a - b);
    // The site's size, as watch reports it after each rebuild ("1 of 216 pages rendered").
    const pages = Number(/ of (\d+) pages rendered/.exec(output)?.[1]);
    return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1], pages };
  } finally {
    child.kill('SIGINT');
  }
}

/** The live-reload client's event stream for the page at `url`: `next()` resolves at its next `reload`. */
async function liveReloadEvents(base, url) {
  const controller = new AbortController();
  const response = await fetch(`${base}/_sitegen/dev/events?page=${encodeURIComponent(url)}`, { signal: controller.signal });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let waiting;
  let pending = 0;
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: reload$/m.test(event)) continue;
          if (waiting) {
            waiting();
            waiting = undefined;
          } else pending++;
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    next(timeout) {
      if (pending > 0) {
        pending--;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reload within ${timeout} ms`)), timeout);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    close: () => controller.abort(),
  };
}
