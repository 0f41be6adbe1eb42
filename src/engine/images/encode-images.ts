import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { seal, unseal } from '../base/sealed-file';
import { temporaryName } from '../base/temporary-file';
import { prebuiltEncoderVersions, type EncoderVersions } from './encoder-versions';

/** What the encoded bytes depend on besides the source: part of the cache key. */
export interface EncodeSettings {
  /** Widths to resize to, ascending; a source is never made wider than it is. */
  widths: readonly number[];
  avifQuality: number;
  webpQuality: number;
}

/** One encoding of a source at one width. */
export interface EncodedVariant {
  format: 'avif' | 'webp';
  width: number;
  bytes: Uint8Array;
}

/**
 * Encodings kept between builds, by `variantsKey`: in memory for a watch session, in
 * `.sitegen-cache/images/` for a persistent cache. Safe to lose: an image is encoded again.
 */
export interface EncodedStore {
  get(key: string): Promise<readonly EncodedVariant[] | undefined>;
  put(key: string, variants: readonly EncodedVariant[]): Promise<void>;
}

/** The formats every raster image is served in, best first; the source's own format is the fallback. */
export const ENCODED_FORMATS = ['avif', 'webp'] as const;

/** The widths a source of `width` pixels is encoded at: the configured ones below it, and its own when no wider one is configured. */
export function variantWidths(width: number, widths: readonly number[]): number[] {
  const below = widths.filter((candidate) => candidate < width);
  return width <= Math.max(...widths) ? [...below, width] : below;
}

/**
 * What a source's encodings are kept and named by (`variantsKey`): the same key, the same
 * bytes, so pages can name the encoded files before any is encoded, and only the encodings
 * that a page shows are made.
 */
export async function variantsKeyOf(bytes: Uint8Array, settings: EncodeSettings): Promise<string> {
  return variantsKey(bytes, settings, await encoderVersions());
}

let versionsRead: Promise<EncoderVersions> | undefined;

/** sharp's versions, from its package files when it would use its prebuilt binaries, else from sharp loaded. */
function encoderVersions(): Promise<EncoderVersions> {
  versionsRead ??= Promise.resolve(prebuiltEncoderVersions()).then((versions) => versions ?? loadSharp().then((sharp) => sharp.versions));
  return versionsRead;
}

/**
 * The encodings of a raster source (whose `variantsKeyOf` is `key`), from the store or encoded
 * now (and stored). `encoded` says how many encodings ran: none when the store had them.
 */
export async function encodedVariants(bytes: Uint8Array, width: number, settings: EncodeSettings, store: EncodedStore, key: string): Promise<{ variants: readonly EncodedVariant[]; encoded: number }> {
  const sharp = await loadSharp();
  const known = await store.get(key);
  if (known) return { variants: known, encoded: 0 };
  const variants: EncodedVariant[] = [];
  for (const target of variantWidths(width, settings.widths)) {
    for (const format of ENCODED_FORMATS) {
      // `rotate()` applies the EXIF orientation; metadata is left out of the encodings.
      const image = sharp.default(bytes, { failOn: 'error' }).rotate().resize({ width: target, withoutEnlargement: true });
      const output = format === 'avif' ? image.avif({ quality: settings.avifQuality, effort: 4 }) : image.webp({ quality: settings.webpQuality, effort: 4 });
      variants.push({ format, width: target, bytes: new Uint8Array(await output.toBuffer()) });
    }
  }
  await store.put(key, variants);
  return { variants, encoded: variants.length };
}

/** The source's bytes, the settings and the encoder's versions (another libvips may encode other bytes). */
function variantsKey(bytes: Uint8Array, settings: EncodeSettings, versions: EncoderVersions): string {
  return createHash('sha256')
    .update(bytes)
    .update('\0')
    .update(JSON.stringify([settings.widths, settings.avifQuality, settings.webpQuality, versions.sharp, versions.vips, versions.aom, versions.webp]))
    .digest('hex')
    .slice(0, 32);
}

type Sharp = (typeof import('sharp'))['default'];
let sharpModule: Promise<{ default: Sharp; versions: EncoderVersions }> | undefined;

/** sharp (a native library) is loaded only by a build that has raster images to encode. */
function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // One thread per encoding: libaom's AVIF output depends on the number of threads it
    // encodes with (libvips' concurrency, the machine's cores by default), so a laptop, a
    // 2-core CI machine and a build with a worker per core would write different bytes and
    // names. Images still encode side by side, one per libuv thread.
    sharp.concurrency(1);
    return { default: sharp, versions: sharp.versions as unknown as EncoderVersions };
  });
  return sharpModule;
}

/** A store in memory: a watch session keeps its encodings while it runs. */
export function memoryStore(): EncodedStore {
  const kept = new Map<string, readonly EncodedVariant[]>();
  return {
    get: async (key) => kept.get(key),
    put: async (key, variants) => void kept.set(key, variants),
  };
}

/**
 * A store in a folder of the build cache, one sealed file per source: a damaged or cut-short
 * file is ignored (the image is encoded again), never served.
 */
export function folderStore(dir: string, memory: EncodedStore = memoryStore()): EncodedStore {
  return {
    async get(key) {
      const kept = await memory.get(key);
      if (kept) return kept;
      let file: Buffer;
      try {
        file = await readFile(path.join(dir, `${key}.bin`));
      } catch {
        return undefined;
      }
      const payload = unseal(file);
      if (!payload) return undefined;
      try {
        const variants = deserialize(payload) as EncodedVariant[];
        await memory.put(key, variants);
        return variants;
      } catch {
        return undefined;
      }
    },
    async put(key, variants) {
      await memory.put(key, variants);
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, `${key}.bin`);
      const temporary = temporaryName(target);
      await writeFile(temporary, seal(serialize(variants)));
      await rename(temporary, target);
    },
  };
}
