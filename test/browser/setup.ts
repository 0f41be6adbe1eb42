import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { readBuilt, realSite, type RealSite } from '../helpers/real-site';
import { REPO, runCli, tempDir } from '../helpers/site';
import { serveDist, type StaticServer } from '../helpers/static-server';

export interface BrowserSuite {
  browser: Browser;
  server: StaticServer;
  site: RealSite;
  out: string;
}

export interface SuiteOptions {
  /** Makes the site folder to build (default: the real site). */
  root?: () => Promise<string>;
  /** Environment variables for the build, asked for when it starts (after earlier hooks ran). */
  env?: () => Record<string, string>;
}

/**
 * Serves a built site on 127.0.0.1 and starts Chromium, for a test file: the real site as this
 * test run built it, or a site built with the bundled CLI for this file (its own sources or
 * environment).
 */
export function browserSuite(options: SuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    if (options.root || options.env) {
      const root = options.root ? await options.root() : REPO;
      suite.out = path.join(await tempDir(), 'dist');
      const built = await runCli(['build', '--root', root, '--out', suite.out, '--no-cache'], { env: options.env?.() ?? {} });
      if (built.code !== 0) throw new Error(`the build failed: ${built.stderr}`);
      suite.site = await readBuilt(suite.out, root);
    } else {
      suite.site = await realSite();
      suite.out = suite.site.out;
    }
    suite.server = await serveDist(suite.out);
    suite.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
