import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { ASSETS_DIR } from '../base/output-paths';
import { externalSource, srcsetUrls } from './image-urls';

/**
 * What a page contains that its Content-Security-Policy must allow: the hashes of its inline
 * scripts and styles (CSP source expressions like `'sha256-…'`), and where it loads from.
 * Plain data, so the build cache can keep it for pages it does not render again.
 */
export interface InlineSources {
  /** Inline scripts the browser executes (classic, module, import map); JSON data blocks are not. */
  scripts: string[];
  /** Inline `<style>` elements. */
  styles: string[];
  /** `style="…"` attributes: allowed only with `'unsafe-hashes'`. */
  styleAttributes: string[];
  /** Origins (`https://cdn.example`) or schemes (`data:`) of images from elsewhere. */
  imageSources: string[];
  /** Whether the page links a stylesheet (`style-src 'self'`). */
  linkedStylesheet: boolean;
  /**
   * Not for the policy: the build's encoded images the page shows (output paths under
   * `_sitegen/assets/images/`). Read in the same pass, and kept with it for pages the cache
   * reuses, so that a build encodes exactly the rasters some page shows (`images/`).
   */
  encodedImages: string[];
}

/** A `<link>` that names the page's icon (`rel="icon"`, `rel="shortcut icon"`). */
const ICON = /(^|\s)icon(\s|$)/i;
/** Where encoded images are (`images/image-catalogue.ts`), as pages name them. */
const ENCODED_IMAGES = `/${ASSETS_DIR}/images/`;

/** Script types the browser runs (HTML "classic" JavaScript MIME types, modules, import maps). */
const EXECUTABLE = /^(|module|importmap|(application|text)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/;

/** The CSP hash source of a text: what the browser computes over the element's raw text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Reads one HTML document with htmlparser2's streaming parser and lists what its policy must
 * allow. Script and style contents are raw text in HTML (no entities), which is what the
 * browser hashes.
 */
export function inlineSourcesOf(html: string): InlineSources {
  const found = { scripts: new Set<string>(), styles: new Set<string>(), styleAttributes: new Set<string>(), imageSources: new Set<string>(), encodedImages: new Set<string>() };
  let linkedStylesheet = false;
  let open: 'script' | 'style' | undefined;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.style !== undefined) found.styleAttributes.add(cspHash(attributes.style));
        if (name === 'script' && attributes.src === undefined && EXECUTABLE.test((attributes.type ?? '').trim().toLowerCase())) open = 'script';
        else if (name === 'style') open = 'style';
        else if (name === 'link' && /(^|\s)stylesheet(\s|$)/i.test(attributes.rel ?? '')) linkedStylesheet = true;
        else if (name === 'img' || name === 'source' || (name === 'link' && ICON.test(attributes.rel ?? ''))) {
          // Browsers fetch a page's icon as an image (`img-src`): a `data:` one needs `data:` there.
          const urls = name === 'link' ? [attributes.href] : [attributes.src, ...(attributes.srcset ? srcsetUrls(attributes.srcset) : [])];
          for (const url of urls) {
            const source = url && externalSource(url);
            if (source) found.imageSources.add(source);
            else if (url?.startsWith(ENCODED_IMAGES)) found.encodedImages.add(url.slice(1));
          }
        }
        // A preloaded image is shown too; its candidates are those of its `<picture>`.
        if (name === 'link' && attributes.imagesrcset) for (const url of srcsetUrls(attributes.imagesrcset)) if (url.startsWith(ENCODED_IMAGES)) found.encodedImages.add(url.slice(1));
        text = '';
      },
      ontext(chunk) {
        if (open) text += chunk;
      },
      onclosetag(name) {
        if (open && name === open) found[open === 'script' ? 'scripts' : 'styles'].add(cspHash(text));
        open = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return {
    scripts: [...found.scripts].sort(),
    styles: [...found.styles].sort(),
    styleAttributes: [...found.styleAttributes].sort(),
    imageSources: [...found.imageSources].sort(),
    linkedStylesheet,
    encodedImages: [...found.encodedImages].sort(),
  };
}

/**
 * Reads pages that all inline the same stylesheet (`css`): its hash is computed once, and its
 * `<style>` element is cut out of each page before `read` parses the rest, about half of a
 * small page's characters. Cutting it out is exact for the pages sitegen renders: React escapes
 * `<` in text and attributes, so these bytes can only be that element.
 */
export function sharedStylesheetReader(css: string | undefined, read: (html: string) => Promise<InlineSources>): (html: string) => Promise<InlineSources> {
  const shared = sharedStylesheet(css);
  if (!shared) return read;
  return async (html) => {
    const rest = shared.cut(html);
    return rest === undefined ? read(html) : shared.add(await read(rest));
  };
}

/**
 * `inlineSourcesOf` for pages that all inline the stylesheet `css`, on the calling thread (see
 * above). Given the Markdown body a page shows, it also leaves that out when it is inert
 * (`withoutInertBody`): for a generated article, the stylesheet is about half of the page's
 * characters and the body about a quarter of the rest.
 */
