import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../base/content-hash';
import { temporaryName } from '../base/temporary-file';
import { folderKey, LATEST, type OutputLayout } from './output-folder';

/**
 * Each copy of the output (the live folder, the standby copy) has a manifest in
 * `manifests/<device>-<inode>.json` (output-folder.ts): its files and the hash of each one's
 * bytes. A build compares what it makes with them and writes only what differs.
 */

/** A copy's files (path -> `contentHash` of its bytes); `complete` once a build committed it. */
export interface CopyManifest {
  files: Record<string, string>;
  complete: boolean;
}

function manifestFile(layout: OutputLayout, key: string): string {
  return path.join(layout.manifests, `${key}.json`);
}

/** The manifest kept for the folder `key`, if any (a damaged one is none). */
export function readManifest(layout: OutputLayout, key: string): CopyManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(layout, key), 'utf8')) as CopyManifest;
    return manifest && typeof manifest.files === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a copy's manifest, the JSON of `CopyManifest`, through a buffer of a megabyte: at
 * 139,000 files (10,000 articles x 3) the object and the text of it made whole were 85 MB of
 * short-lived memory at the end of the write, where a large build's resident size peaks.
 */
export function writeManifest(layout: OutputLayout, key: string, files: ReadonlyMap<string, string>, complete: boolean): void {
  mkdirSync(layout.manifests, { recursive: true });
  const file = manifestFile(layout, key);
  const temporary = temporaryName(file);
  const fd = openSync(temporary, 'w');
  try {
    const out = new JsonOut(fd).text('{"files":{');
    let separator = '"';
    files.forEach((fileHash, name) => {
      out.text(separator).string(name).text('":"').string(fileHash).text('"');
      separator = ',"';
    });
    out.text(`},"complete":${complete}}`).flush();
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/** JSON text into a file through one buffer: no string made for what needs no escaping. */
class JsonOut {
  private readonly buffer = Buffer.allocUnsafe(1 << 20);
  private at = 0;
  constructor(private readonly fd: number) {}

  /** Text written as it is. */
  text(text: string): this {
    // A UTF-8 character is at most three bytes for each UTF-16 unit.
    if (this.at + text.length * 3 > this.buffer.length) this.flush();
    if (text.length * 3 > this.buffer.length) writeSync(this.fd, text);
    else this.at += this.buffer.write(text, this.at);
    return this;
  }

  /** The inside of a JSON string. */
  string(value: string): this {
    return this.text(NEEDS_ESCAPE.test(value) ? JSON.stringify(value).slice(1, -1) : value);
  }

  flush(): void {
    if (this.at > 0) writeSync(this.fd, this.buffer, 0, this.at);
    this.at = 0;
  }
}

/** What JSON.stringify escapes in a string: quote, backslash, control characters and lone surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The copy `key` is about to change: no manifest describes it until it is written again. */
export function forgetManifest(layout: OutputLayout, key: string): void {
  rmSync(manifestFile(layout, key), { force: true });
}

/** Deletes the manifests of folders other than `keys` (gone, or replaced). */
export function keepManifests(layout: OutputLayout, keys: ReadonlyArray<string | undefined>): void {
  if (!existsSync(layout.manifests)) return;
  for (const name of readdirSync(layout.manifests)) {
    if (!keys.some((key) => name === `${key}.json`)) rmSync(path.join(layout.manifests, name), { force: true });
  }
}

/**
 * The manifest of the copy in `dir`, when one is kept for the folder and it still holds what
 * the manifest says. The live output is checked against its `latest.json` (the build id): a
 * folder put in its place, which may reuse an inode, is not trusted.
 */
export function manifestOf(layout: OutputLayout, dir: string, checkLatest: boolean): Map<string, string> | undefined {
  const key = folderKey(dir);
  const manifest = key && readManifest(layout, key);
  if (!manifest) return undefined;
  if (checkLatest) {
    const recorded = manifest.files[LATEST];
    let actual: string | undefined;
    try {
      actual = contentHash(readFileSync(path.join(dir, LATEST)));
    } catch {
      actual = undefined;
    }
    if (!manifest.complete || recorded === undefined || recorded !== actual) return undefined;
  }
  // Not `Object.entries`: an array for each of up to 139,000 files, only to be let go.
  const files = new Map<string, string>();
  for (const name in manifest.files) files.set(name, manifest.files[name]!);
  return files;
}

/**
 * `standby` with the live manifest's string of each hash that is the same in both: they were
 * two copies of nearly every hash (139,000 files at 10,000 articles x 3, about 8 MB each).
 */
export function sharingHashes(standby: Map<string, string> | undefined, live: Map<string, string> | undefined): Map<string, string> | undefined {
  if (standby && live) {
    standby.forEach((fileHash, name) => {
      const liveHash = live.get(name);
      if (liveHash === fileHash) standby.set(name, liveHash);
    });
  }
  return standby;
}
