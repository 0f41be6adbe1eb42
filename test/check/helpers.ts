import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { check, type Finding } from '../../src/check';
import { realSite } from '../helpers/real-site';
import { edit, REPO, tempDir } from '../helpers/site';

export const ORIGIN = 'https://www.kestrelbyte.example';

/** The real site as the bundled CLI built it for this test run; returns the output folder (read it, never change it). */
export async function buildRealSite(): Promise<string> {
  return (await realSite()).out;
}

/** A copy of a built output folder, changed by `breakIt`. */
export async function brokenCopy(out: string, breakIt: (dir: string) => Promise<unknown>): Promise<string> {
  const dir = path.join(await tempDir('sitegen-broken-'), 'dist');
  await cp(out, dir, { recursive: true });
  await breakIt(dir);
  return dir;
}

/** Rewrites a file of an output folder; fails when the change changes nothing. */
export function editOutput(dir: string, file: string, change: (text: string) => string): Promise<string> {
  return edit(dir, file, change);
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
