/**
 * Screenshots of every template in every locale at 390 px and 1366 px wide (the review widths), light and dark,
 * to look at the site as a visitor would: `npm run screenshots` writes them to screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { consentCookies, launchBrowser, newContext } from '../test/helpers/browser';
import { serveDist } from '../test/helpers/static-server';

/** One page per template, by its English path; the other locales come from the route manifest. */
const SAMPLES = [
  '/',
  '/services',
  '/clickup-onboarding',
  '/customer-portal',
  '/clickup-as-erp',
  '/tender',
  '/tender/cloud-infrastructure-development',
  '/career',
  '/about-us',
  '/contact',
  '/offer',
  '/successful-contact',
  '/failed-contact',
  '/does-not-exist',
];

export async function takeScreenshots(repo: string, outDir: string): Promise<string[]> {
  const build = mkdtempSync(path.join(tmpdir(), 'sitegen-shots-'));
  const dist = path.join(build, 'dist');
  execFileSync(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'build', '--out', dist], { cwd: repo, stdio: 'inherit' });
  const server = await serveDist(dist);
  const browser = await launchBrowser();
  const written: string[] = [];
  try {
    const latest = (await (await fetch(`${server.url}/_sitegen/builds/latest.json`)).json()) as { release: string };
    const meta = (await (await fetch(`${server.url}/_sitegen/builds/meta/${latest.release}.json`)).json()) as {
      routes: Record<string, { alternates: Record<string, string> }>;
    };
    mkdirSync(outDir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [390, 1366]) {
        const context = await newContext(browser, { viewport: { width, height: 900 }, colorScheme: scheme });
        // Consent already given: the banner would hide the page's bottom in every shot.
        await context.addCookies([
          ...consentCookies(server.url),
          { name: 'i18n_redirected', value: 'en', url: server.url },
        ]);
        const page = await context.newPage();
        for (const sample of SAMPLES) {
          const alternates = meta.routes[sample]?.alternates ?? { en: sample, hu: `/hu${sample}`, de: `/de${sample}` };
          for (const [locale, url] of Object.entries(alternates)) {
            await page.goto(server.url + url, { waitUntil: 'networkidle' });
            const name = `${(sample === '/' ? 'home' : sample.slice(1).replace(/\//g, '_'))}.${locale}.${width}.${scheme}.png`;
            await page.screenshot({ path: path.join(outDir, name), fullPage: true });
            written.push(name);
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(build, { recursive: true, force: true });
  }
  return written;
}
