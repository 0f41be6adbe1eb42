import { copyFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { check, type Finding } from '../../src/check';
import { realSite } from '../helpers/real-site';
import { REPO, tempDir } from '../helpers/site';

export const ORIGIN = 'https://www.kestrelbyte.example';

/** The real site as the bundled CLI built it for this test run; returns the output folder (read it, never change it). */
export async function buildRealSite(): Promise<string> {
  return (await realSite()).out;
}

/**
 * A copy of a built output folder in `dir` whose files are hard links to the folder's: the
 * real site's output is a thousand files, and a case changes one or two of them. Change a file
 * of the copy only with `editOutput` (which replaces it) or `removeOutput`, never in place.
 */
export async function linkedCopy(out: string, dir: string): Promise<void> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  await mkdir(dir, { recursive: true });
  for (const entry of entries.filter((each) => each.isDirectory())) await mkdir(path.join(dir, path.relative(out, path.join(entry.parentPath, entry.name))), { recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const from = path.join(entry.parentPath, entry.name);
        const to = path.join(dir, path.relative(out, from));
        // Another file system: copied.
        await link(from, to).catch(() => copyFile(from, to));
      }),
  );
}

/** A copy of a built output folder (`linkedCopy`), changed by `breakIt`. */
export async function brokenCopy(out: string, breakIt: (dir: string) => Promise<unknown>): Promise<string> {
  const dir = path.join(await tempDir('sitegen-broken-'), 'dist');
  await linkedCopy(out, dir);
  await breakIt(dir);
  return dir;
}

/**
 * Rewrites a file of an output folder; fails when the change changes nothing. The file is
 * replaced, not written in place: in a `linkedCopy` it is a link to the real site's output.
 */
export async function editOutput(dir: string, file: string, change: (text: string) => string): Promise<string> {
  const full = path.join(dir, file);
  const before = await readFile(full, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${file} changed nothing`);
  await rm(full);
  await writeFile(full, after);
  return after;
}

export function removeOutput(dir: string, file: string): Promise<void> {
  return rm(path.join(dir, file));
}

/**
 * `[where, code]` of each finding: a page's URL, a source file relative to the site folder
 * with its position (`locales/hu.json:12:5`), or an output file as `dist/...`. Tests assert
 * codes, not wording (`docs/errors.md`).
 */
export function where(findings: readonly Finding[], root: string, out: string): Array<[string, string]> {
  return findings.map((finding) => {
    if (finding.url !== undefined) return [finding.url, finding.code];
    if (finding.line !== undefined) return [`${path.relative(root, finding.file!)}:${finding.line}:${finding.column}`, finding.code];
    return [path.join('dist', path.relative(out, finding.file!)), finding.code];
  });
}

/** Runs the checker on a site folder and an output folder; returns `[where, code]` pairs. */
export async function findingsOf(out: string, root = REPO): Promise<Array<[string, string]>> {
  const result = await check({ root, out });
  return where(result.findings, root, out);
}
