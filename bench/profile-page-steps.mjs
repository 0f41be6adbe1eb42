// The steps of bench/profile-page.mjs, which bundles this file with the patches sitegen's
// bundle applies to its libraries (scripts/library-patches.mjs) and runs it.
// The steps are the libraries sitegen's pipeline is made of, called the way it calls them
// (src/engine/markdown/content.ts, markdown/markdown.ts, render/render-pages.ts), so each can be timed alone.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { defaultSchema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LineCounter, parseDocument } from 'yaml';
import { generateSite } from './generate-site.mjs';

const repo = process.env.SITEGEN_REPO ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 500);
const root = mkdtempSync(path.join(tmpdir(), 'sitegen-profile-'));
try {
  generateSite(repo, root, count);
  const texts = Array.from({ length: count }, (_, index) => readFileSync(path.join(root, `content/hu/generated/article-${index + 1}.md`), 'utf8'));
  const totals = new Map();
  const time = (step, run) => {
    const start = performance.now();
    const result = run();
    totals.set(step, (totals.get(step) ?? 0) + performance.now() - start);
    return result;
  };
  const out = path.join(root, 'out');
  for (let round = 0; round < 3; round++) {
    totals.clear();
    texts.forEach((text, index) => {
      const parts = time('front matter: split (gray-matter)', () => matter(text, { engines: { yaml: () => ({}) } }));
      time('front matter: YAML with positions', () => parseDocument(parts.matter, { lineCounter: new LineCounter() }).toJS());
      const tree = time('Markdown: parse (micromark + GFM -> mdast)', () => fromMarkdown(parts.content, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
      const hast = time('Markdown: mdast -> hast', () => toHast(tree));
      const clean = time('Markdown: sanitize', () => sanitize(hast, { ...defaultSchema, clobberPrefix: '' }));
      const html = time('Markdown: hast -> HTML', () => toHtml(clean));
      const page = time('React: renderToStaticMarkup of an article shell', () =>
        renderToStaticMarkup(
          createElement('html', { lang: 'hu' }, createElement('body', null, createElement('main', null, createElement('h1', null, 'Title'), createElement('article', { dangerouslySetInnerHTML: { __html: html } })))),
        ),
      );
      time('write: mkdir + writeFile', () => {
        const dir = path.join(out, String(round), String(index));
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'index.html'), page);
      });
    });
  }
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`per page, warm (third round of ${count} generated Hungarian articles), Node ${process.version}`);
  console.log('| step | ms per page | share |');
  console.log('|---|---:|---:|');
  for (const [step, ms] of totals) console.log(`| ${step} | ${(ms / count).toFixed(3)} | ${((ms / sum) * 100).toFixed(0)} % |`);
  console.log(`| total | ${(sum / count).toFixed(3)} | |`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
