/**
 * What the bundled CLI loads for a command that builds nothing: `sitegen check`, `sitegen
 * translations` and `sitegen publish` read the sources and the output, and never render or
 * bundle, so none loads React or esbuild (about a tenth of `check`'s time, a fifth of
 * `translations`'s, when they came in with the engine's index). They call the engine through
 * `src/engine/inspect.ts`.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { REPO } from '../../helpers/site';

const run = promisify(execFile);

// A module hook that names on stderr every module the process loads through `import`
// (the externals of the bundle are imported: lib/ is ESM).
const HOOKS = `export async function load(url, context, next) { process._rawDebug('loaded ' + url); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;
/** Node's flags that install the hook. */
const HOOKED = ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`];

/** The packages under node_modules that a run of the CLI with `args` loaded, and what it printed on stderr. */
async function packagesLoaded(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ packages: string[]; stderr: string }> {
  const { stderr } = await run(process.execPath, [...HOOKED, path.join(REPO, 'bin/sitegen.js'), ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr: string; code: number }) => {
    // A command that fails (a check that finds problems, a refused publish) exits with 1; what it loaded is still on stderr.
    if (error.code === 1) return { stderr: error.stderr };
    throw error;
  });
  const loaded = [...stderr.matchAll(/^loaded (\S+)$/gm)].map((match) => match[1]!);
  expect(loaded.some((url) => url.endsWith('/lib/main.js')), 'the hook saw the CLI load').toBe(true);
  const packages = [...new Set(loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []))].sort();
  return { packages, stderr };
}

describe('a command that builds nothing', () => {
  it('checks the built site without loading React or esbuild', async () => {
    const { packages } = await packagesLoaded(['check', '--root', REPO, '--out', inject('realSite')]);
    expect(packages).not.toContain('react');
    expect(packages).not.toContain('react-dom');
    expect(packages).not.toContain('esbuild');
  });

  it('reports the translations without loading React or esbuild', async () => {
    const { packages } = await packagesLoaded(['translations', '--root', REPO]);
    expect(packages).toEqual([]);
  });

  it('plans a publish without loading React or esbuild', async () => {
    // The storage refuses at once: what matters is what the command loaded on its way there.
    const storage = createServer((request, response) => {
      response.writeHead(403, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
      const credentials = { AWS_ACCESS_KEY_ID: 'sitegen-test', AWS_SECRET_ACCESS_KEY: 'sitegen-test' };
      const { packages, stderr } = await packagesLoaded(['publish', '--target', 's3://site', '--endpoint', endpoint, '--out', inject('realSite'), '--dry-run'], credentials);
      // It got as far as asking the storage.
      expect(stderr).toMatch(/error: .*\[publish\//);
      expect(packages).not.toContain('react');
      expect(packages).not.toContain('react-dom');
      expect(packages).not.toContain('esbuild');
    } finally {
      await new Promise((resolve) => storage.close(resolve));
    }
  });

  it('loads them for a build, which the hook sees', async () => {
    // The other two assertions mean something only if a build's imports show here.
    const { stderr } = await run(process.execPath, [...HOOKED, '-e', "import('react').then(() => import('esbuild'))"], { cwd: REPO });
    expect(stderr).toMatch(/^loaded \S+\/node_modules\/react\//m);
    expect(stderr).toMatch(/^loaded \S+\/node_modules\/esbuild\//m);
  });
});
