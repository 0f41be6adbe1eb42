/**
 * Image budgets (docs/content.md, "Images"), run by `npm run bench` (bench/run.mjs bundles this
 * file with esbuild first):
 * - a case study with a 2400 px photo in its body, visited in Chromium on a 390 px wide phone
 *   viewport (at 2x and 3x): the image bytes transferred, scrolled to the end so every lazy image loads;
 * - a copy of the site with 50 photos: the cold build's encodings and time, and a warm build's
 *   (which must encode nothing).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, launchBrowser, newContext } from '../test/helpers/browser';
import { serveDist } from '../test/helpers/static-server';
import { generatedPhoto } from './generated-photo.mjs';

const KB = 1024;
const CASE_STUDY = { file: 'content/en/case-studies/customer-portal.md', url: '/customer-portal' };
const BLOG = ['clickup-as-erp', 'eu-energy-policy', 'finance-automation-clickup-n8n', 'four-day-week-1', 'four-day-week-2'];

/** A copy of the real site's sources. */
function copySite(repo: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sitegen-images-'));
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(root, part), { recursive: true });
  return root;
}

/** Puts `markdown` after the first paragraph of a content file's body. */
function addToBody(root: string, file: string, markdown: string): void {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  const body = text.indexOf('\n---\n', 4) + 5;
  const firstParagraphEnd = text.indexOf('\n\n', body + 1);
  writeFileSync(full, `${text.slice(0, firstParagraphEnd)}\n\n${markdown}\n${text.slice(firstParagraphEnd)}`);
}

/** A build through the bundled CLI, as users run it: its time and the encodings it ran. */
function timedBuild(repo: string, root: string, out: string): { ms: number; encoded: number; reused: number } {
  const started = performance.now();
  const output = execFileSync(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'build', '--root', root, '--out', out, '--verbose'], { encoding: 'utf8' });
  const ms = performance.now() - started;
  const [, encoded, reused] = /images: (\d+) encoded, (\d+) from the cache/.exec(output) ?? [];
  return { ms, encoded: Number(encoded), reused: Number(reused) };
}

export async function measureImageBudgets(repo: string): Promise<string[]> {
  const lines: string[] = [];
  const root = copySite(repo);
  try {
    writeFileSync(path.join(root, 'public/images/bench-photo.jpg'), await generatedPhoto({ width: 2400, height: 1600, seed: 11 }));
    addToBody(root, CASE_STUDY.file, '![The portal in use at the distributor\'s service desk](/images/bench-photo.jpg)');
    const out = path.join(root, 'dist');
    timedBuild(repo, root, out);
    const original = readFileSync(path.join(root, 'public/images/bench-photo.jpg')).length;

    const transferred: Array<[string, number, number]> = [];
    if (existsSync(CHROMIUM)) {
      const server = await serveDist(out);
      const browser = await launchBrowser();
      try {
        for (const scale of [2, 3]) {
          const context = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: scale, isMobile: true });
          const page = await context.newPage();
          const images: Array<Promise<number>> = [];
          page.on('response', (response) => {
            if (response.request().resourceType() === 'image') images.push(response.body().then((body) => body.length, () => 0));
          });
          await page.goto(`${server.url}${CASE_STUDY.url}`, { waitUntil: 'networkidle' });
          // Every lazy image on the way down loads.
          for (let y = 0; y < 30; y++) {
            await page.mouse.wheel(0, 600);
            await page.waitForTimeout(60);
          }
          await page.waitForLoadState('networkidle');
          const photo = await page.evaluate(() => (document.querySelector('img[src="/images/bench-photo.jpg"]') as HTMLImageElement | null)?.currentSrc ?? '');
          const sizes = await Promise.all(images);
          transferred.push([`${scale}x (${path.basename(photo)})`, sizes.reduce((a, b) => a + b, 0), sizes.length]);
          await context.close();
        }
      } finally {
        await browser.close();
        await server.close();
      }
    }

    // 50 photos across the blog and the case study, then a warm build.
    const many = copySite(repo);
    try {
      for (let index = 0; index < 50; index++) {
        const name = `/images/bench-${index}.jpg`;
        writeFileSync(path.join(many, `public${name}`), await generatedPhoto({ width: 1200, height: 800, seed: 100 + index }));
        addToBody(many, `content/en/blog/${BLOG[index % BLOG.length]}.md`, `![Photo ${index}](${name})`);
      }
      const manyOut = path.join(many, 'dist');
      const cold = timedBuild(repo, many, manyOut);
      // A text edit, so that the warm build runs (with nothing changed it would not even look at the images).
      addToBody(many, `content/en/blog/${BLOG[0]}.md`, 'One more sentence for the warm build.');
      const warm = timedBuild(repo, many, manyOut);
      const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
      lines.push('| images | measured | target |', '|---|---:|---:|');
      for (const [what, bytes, count] of transferred) {
        lines.push(`| case study with a 2400 px photo (JPEG ${kb(original)}), 390 px viewport at ${what}: all images (${count}) | ${kb(bytes)} | 150 KB ${bytes <= 150 * KB ? '(met)' : '(missed)'} |`);
      }
      if (transferred.length === 0) lines.push(`| case study at 390 px | (skipped: no Chromium at ${CHROMIUM}) | |`);
      lines.push(
        `| cold build with 50 more photos: encodings, time | ${cold.encoded}, ${cold.ms.toFixed(0)} ms | |`,
        `| warm build with 50 photos, one article edited: encodings, time | ${warm.encoded} (${warm.reused} images from the cache), ${warm.ms.toFixed(0)} ms | 0 ${warm.encoded === 0 ? '(met)' : '(missed)'} |`,
      );
    } finally {
      rmSync(many, { recursive: true, force: true });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return lines;
}
