import { findTags, type TagReader } from '../../shared/html-tags';
import { attributeOf, type HtmlTag } from '../../shared/html-walk';
import type { ImageCatalogue, ImageEntry } from './image-catalogue';

/** An `<img>` whose file is not there or could not be read. */
export interface ImageProblem {
  src: string;
  /** Why: the file is not in `public/`, or what reading it said. */
  reason: 'missing' | 'unreadable';
  detail?: string;
}

/**
 * An image this large (width x height at 1x, in CSS pixels) or larger is "large": the first
 * on a page is likely its largest content at the top (hero, cover), fetched with high priority
 * and not lazily; a flag, a logo or an icon is not.
 */
export const LARGE_IMAGE_AREA = 100_000;

type Attributes = Array<[name: string, value: string | undefined]>;

/**
 * Gives every `<img>` of a page of the site (Markdown or template) what the file says:
 * `width` and `height` (a template's own are kept when they have the file's proportions, as the
 * size it shows the image at), `decoding="async"`, and `loading="lazy"` except for the page's
 * first large image in its `<main>` (the footer's images are below the fold on every page, and
 * a page without a large image of its own has no lead), which gets `fetchpriority="high"`, and an image the template gave
 * `fetchpriority="low"` (wanted with the page, but after the rest). A raster image becomes a `<picture>`
 * with its AVIF and WebP encodings (`srcset`, `sizes`) before the `<img>` of the original file.
 * The preload of a raster lead image names its AVIF encodings; a lead image that is a small SVG
 * (`ImageEntry.inline`) is written into the page as a `data:` URL, and its preload dropped: the
 * largest paint then waits for no request after the document. Images outside the site
 * (another origin, `data:`) are left as written; `problems` lists the site's images that are
 * not there or could not be read. The tags are read with `findTags` (`readTags`): a cold build
 * of the real site took 5-7 % less time than with the tokenizer walk, `tagsByWalk`, which reads
 * them the same (`docs/performance.md`, "Placing images: reading only the tags it needs").
 */
