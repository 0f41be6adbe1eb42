import { existsSync, readFileSync } from 'node:fs';

/**
 * Files read one at a time, after the sources were read as a whole (`read-sources.ts`): a
 * content file a large build let go of, the sources an error must be placed in, what
 * `sitegen check` reads of a site and of its output. Kept here so that reading stays in `read/`.
 */

/** A file's text; throws when it cannot be read. */
export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}

/** A file's text, or undefined when it is not there or cannot be read. */
export function readTextIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether a file (or folder) is there. */
export function isThere(file: string): boolean {
  return existsSync(file);
}
