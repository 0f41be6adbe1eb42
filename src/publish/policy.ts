/**
 * The security headers a build needs its host to send (its policy), as the deploy record keeps
 * them. Behind S3 the host's headers are set by hand (a CloudFront response headers policy, an
 * nginx snippet: docs/security.md); when a build's inline hashes change and the host keeps the
 * old policy, the new pages go live unstyled and without widgets. So a publish compares the
 * build's policy with the live build's and stops when they differ (docs/publish.md, "Safety").
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HEADERS_FILE, headersForPath } from '../engine/inspect';
import { policyOf, type Policy } from './policy-of';

export { policyOf, type Policy, type PolicyHeader } from './policy-of';

/** The policy of a built output folder: the headers its `_headers` gives every path; undefined without the file. */
export async function readPolicy(dir: string): Promise<Policy | undefined> {
  const file = path.join(dir, HEADERS_FILE);
  if (!existsSync(file)) return undefined;
  return policyOf(headersForPath(await readFile(file, 'utf8'), '/'));
}

/**
 * What changed from one policy to another, a line per change: a header added, removed or with
 * another value, and for the Content-Security-Policy each directive's sources added (+) and
 * removed (-), which is where a changed stylesheet or loader shows (a new `'sha256-…'`).
 */
export function policyDiff(before: Policy, after: Policy): string[] {
  const lines: string[] = [];
  const old = new Map(before.headers.map(([name, value]) => [name.toLowerCase(), [name, value] as const]));
  const now = new Map(after.headers.map(([name, value]) => [name.toLowerCase(), [name, value] as const]));
  for (const [key, [name, value]] of old) if (!now.has(key)) lines.push(`- ${name}: ${value}`);
  for (const [key, [name, value]] of now) {
    const previous = old.get(key);
    if (!previous) lines.push(`+ ${name}: ${value}`);
    else if (previous[1] !== value) lines.push(...(key === 'content-security-policy' ? cspDiff(previous[1], value) : [`~ ${name}: ${previous[1]} -> ${value}`]));
  }
  return lines;
}

function cspDiff(before: string, after: string): string[] {
  const old = directives(before);
  const now = directives(after);
  const lines: string[] = [];
  for (const name of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(name);
    const is = now.get(name);
    if (!is) {
      lines.push(`- Content-Security-Policy ${name} ${was!.join(' ')}`.trimEnd());
      continue;
    }
    if (!was) {
      lines.push(`+ Content-Security-Policy ${name} ${is.join(' ')}`.trimEnd());
      continue;
    }
    const added = is.filter((source) => !was.includes(source));
    const removed = was.filter((source) => !is.includes(source));
    for (const source of removed) lines.push(`- Content-Security-Policy ${name} ${source}`);
    for (const source of added) lines.push(`+ Content-Security-Policy ${name} ${source}`);
  }
  return lines;
}

function directives(policy: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) result.set(name.toLowerCase(), sources);
  }
  return result;
}
