/**
 * The PocketBase servers this project runs: which versions (pocketbase/versions.json), where
 * they are installed (an ignored folder of the repo) and how to tell an installed one is the
 * one pinned. Shared by the installer, the test helper and the development command.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Which of the pinned servers: the newest release, or the oldest the migrations support. */
export type ServerName = 'newest' | 'oldest';
export const SERVER_NAMES: readonly ServerName[] = ['newest', 'oldest'];

export interface Pins {
  /** The Go module PocketBase is released from. */
  module: string;
  /** The package its release executables are built from. */
  package: string;
  servers: Record<ServerName, PinnedServer>;
  /** SHA-256 of each executable as this toolchain builds it, per platform (`linux-amd64`). */
  sha256?: Record<string, Record<string, string>>;
}

export interface PinnedServer {
  /** The release, e.g. `v0.40.4`. */
  version: string;
  /**
   * The Go toolchain that builds it (Go's toolchain switch fetches it as a module): one of the
   * Go line the release names. v0.23's SQLite (modernc.org/libc 1.55) crashes when built with Go 1.27.
   */
  go: string;
}

export function readPins(): Pins {
  return JSON.parse(readFileSync(path.join(REPO, 'pocketbase/versions.json'), 'utf8')) as Pins;
}

/** The folder the servers are installed into: `.backend/` of the repo, or `SITEGEN_BACKEND_DIR`. */
export function backendRoot(): string {
  return process.env.SITEGEN_BACKEND_DIR ? path.resolve(process.env.SITEGEN_BACKEND_DIR) : path.join(REPO, '.backend');
}

/** Where the executable of a version lives once installed. */
export function executablePath(version: string): string {
  return path.join(backendRoot(), 'pocketbase', version, 'pocketbase');
}

/** The platform key of the `sha256` pins, e.g. `linux-amd64`. */
export function platformKey(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return `${process.platform}-${arch}`;
}

export function pinnedHash(pins: Pins, version: string): string | undefined {
  return pins.sha256?.[platformKey()]?.[version];
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
