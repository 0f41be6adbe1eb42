/**
 * Installs the pinned PocketBase servers, built from source: `go install` of the package the
 * release executables are built from, at the pinned version, with a pinned Go toolchain. Go's
 * module system checks every module it downloads against the checksum database, and the built
 * executable is compared with the SHA-256 recorded for this platform (a Go build with the same
 * toolchain, flags and sources gives the same bytes). pocketbase/README.md, "Versions", says why.
 *
 * Quick when already there: an executable whose bytes (or, on a platform with no recorded hash,
 * whose `--version`) match is kept as it is, and nothing is fetched.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { backendRoot, executablePath, pinnedHash, platformKey, readPins, sha256File, type PinnedServer, type Pins } from './pins';

const run = promisify(execFile);

/** A failure the installer explains in one line. */
export class InstallError extends Error {}

/** Installs one version (if needed) and returns its executable's path. */
export async function installServer(server: PinnedServer, pins: Pins = readPins(), log: (line: string) => void = () => {}): Promise<string> {
  const { version } = server;
  const exe = executablePath(version);
  if (existsSync(exe) && (await isPinned(exe, version, pins))) return exe;

  const go = await goCommand();
  await checkProxy(go, pins, version);
  log(`building PocketBase ${version} from source with ${server.go} (a few minutes the first time)`);
  const staging = await mkdtemp(path.join(await ensureDir(path.join(backendRoot(), 'pocketbase')), '.staging-'));
  try {
    await goInstall(go, pins, server, staging);
    const built = path.join(staging, path.basename(pins.package));
    await verify(built, version, pins);
    await mkdir(path.dirname(exe), { recursive: true });
    await chmod(built, 0o755);
    await rename(built, exe);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return exe;
}

async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The version an executable reports, e.g. `0.40.4`. */
export async function reportedVersion(exe: string): Promise<string> {
  const { stdout } = await run(exe, ['--version'], { timeout: 30_000 });
  return stdout.trim().split(/\s+/).pop() ?? '';
}

async function isPinned(exe: string, version: string, pins: Pins): Promise<boolean> {
  const hash = pinnedHash(pins, version);
  if (hash) return (await sha256File(exe)) === hash;
  return (await reportedVersion(exe).catch(() => '')) === version.replace(/^v/, '');
}

async function verify(built: string, version: string, pins: Pins): Promise<void> {
  const reported = await reportedVersion(built);
  if (reported !== version.replace(/^v/, '')) {
    throw new InstallError(`the PocketBase built for ${version} reports version ${reported}: not installed`);
  }
  const expected = pinnedHash(pins, version);
  if (!expected) return;
  const actual = await sha256File(built);
  if (actual !== expected) {
    throw new InstallError(
      `the PocketBase ${version} built here has SHA-256 ${actual}, not the ${expected} recorded for ${platformKey()} in pocketbase/versions.json: not installed (a changed toolchain or source; see pocketbase/README.md, "Versions")`,
    );
  }
}

async function goCommand(): Promise<string> {
  const go = process.env.GO ?? 'go';
  try {
    await run(go, ['version'], { timeout: 30_000 });
  } catch {
    throw new InstallError(`Go is not on PATH: it builds PocketBase from source (Go 1.21 or newer, any version: the pinned toolchain is fetched as a module); install it, then run npm run backend:install again`);
  }
  return go;
}

/** The environment of the Go build: the pinned toolchain, no C, paths and VCS data left out of the executable. */
function goEnv(toolchain: string, gobin?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(gobin ? { GOBIN: gobin } : {}),
    GOTOOLCHAIN: toolchain,
    CGO_ENABLED: '0',
    GOFLAGS: '-trimpath -buildvcs=false',
    GOWORK: 'off',
    GO111MODULE: 'on',
  };
}

/**
 * Says in one line when the module proxy can't be reached, before Go tries (Go would retry and
 * print a page of errors). Skipped when the module's source is already in Go's module cache.
 */
async function checkProxy(go: string, pins: Pins, version: string): Promise<void> {
  const { stdout } = await run(go, ['env', 'GOPROXY', 'GOMODCACHE'], { env: { ...process.env, GOTOOLCHAIN: 'local' } });
  const [goproxy = '', modcache = ''] = stdout.split('\n');
  if (existsSync(path.join(modcache, 'cache/download', pins.module, '@v', `${version}.zip`))) return;
  const proxy = goproxy.split(/[,|]/).find((entry) => /^https?:\/\//.test(entry));
  if (!proxy) return;
  const url = `${proxy.replace(/\/$/, '')}/${pins.module}/@v/${version}.info`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new InstallError(`cannot reach the Go module proxy ${proxy} for PocketBase ${version} (${cause}): check the network or GOPROXY, then run npm run backend:install again`);
  }
}

function goInstall(go: string, pins: Pins, server: PinnedServer, gobin: string): Promise<void> {
  const { version } = server;
  const ldflags = `-s -w -X ${pins.module}.Version=${version.replace(/^v/, '')}`;
  return new Promise((resolve, reject) => {
    const child = spawn(go, ['install', `-ldflags=${ldflags}`, `${pins.package}@${version}`], { cwd: tmpdir(), env: goEnv(server.go, gobin), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.split('\n').filter((line) => line.trim() && !line.startsWith('go: downloading'));
      reject(new InstallError(`go install of PocketBase ${version} failed: ${lines.slice(-1)[0]?.trim() ?? `exit code ${code}`}`));
    });
  });
}
