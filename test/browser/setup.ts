import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { build, type BuildResult } from '../../src/engine';
import { launchBrowser } from '../helpers/browser';
import { REPO, tempDir, withEnv } from '../helpers/site';
import { serveDist, type StaticServer } from '../helpers/static-server';

export interface BrowserSuite {
  browser: Browser;
  server: StaticServer;
  site: BuildResult;
  out: string;
}

export interface SuiteOptions {
  /** Makes the site folder to build (default: the real site). */
  root?: () => Promise<string>;
  /** Environment variables for the build, asked for when it starts (after earlier hooks ran). */
  env?: () => Record<string, string>;
}

/** Builds a site (the real one by default) once for a test file, serves it on 127.0.0.1 and starts Chromium. */
export function browserSuite(options: SuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    const root = options.root ? await options.root() : REPO;
    suite.out = path.join(await tempDir(), 'dist');
    suite.site = await withEnv(options.env?.() ?? {}, () => build({ root, out: suite.out }));
    suite.server = await serveDist(suite.out);
    suite.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
