import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** sharp's `versions`: sharp's own and those of libvips and the libraries it was built with. */
export type EncoderVersions = Record<string, string | undefined>;

/**
 * The versions sharp reports (`sharp.versions`), read from the package files it reads them from,
 * without loading sharp: loading it (its JavaScript and the native libvips) took 50–80 ms of a
 * build that encodes nothing and only names the encodings (`variantsKeyOf`). Undefined when
 * sharp would not use its prebuilt binaries (a binary built from source, which may use the
 * system's libvips, or the WebAssembly one): then only sharp itself can tell.
 *
 * Mirrors sharp's `lib/sharp` and `lib/utility` (0.35): the binary built from source is tried
 * first, then `@img/sharp-<platform>`, whose libvips is the one of `@img/sharp-libvips-<platform>`;
 * its versions come from `@img/sharp-<platform>/versions`, else `@img/sharp-libvips-<platform>/versions`.
 * A test holds this to what sharp reports.
 */
export function prebuiltEncoderVersions(): EncoderVersions | undefined {
  try {
    // Resolved from sharp's own folder, as sharp resolves them.
    const entry = createRequire(import.meta.url).resolve('sharp');
    const sharpRequire = createRequire(entry);
    const sharpDir = packageDir(entry);
    const { version } = JSON.parse(readFileSync(path.join(sharpDir, 'package.json'), 'utf8')) as { version: string };
    const detectLibc = sharpRequire('detect-libc') as { isNonGlibcLinuxSync(): boolean; familySync(): string | null };
    const platform = `${process.platform}${detectLibc.isNonGlibcLinuxSync() ? detectLibc.familySync() : ''}-${process.arch}`;
    const release = path.join(sharpDir, 'src', 'build', 'Release');
    if (existsSync(path.join(release, `sharp-${platform}-${version}.node`)) || existsSync(path.join(release, `sharp-wasm32-${version}.node`))) return undefined;
    // The prebuilt binary must be there, or sharp would fail to load (and encode nothing).
    sharpRequire.resolve(`@img/sharp-${platform}/package`);
    let versions: EncoderVersions;
    try {
      versions = { ...(sharpRequire(`@img/sharp-${platform}/versions`) as EncoderVersions) };
    } catch {
      versions = { ...(sharpRequire(`@img/sharp-libvips-${platform}/versions`) as EncoderVersions) };
    }
    versions.sharp = version;
    return versions;
  } catch {
    return undefined;
  }
}

/** The folder of the package a resolved file belongs to. */
function packageDir(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && path.basename(path.dirname(dir)) === 'node_modules') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package folder above ${file}`);
  }
}
