import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, type Problems } from '../diagnostics/diagnostic';
import { contentHash } from '../base/content-hash';
import { lazyFields, lazySourceOf } from '../base/lazy-fields';

/** A source file's absolute path and text. */
export interface SourceText {
  path: string;
  text: string;
}

/**
 * A Markdown file of `content/`, with a hash of its bytes taken as it is read. A build whose
 * cache may know the file keeps the bytes and decodes them only when the text is first read: a
 * file the cache knows by its hash is neither decoded nor split (at 4,000 articles x 3 reading
 * the sources went from 0.91 to 0.77 s). Other builds decode at once and keep no bytes: a cold
 * build of 10,000 x 3 would otherwise hold 110 MB of them beside the texts until the main
 * thread's next full collection, late in the build.
 */
export interface ContentSource extends SourceText {
  /** `contentHash` (SHA-1) of the file's bytes. */
  readonly hash: string;
  /** The file's size in bytes. */
  readonly size: number;
}

export function contentSource(file: string, bytes: Buffer, decode: 'now' | 'when-read'): ContentSource {
  const hash = contentHash(bytes);
  const state: TextState = decode === 'now' ? { text: bytes.toString('utf8'), held: undefined, file, hash } : { text: undefined, held: bytes, file, hash };
  return withText({ path: file, hash, size: bytes.length }, state);
}

/**
 * Lets go of the bytes of content files not yet decoded, which the build cache knows by their
 * hash: their results come from the cache, so their text is rarely read (an error placed in
 * one, a front matter read again). At 10,000 articles x 3 a build after one edit held 116 MB
 * of them to its end. A text read after this is read again from its file, and must have the
 * bytes hashed when the build read it: a file saved since then stops the build, which would
 * otherwise mix two versions of it.
 */
export function letBytesGo(sources: Iterable<ContentSource>): void {
  for (const source of sources) {
    const state = lazySourceOf<TextState>(source);
    if (state?.held) state.held = undefined;
  }
}

/** A content file's text, or its bytes until the text is first read; neither once the bytes are let go. */
type TextState = { text: string | undefined; held: Buffer | undefined; file: string; hash: string };

const withText = lazyFields<TextState, { text: string }>({
  text(state) {
    if (state.text === undefined) {
      const bytes = state.held ?? readAgain(state);
      state.text = bytes.toString('utf8');
      state.held = undefined;
    }
    return state.text;
  },
});

/** The bytes of a file whose bytes were let go: the same as the build read, or the build stops. */
function readAgain({ file, hash }: TextState): Buffer {
  let bytes: Buffer | undefined;
  try {
    bytes = readFileSync(file);
  } catch {
    // Removed or made unreadable since: changed as much as a file saved again.
  }
  if (bytes === undefined || contentHash(bytes) !== hash) throw changedDuringBuild(file);
  return bytes;
}

/** A content file saved again (or removed) while the build ran, after the build hashed it. */
function changedDuringBuild(file: string): SiteError {
  return new SiteError('read/changed-during-build', 'the file changed while the build ran, after the build had read it', {
    file,
    hint: 'build again: the next build reads the file as it is now',
  });
}

export const withReleasedText = lazyFields<string, { text: string }>({
  text(name) {
    throw new Error(`the text of content/${name} was released after it was split`);
  },
});

/** A UTF-8 text file; one that cannot be read, or is not UTF-8, is a located problem. */
export async function readTextFile(file: string, problems: Problems): Promise<SourceText | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    unreadable(file, error, problems);
    return undefined;
  }
  return textProblem(file, bytes, problems) ? undefined : { path: file, text: bytes.toString('utf8') };
}

/** A file that exists but cannot be read: said with what to do about it. */
export function unreadable(file: string, error: unknown, problems: Problems): void {
  const code = (error as NodeJS.ErrnoException)?.code;
  const denied = code === 'EACCES' || code === 'EPERM';
  problems.add('read/unreadable', `cannot read the file: ${denied ? 'permission denied' : ((error as Error)?.message ?? String(error))}`, {
    file,
    hint: denied ? `let the user who runs the build read it (chmod a+r ${path.basename(file)}), or move it out of the site folder` : 'check that the file is a readable regular file',
    cause: error,
  });
}

/**
 * Whether `bytes` are not UTF-8 text: then a problem at the line and column of the first byte
 * that is not (Markdown, YAML and JSON are read as UTF-8; another encoding would show as
 * replacement characters on the pages).
 */
export function textProblem(file: string, bytes: Buffer, problems: Problems): boolean {
  if (isUtf8(bytes)) return false;
  const at = firstInvalidByte(bytes);
  const before = bytes.subarray(0, at);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  problems.add('read/not-utf8', `the file is not UTF-8 text: byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} cannot start or continue a character`, {
    file,
    line: before.filter((byte) => byte === 0x0a).length + 1,
    column: [...before.subarray(lineStart).toString('utf8')].length + 1,
    hint: 'save the file as UTF-8 (in most editors: "Save with Encoding" > UTF-8)',
  });
  return true;
}

/** The offset of the first byte that breaks UTF-8 in `bytes` (which `isUtf8` rejected). */
function firstInvalidByte(bytes: Buffer): number {
  for (let at = 0; at < bytes.length; ) {
    const byte = bytes[at]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0;
    if (length === 0 || at + length > bytes.length || !isUtf8(bytes.subarray(at, at + length))) return at;
    at += length;
  }
  return bytes.length - 1;
}
