// Edit-to-served latency of `sitegen watch`: from writing a file (Markdown by default; `change`
// writes a marker into another kind, a template) until the dev server serves the page with it.
// Runs the real CLI in a child process.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const appendParagraph = (original, marker) => `${original.trimEnd()}\n\n${marker}\n`;

export async function measureWatchLatency(repo, root, { file, url, runs = 15, change = appendParagraph }) {
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
    const target = path.join(root, file);
    const original = readFileSync(target, 'utf8');
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const marker = `Latency marker ${run} ${Date.now()}`;
      const begin = performance.now();
      writeFileSync(target, change(original, marker));
      for (;;) {
        const html = await (await fetch(base + url)).text();
        if (html.includes(marker)) break;
        if (performance.now() - begin > 10_000) throw new Error(`edit not served within 10 s:\n${output.slice(-2000)}`);
      }
      samples.push(performance.now() - begin);
      // Let the watcher settle before the next edit.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writeFileSync(target, original);
    samples.sort((a, b) => a - b);
    // The site's size, as watch reports it after each rebuild ("1 of 216 pages rendered").
    const pages = Number(/ of (\d+) pages rendered/.exec(output)?.[1]);
    return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1], pages };
  } finally {
    child.kill('SIGINT');
  }
}
