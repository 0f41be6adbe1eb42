/**
 * `npm run backend:install` as CI and developers run it: quick and offline when the pinned
 * servers are there, one clear line when the module proxy can't be reached, and an executable
 * that isn't the pinned build is never taken for one.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { executablePath, readPins, SERVER_NAMES } from '../../scripts/backend/pins';
import { freePort } from '../../scripts/backend/server';
import { REPO } from '../helpers/site';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function install(env: NodeJS.ProcessEnv, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/backend-install.mjs', ...args], { cwd: REPO, env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

it('is quick and needs neither Go nor the network when the pinned servers are installed, and prints one path per version last', async () => {
  const pins = readPins();
  // No Go on the PATH: only node.
  const run = await install({ ...process.env, PATH: path.dirname(process.execPath) });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.slice(-2)).toEqual(SERVER_NAMES.map((name) => executablePath(pins.servers[name].version)));
});

it('says in one line that the module proxy is unreachable, and takes no look-alike executable for the pinned one', async () => {
  const pins = readPins();
  const backend = await mkdtemp(path.join(tmpdir(), 'sitegen-backend-'));
  const modcache = await mkdtemp(path.join(tmpdir(), 'sitegen-gomodcache-'));
  temps.push(backend, modcache);
  // An executable at the pinned path that says it is the pinned version, but is not its build.
  const { version } = pins.servers.newest;
  const lookalike = path.join(backend, 'pocketbase', version, 'pocketbase');
  await mkdir(path.dirname(lookalike), { recursive: true });
  await writeFile(lookalike, `#!/bin/sh\necho "pocketbase version ${version.slice(1)}"\n`);
  await chmod(lookalike, 0o755);
  // Nothing listens on this port.
  const closed = await freePort();
  const run = await install({ ...process.env, SITEGEN_BACKEND_DIR: backend, GOPROXY: `http://127.0.0.1:${closed}`, GOMODCACHE: modcache }, ['newest']);
  expect(run.code).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^backend:install: cannot reach the Go module proxy http://127\\.0\\.0\\.1:${closed} for PocketBase ${version.replace(/\./g, '\\.')} \\(.+\\): check the network or GOPROXY, then run npm run backend:install again$`));
  expect(run.stdout).toBe('');
});