export function sharedStylesheetScanner(css: string | undefined): (html: string, body?: string) => InlineSources {
  const shared = sharedStylesheet(css);
  return (html, body) => {
    const rest = shared?.cut(html);
    const read = (page: string) => inlineSourcesOf(body === undefined ? page : withoutInertBody(page, body));
    return rest === undefined ? read(html) : shared!.add(read(rest));
  };
}

/**
 * Elements a sanitized Markdown body is made of that the policy does not read and after which
 * an HTML tokenizer is where it was before: no element read for the policy (script, style,
 * link, img, source), none whose content is raw text (script, style, textarea, title, xmp,
 * iframe, noembed, noframes, noscript, plaintext), none that starts foreign content (svg,
 * math), no comment or declaration.
 */
const INERT_ELEMENTS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em',
  'h[1-6]', 'hr', 'i', 'input', 'ins', 'kbd', 'li', 'ol', 'p', 'pre', 'q', 's', 'section',
  'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead',
  'tr', 'ul',
];

/**
 * What makes a fragment other than inert: a `<` not followed by an inert element's start or
 * end tag (a `<` inside an attribute value counts too: conservative, as hast-util-to-html
 * escapes `<` in text but not in attributes), or a style attribute. One regular expression,
 * so checking a body costs little beside reading it.
 */
const NOT_INERT = new RegExp(`<(?!/?(?:${INERT_ELEMENTS.join('|')})[\\s/>])|\\sstyle\\s*=`, 'i');

/** Whether `fragment` adds nothing to a page's policy and leaves the tokenizer as it found it. */
function isInert(fragment: string): boolean {
  return fragment.startsWith('<') && !NOT_INERT.test(fragment);
}

/**
 * Start tags a body is not cut after: elements whose content is raw text (a body there would be
 * that text), and those that start foreign content.
 */
const NOT_ORDINARY = /^<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext|svg|math)[\s>]/i;

/**
 * `page` without the Markdown `body` it shows, when the body is inert (`isInert`) and sits
 * right after an ordinary start tag; otherwise `page` as it is. What the rest holds is then
 * exactly what the whole page holds: the body starts and ends between tags and opens nothing
 * it does not close, so every token before and after it is read as before. Templates place a
 * body with `dangerouslySetInnerHTML`; React escapes `<` in text and attribute values, so an
 * occurrence of a body elsewhere is inert HTML too, or raw text a template wrote itself, which
 * the start-tag check turns away.
 */
export function withoutInertBody(page: string, body: string): string {
  if (!isInert(body)) return page;
  const at = page.indexOf(body);
  if (at <= 0 || page[at - 1] !== '>') return page;
  const tag = page.slice(page.lastIndexOf('<', at - 1), at);
  if (!/^<[a-zA-Z][^<>]*>$/.test(tag) || NOT_ORDINARY.test(tag)) return page;
  return page.slice(0, at) + page.slice(at + body.length);
}

function sharedStylesheet(css: string | undefined) {
  if (!css) return undefined;
  const element = `<style>${css}</style>`;
  const hash = cspHash(css);
  return {
    /** The page without the element, or undefined when it has none. */
    cut(html: string): string | undefined {
      const at = html.indexOf(element);
      return at < 0 ? undefined : html.slice(0, at) + html.slice(at + element.length);
    },
    add: (sources: InlineSources): InlineSources => (sources.styles.includes(hash) ? sources : { ...sources, styles: [...sources.styles, hash].sort() }),
  };
}

/** The union of what many pages contain: a policy that allows every page of the site. */
export class InlineSourceSet {
  private readonly sets = { scripts: new Set<string>(), styles: new Set<string>(), styleAttributes: new Set<string>(), imageSources: new Set<string>(), encodedImages: new Set<string>() };
  private linkedStylesheet = false;

  add(sources: InlineSources): void {
    for (const key of ['scripts', 'styles', 'styleAttributes', 'imageSources', 'encodedImages'] as const) for (const value of sources[key]) this.sets[key].add(value);
    this.linkedStylesheet ||= sources.linkedStylesheet;
  }

  /** Sorted, so the policy does not depend on the order pages were rendered or reused in. */
  toSources(): InlineSources {
    const sorted = (set: Set<string>) => [...set].sort();
    return {
      scripts: sorted(this.sets.scripts),
      styles: sorted(this.sets.styles),
      styleAttributes: sorted(this.sets.styleAttributes),
      imageSources: sorted(this.sets.imageSources),
      linkedStylesheet: this.linkedStylesheet,
      encodedImages: sorted(this.sets.encodedImages),
    };
  }
}

/**
 * Reads rendered pages for what their security policy must allow, here or on another thread
 * (\`scale/markdown-workers.ts\`: the Markdown worker, idle once the Markdown is done).
 */
export interface PageScanner {
  /** What a rendered page's security policy must allow (\`inlineSourcesOf\`). */
  inlineSources(html: string): Promise<InlineSources>;
  /**
   * While this thread would wait for \`until\` (or, without it, for the pages sent to
   * \`inlineSources\`), it reads queued pages itself, a page per turn of the event loop: the
   * pages must all be read before the build can finish.
   */
  scanHere(until?: Promise<unknown>): Promise<void>;
}

/** Every page read on this thread, as it is rendered. */
export function inThreadScanner(): PageScanner {
  return { inlineSources: async (html) => inlineSourcesOf(html), scanHere: async () => {} };
}
