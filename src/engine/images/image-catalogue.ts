import { imageSize } from 'image-size';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ASSETS_DIR, type OutputFiles } from '../base/output-paths';
import { Queue } from '../base/queue';
import type { SiteSettings } from '../config/site-settings';
import { ENCODED_FORMATS, encodedVariants, variantsKeyOf, variantWidths, type EncodedStore, type EncodeSettings } from './encode-images';
import { svgDataUrl } from './svg-data-url';

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
  /** A small SVG's text as a `data:` URL, for a page whose lead image it is (`placeImages`). */
  inline?: string;
}

/**
 * An SVG up to this size can be written into the page whose lead image it is (the site's covers
 * are drawings of 1.6 to 3.4 KB, 0.6 to 1 KB of the page gzipped): a page's largest paint then
 * waits for no request after the document (docs/performance.md, "Visitors: mobile LCP").
 */
export const INLINE_LEAD_SVG_BYTES = 4 * 1024;

/** The images of `public/` by URL path (`/images/team.jpg`), and what every page's images share. */
export interface ImageCatalogue {
  images: ReadonlyMap<string, ImageEntry>;
  /** Files named like images that could not be read, with why, by URL path. */
  unreadable: ReadonlyMap<string, string>;
  /** `sizes` of an image whose `<img>` does not say its own. */
  sizes: string;
}

/** The catalogue, and the encodings of the rasters pages show, made once the pages are rendered. */
export interface CataloguedImages {
  catalogue: ImageCatalogue;
  /**
   * The encoded files of the rasters whose encodings `shown` names (output paths, as pages
   * name them: `InlineSources.encodedImages`), from the store or encoded now. A raster no page
   * shows (a share image, a logo only structured data names) is never encoded.
   */
  encodeShown(shown: ReadonlySet<string>): Promise<EncodedImages>;
}

/** The encodings for the output, how many this build ran, and the rasters that would not decode. */
export interface EncodedImages {
  files: OutputFiles;
  /** Encodings this build ran (a warm build runs none): the benchmarks and tests count them. */
  encoded: number;
  /** Raster images whose encodings came from the cache. */
  reused: number;
  /** Rasters whose header was read but whose pixels could not be decoded, by URL path, with why. */
  undecodable: ReadonlyMap<string, string>;
}

/** What of the settings the encoded bytes depend on (also the cache key's part besides the source bytes). */
export function encodeSettingsOf(site: SiteSettings): EncodeSettings {
  const { widths, avifQuality, webpQuality } = site.images;
  return { widths: [...new Set(widths)].sort((a, b) => a - b), avifQuality, webpQuality };
}

/**
 * Reads the size of every image of `public/` (headers only) and names each raster's encodings
 * by the key of its bytes, settings and encoder (`variantsKeyOf`): pages render with their
 * `srcset` before anything is encoded, and `encodeShown` encodes, once the pages are there,
 * only what they show (or takes it from `store`).
 */
export async function catalogueImages(publicFiles: ReadonlyMap<string, Uint8Array>, site: SiteSettings, store: EncodedStore): Promise<CataloguedImages> {
  const images = new Map<string, ImageEntry>();
  const unreadable = new Map<string, string>();
  const settings = encodeSettingsOf(site);
  const rasters: Raster[] = [];
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
    if (!RASTER.has(format)) {
      const inline = format === 'svg' && bytes.length <= INLINE_LEAD_SVG_BYTES ? svgDataUrl(bytes) : undefined;
      images.set(url, inline ? { ...entry, inline } : entry);
      continue;
    }
    const key = await variantsKeyOf(bytes, settings);
    const stem = stemOf(name);
    const byType = new Map<string, string[]>();
    const files: string[] = [];
    for (const width of variantWidths(entry.width, settings.widths)) {
      for (const format of ENCODED_FORMATS) {
        const file = `${IMAGES_DIR}/${stem}-${width}w-${key.slice(0, 10)}.${format}`;
        files.push(file);
        byType.set(`image/${format}`, [...(byType.get(`image/${format}`) ?? []), `/${file} ${width}w`]);
      }
    }
    images.set(url, { ...entry, sources: [...byType].map(([type, candidates]) => ({ type, srcset: candidates.join(', ') })) });
    rasters.push({ url, bytes, width: entry.width, key, files });
  }
  return {
    catalogue: { images, unreadable, sizes: site.images.sizes },
    encodeShown: (shown) => encodeRasters(rasters.filter((raster) => raster.files.some((file) => shown.has(file))), settings, store),
  };
}

/** A raster of `public/` and the output paths of its encodings. */
interface Raster {
  url: string;
  bytes: Uint8Array;
  width: number;
  key: string;
  files: string[];
}

/**
 * Encodes rasters an image per core at a time (each on one thread, for reproducible bytes:
 * encode-images.ts); the files are taken in the rasters' order, whatever finished first.
 */
async function encodeRasters(rasters: readonly Raster[], settings: EncodeSettings, store: EncodedStore): Promise<EncodedImages> {
  const results: Array<Awaited<ReturnType<typeof encodedVariants>> | Error> = new Array(rasters.length);
  const encodings = new Queue(availableParallelism());
  for (const [index, raster] of rasters.entries()) {
    await encodings.add(async () => {
      results[index] = await encodedVariants(raster.bytes, raster.width, settings, store, raster.key).catch((error: unknown) => error as Error);
    });
  }
  await encodings.drain();
  const files: OutputFiles = new Map();
  const undecodable = new Map<string, string>();
  let encoded = 0;
  let reused = 0;
  for (const [index, raster] of rasters.entries()) {
    const result = results[index]!;
    if (result instanceof Error) {
      undecodable.set(raster.url, `it could not be decoded (${result.message})`);
      continue;
    }
    if (result.encoded > 0) encoded += result.encoded;
    else reused++;
    // The variants come in the order the names were made in (`variantWidths` x formats).
    for (const [at, variant] of result.variants.entries()) files.set(raster.files[at]!, variant.bytes);
  }
  return { files, encoded, reused, undecodable };
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
