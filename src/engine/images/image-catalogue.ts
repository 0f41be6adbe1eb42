import { imageSize } from 'image-size';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ASSETS_DIR, type OutputFiles } from '../base/output-paths';
import { contentHash } from '../base/content-hash';
import { Queue } from '../base/queue';
import type { SiteSettings } from '../config/site-settings';
import { encodedVariants, type EncodedStore, type EncodeSettings } from './encode-images';

/** The formats an `<img>` of the site may show; the raster ones are encoded again (`RASTER`). */
export type ImageFormat = 'svg' | 'png' | 'jpeg' | 'webp' | 'avif' | 'gif';

/** Raster formats that are resized and served as AVIF and WebP; GIF (often animated) and SVG pass through. */
const RASTER: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'webp', 'avif']);

const EXTENSIONS: Readonly<Record<string, ImageFormat>> = { svg: 'svg', png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp', avif: 'avif', gif: 'gif' };

/** Where encoded images go: content-hashed names under the immutable assets path. */
export const IMAGES_DIR = `${ASSETS_DIR}/images`;

/** What a page's `<img>` needs to know of a file of `public/`. Plain data: it crosses to page workers. */
export interface ImageEntry {
  /** The size the file shows at (EXIF orientation applied), in CSS pixels at 1x. */
  width: number;
  height: number;
  format: ImageFormat;
  /** A raster image's encodings, best first, each as a `<source>` would list it. */
  sources?: ReadonlyArray<{ type: string; srcset: string }>;
}

/** The images of `public/` by URL path (`/images/team.jpg`), and what every page's images share. */
export interface ImageCatalogue {
  images: ReadonlyMap<string, ImageEntry>;
  /** Files named like images that could not be read, with why, by URL path. */
  unreadable: ReadonlyMap<string, string>;
  /** `sizes` of an image whose `<img>` does not say its own. */
  sizes: string;
}

/** The catalogue, the encoded files for the output, and how many encodings this build ran. */
export interface CataloguedImages {
  catalogue: ImageCatalogue;
  files: OutputFiles;
  /** Encodings this build ran (a warm build runs none): the benchmarks and tests count them. */
  encoded: number;
  /** Raster images whose encodings came from the cache. */
  reused: number;
}

/** What of the settings the encoded bytes depend on (also the cache key's part besides the source bytes). */
export function encodeSettingsOf(site: SiteSettings): EncodeSettings {
  const { widths, avifQuality, webpQuality } = site.images;
  return { widths: [...new Set(widths)].sort((a, b) => a - b), avifQuality, webpQuality };
}

/**
 * Reads the size of every image of `public/` and encodes each raster one (or takes its
 * encodings from `store`). Reading sizes costs little (headers only); encoding runs only for
 * a source whose bytes or settings the store has not seen.
 */
export async function catalogueImages(publicFiles: ReadonlyMap<string, Uint8Array>, site: SiteSettings, store: EncodedStore): Promise<CataloguedImages> {
  const images = new Map<string, ImageEntry>();
  const unreadable = new Map<string, string>();
  const files: OutputFiles = new Map();
  const settings = encodeSettingsOf(site);
  let encoded = 0;
  let reused = 0;
  const rasters: Array<{ url: string; name: string; bytes: Uint8Array; entry: ImageEntry }> = [];
  for (const [name, bytes] of publicFiles) {
    const format = EXTENSIONS[path.extname(name).slice(1).toLowerCase()];
    if (!format) continue;
    const url = `/${name}`;
    const size = sizeOf(bytes);
    if (typeof size === 'string') {
      unreadable.set(url, size);
      continue;
    }
    const entry: ImageEntry = { ...size, format };
    images.set(url, entry);
    if (RASTER.has(format)) rasters.push({ url, name, bytes, entry });
  }
  // An image per core at a time (each encodes on one thread, for reproducible bytes:
  // encode-images.ts); the results are taken in the files' order, whatever finished first.
  const results: Array<Awaited<ReturnType<typeof encodedVariants>> | Error> = new Array(rasters.length);
  const encodings = new Queue(availableParallelism());
  for (const [index, raster] of rasters.entries()) {
    await encodings.add(async () => {
      results[index] = await encodedVariants(raster.bytes, raster.entry.width, settings, store).catch((error: unknown) => error as Error);
    });
  }
  await encodings.drain();
  for (const [index, raster] of rasters.entries()) {
    const result = results[index]!;
    if (result instanceof Error) {
      images.delete(raster.url);
      unreadable.set(raster.url, `it could not be decoded (${result.message})`);
      continue;
    }
    const variants = result.variants;
    if (result.encoded > 0) encoded += result.encoded;
    else reused++;
    const stem = stemOf(raster.name);
    const byType = new Map<string, string[]>();
    for (const variant of variants) {
      const file = `${IMAGES_DIR}/${stem}-${variant.width}w-${contentHash(variant.bytes).slice(0, 10)}.${variant.format}`;
      files.set(file, variant.bytes);
      const type = `image/${variant.format}`;
      byType.set(type, [...(byType.get(type) ?? []), `/${file} ${variant.width}w`]);
    }
    images.set(raster.url, { ...raster.entry, sources: [...byType].map(([type, candidates]) => ({ type, srcset: candidates.join(', ') })) });
  }
  return { catalogue: { images, unreadable, sizes: site.images.sizes }, files, encoded, reused };
}

/** The displayed size of an image file, or why it could not be read. */
function sizeOf(bytes: Uint8Array): { width: number; height: number } | string {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return 'its size could not be read';
    // EXIF orientations 5 to 8 turn the picture a quarter: it shows with width and height swapped.
    return (size.orientation ?? 1) >= 5 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch (error) {
    return `it is not an image sitegen can read (${(error as Error).message})`;
  }
}

/** A readable, URL-safe part of the file's name for its encodings. */
function stemOf(name: string): string {
  const stem = path.basename(name, path.extname(name)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return stem || 'image';
}
