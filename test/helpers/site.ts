import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { parseSiteSettings, type SiteSettings } from '../../src/engine/config/site-settings';
import { Problems } from '../../src/engine/diagnostics/diagnostic';
import type { SiteLocales } from '../../src/shared/locales';

export const REPO = path.resolve(import.meta.dirname, '../..');
const SITE_PARTS = ['content', 'locales', 'public'];
const made: string[] = [];

/** A temporary folder removed after the test file. */
export async function tempDir(prefix = 'sitegen-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * Removes the folders `tempDir` made. Run after each test file by `test/setup-file.ts`: a hook
 * here would be registered once per worker, as test files share their modules (`isolate: false`).
 */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A copy of the real site's sources (content, locales, public) in a fresh folder, using sitegen's templates. */
export async function copySite(): Promise<string> {
  const root = await tempDir('sitegen-site-');
  await Promise.all(SITE_PARTS.map((part) => cp(path.join(REPO, part), path.join(root, part), { recursive: true })));
  return root;
}

/** Rewrites one file of a site; `change` gets and returns its text. */
export async function edit(root: string, file: string, change: (text: string) => string): Promise<string> {
  const full = path.join(root, file);
  const before = await readFile(full, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${file} changed nothing`);
  await writeFile(full, after);
  return after;
}

/** The 1-based line of the first line containing `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index === -1) throw new Error(`"${needle}" not found`);
  return text.slice(0, index).split('\n').length;
}

/** Every file under `dir` with a hash of its bytes: compares whole output trees. */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const hashes = await Promise.all(
    files.map(async (file) => [path.relative(dir, file), createHash('sha256').update(await readFile(file)).digest('hex')] as const),
  );
  return new Map(hashes.sort(([a], [b]) => a.localeCompare(b)));
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `sitegen` executable as a user would: through its shebang, with its Node flags.
 * `prefix` runs it through another command (`setpriv ...`).
 */
export async function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; prefix?: string[] } = {}): Promise<CliRun> {
  const [command, ...rest] = [...(options.prefix ?? []), path.join(REPO, 'bin/sitegen.js'), ...args];
  try {
    const { stdout, stderr } = await promisify(execFile)(command!, rest, {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...options.env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs `run` with the environment variables `vars` set, then puts back what was there. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** The real site's settings (`content/site.yaml`), as the engine resolves them: its locales among them. */
export const REAL_SETTINGS: SiteSettings = (() => {
  const file = path.join(REPO, 'content/site.yaml');
  const problems = new Problems();
  const settings = parseSiteSettings(readFileSync(file, 'utf8'), file, problems);
  problems.throwIfAny();
  return settings!;
})();

/** The real site's locales, and their codes: what unit tests of the stages plan with. */
export const SITE_LOCALES: SiteLocales = REAL_SETTINGS.locales;
export const LOCALE_CODES: readonly string[] = SITE_LOCALES.all.map((locale) => locale.code);
