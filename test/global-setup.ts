import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '..');

/**
 * Once per test run, before any suite: bundles the engine into `lib/` from the sources as they
 * are now (the tests run what users run, `bin/sitegen.js`), and builds the real site with it,
 * once, for every suite that reads the built site (`test/helpers/real-site.ts`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await run(process.execPath, [path.join(REPO, 'scripts/build-cli.mjs')], { cwd: REPO });
  const dir = await mkdtemp(path.join(tmpdir(), 'sitegen-real-site-'));
  const out = path.join(dir, 'dist');
  // The environment's overrides would change the site; the build takes its time from git.
  const { SITEGEN_POCKETBASE_URL: _backend, SOURCE_DATE_EPOCH: _epoch, ...env } = process.env;
  await run(path.join(REPO, 'bin/sitegen.js'), ['build', '--root', REPO, '--out', out, '--no-cache'], { cwd: REPO, env, maxBuffer: 16 * 1024 * 1024 });
  project.provide('realSite', out);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site built once by the bundled CLI for this test run. */
    realSite: string;
  }
}
