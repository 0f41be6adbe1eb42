import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { build, type BuildResult } from '../../src/engine';
import { launchBrowser } from '../helpers/browser';
import { REPO, tempDir } from '../helpers/site';
import { serveDist, type StaticServer } from '../helpers/static-server';

export interface BrowserSuite {
  browser: Browser;
  server: StaticServer;
  site: BuildResult;
  out: string;
}

/** Builds the real site once for a test file, serves it on 127.0.0.1 and starts Chromium. */
export function browserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.out = path.join(await tempDir(), 'dist');
    suite.site = await build({ root: REPO, out: suite.out });
    suite.server = await serveDist(suite.out);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
