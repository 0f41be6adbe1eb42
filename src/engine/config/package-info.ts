import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sitegen package folder, found from this module whether it runs from `src/` or the bundled `lib/`. */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** sitegen's version: part of every build id, so a new engine never reuses old output. */
export const ENGINE_VERSION: string = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;

/** Set by `scripts/build-cli.mjs`: a hash of the sources and dependencies `lib/` was bundled from. */
declare const __SITEGEN_CODE__: string | undefined;

/**
 * What build caches are keyed on: the version and, for the bundled engine, the code it was
 * bundled from (an engine changed and rebuilt under the same version must not reuse them).
 * Run from its sources (the tests), the engine has only its version.
 */
export const CACHE_VERSION = typeof __SITEGEN_CODE__ === 'string' ? `${ENGINE_VERSION}+${__SITEGEN_CODE__}` : ENGINE_VERSION;

/**
 * What the build caches are tied to: the engine's code, and the Node.js and ICU it runs on (they
 * format dates and numbers). A cache written by another is not used.
 */
export const CACHE_IDENTITY = `sitegen ${CACHE_VERSION} on Node.js ${process.version} (ICU ${process.versions.icu ?? 'none'})`;

/** The templates that ship with sitegen, used for sites without their own `src/templates`. */
export const BUNDLED_TEMPLATES_DIR = path.join(PACKAGE_ROOT, 'src', 'templates');

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'src', 'engine'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`sitegen: cannot find its package folder from ${start}`);
  }
}

/** The widgets that ship with sitegen, used for sites without their own `src/widgets`. */
export const BUNDLED_WIDGETS_DIR = path.join(PACKAGE_ROOT, 'src', 'widgets');