export function placeImages(html: string, catalogue: ImageCatalogue, readTags: TagReader = findTags): { html: string; problems: ImageProblem[] } {
  const problems: ImageProblem[] = [];
  let leadTaken = false;
  /** The lead image, when it is written into the page: its preload goes. */
  let inlinedLead: string | undefined;
  /** `sizes` each raster image was given, for its preload. */
  const sizesOf = new Map<string, string>();
  /** The images and preloads, in order, with what replaces each (undefined: kept as written). */
  const edits: Array<{ tag: HtmlTag; inMain: boolean; inPicture: boolean; text?: string }> = [];
  let inMain = 0;
  let sawMain = false;
  let inPicture = 0;
  readTags(html, {
    wanted: (name) => name === 'img' || name === 'link' || name === 'main' || name === 'picture',
    open(tag) {
      if (tag.name === 'main') {
        inMain++;
        sawMain = true;
      } else if (tag.name === 'picture') inPicture++;
      else if (tag.name === 'img' || (tag.name === 'link' && attributeOf(tag, 'rel') === 'preload' && attributeOf(tag, 'as') === 'image' && attributeOf(tag, 'href') !== undefined)) {
        edits.push({ tag, inMain: inMain > 0, inPicture: inPicture > 0 });
      }
    },
    close(name) {
      if (name === 'main') inMain--;
      else if (name === 'picture') inPicture--;
    },
  });
  // Images first: a preload (in the head) names the `sizes` its image got further down. In a
  // fragment without a `<main>` (a Markdown body) every image may be the lead.
  for (const edit of edits) if (edit.tag.name === 'img') edit.text = placeImage(edit.tag, edit.inMain || !sawMain, edit.inPicture);
  for (const edit of edits) if (edit.tag.name === 'link') edit.text = preload(edit.tag);
  let out = '';
  let at = 0;
  for (const { tag, text } of edits) {
    if (text === undefined) continue;
    out += html.slice(at, tag.start) + text;
    at = tag.end;
  }
  return { html: out + html.slice(at), problems };

  /** The `<img>` (or `<picture>`) that replaces this one; undefined to keep it as written. */
  function placeImage(tag: HtmlTag, inMain: boolean, inPicture: boolean): string | undefined {
    const attributes: Attributes = tag.attributes.map((attribute) => [attribute.name.toLowerCase(), attribute.value]);
    const src = get(attributes, 'src');
    const file = src === undefined ? undefined : sitePath(src);
    if (file === undefined) return undefined;
    const entry = catalogue.images.get(file);
    if (!entry) {
      const detail = catalogue.unreadable.get(file);
      problems.push(detail === undefined ? { src: file, reason: 'missing' } : { src: file, reason: 'unreadable', detail });
      return undefined;
    }
    const { width, height } = shownSize(attributes, entry);
    set(attributes, 'width', String(width));
    set(attributes, 'height', String(height));
    set(attributes, 'decoding', 'async');
    if (!leadTaken && width * height >= LARGE_IMAGE_AREA && inMain) {
      // A first large image the template gave `fetchpriority="low"` (an illustration that is
      // not the largest paint) loads with the page, after the rest: no image of it is the lead.
      leadTaken = true;
      remove(attributes, 'loading');
      const low = get(attributes, 'fetchpriority') === 'low';
      if (!low && entry.inline && !inPicture) {
        inlinedLead = file;
        set(attributes, 'src', entry.inline);
        remove(attributes, 'fetchpriority');
      } else if (!low) set(attributes, 'fetchpriority', 'high');
    } else if (get(attributes, 'fetchpriority') === 'low') {
      // A small image the template wants with the page, after everything else (the language
      // menu's visible flag): lazy, it would wait for layout, a round trip before it shows.
      remove(attributes, 'loading');
    } else {
      set(attributes, 'loading', 'lazy');
      if (get(attributes, 'fetchpriority') === 'high') remove(attributes, 'fetchpriority');
    }
    const sources = entry.sources;
    if (!sources?.length || inPicture) {
      // Without encodings to choose from, `sizes` says nothing.
      if (!sources?.length) remove(attributes, 'sizes');
      return serialize(attributes);
    }
    const sizes = get(attributes, 'sizes') ?? escapeAttribute(catalogue.sizes);
    remove(attributes, 'sizes');
    if (!sizesOf.has(file)) sizesOf.set(file, sizes);
    const sourceTags = sources.map((source) => `<source type="${source.type}" srcset="${escapeAttribute(source.srcset)}" sizes="${sizes}"/>`).join('');
    return `<picture>${sourceTags}${serialize(attributes)}</picture>`;
  }

  /** The preload of a raster lead image, naming its best encodings; none for one written into the page; undefined to keep it as written. */
  function preload(tag: HtmlTag): string | undefined {
    const file = sitePath(attributeOf(tag, 'href')!);
    if (file !== undefined && file === inlinedLead) return '';
    const entry = file === undefined ? undefined : catalogue.images.get(file);
    const best = entry?.sources?.[0];
    if (!best) return undefined;
    const rest = tag.attributes
      .filter(({ name }) => !['rel', 'as', 'href'].includes(name.toLowerCase()))
      .map(({ name, value }) => (value === undefined ? ` ${name}` : ` ${name}="${value}"`))
      .join('');
    // Only a browser that takes this type fetches it; the `<picture>` picks the same file.
    return `<link rel="preload" as="image" type="${best.type}" imagesrcset="${escapeAttribute(best.srcset)}" imagesizes="${sizesOf.get(file!) ?? escapeAttribute(catalogue.sizes)}"${rest}/>`;
  }
}

/**
 * The path of a file of the site an image URL names, or undefined for another origin or
 * `data:`. A relative path is taken as written: no file of `public/` has it, so it is reported
 * (it would name another file on each page that shows it).
 */
function sitePath(src: string): string | undefined {
  const url = unescapeAttribute(src);
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  const bare = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** The template's own width and height when they keep the file's proportions (within 1%), else the file's. */
function shownSize(attributes: Attributes, entry: ImageEntry): { width: number; height: number } {
  const ratio = entry.width / entry.height;
  const width = Number(get(attributes, 'width'));
  const height = Number(get(attributes, 'height'));
  const given = (value: number) => Number.isFinite(value) && value > 0;
  if (given(width) && given(height) && Math.abs(width / height - ratio) <= ratio * 0.01) return { width, height };
  if (given(width)) return { width, height: Math.round(width / ratio) };
  if (given(height)) return { width: Math.round(height * ratio), height };
  return { width: entry.width, height: entry.height };
}

function get(attributes: Attributes, name: string): string | undefined {
  return attributes.find(([key]) => key === name)?.[1];
}

function set(attributes: Attributes, name: string, value: string): void {
  const found = attributes.find(([key]) => key === name);
  if (found) found[1] = value;
  else attributes.push([name, value]);
}

function remove(attributes: Attributes, name: string): void {
  const index = attributes.findIndex(([key]) => key === name);
  if (index >= 0) attributes.splice(index, 1);
}

function serialize(attributes: Attributes): string {
  return `<img${attributes.map(([name, value]) => (value === undefined ? ` ${name}` : ` ${name}="${value}"`)).join('')}/>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[name]!);
}
