import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { parseSrcset } from 'srcset';

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
}

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
  const found = { scripts: new Set<string>(), styles: new Set<string>(), styleAttributes: new Set<string>(), imageSources: new Set<string>() };
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
        else if (name === 'img' || name === 'source') {
          const urls = [attributes.src, ...(attributes.srcset ? srcsetUrls(attributes.srcset) : [])];
          for (const url of urls) {
            const source = url && externalSource(url);
            if (source) found.imageSources.add(source);
          }
        }
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

/** `inlineSourcesOf` for pages that all inline the stylesheet `css`, on the calling thread (see above). */
export function sharedStylesheetScanner(css: string | undefined): (html: string) => InlineSources {
  const shared = sharedStylesheet(css);
  if (!shared) return inlineSourcesOf;
  return (html) => {
    const rest = shared.cut(html);
    return rest === undefined ? inlineSourcesOf(html) : shared.add(inlineSourcesOf(rest));
  };
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
  private readonly sets = { scripts: new Set<string>(), styles: new Set<string>(), styleAttributes: new Set<string>(), imageSources: new Set<string>() };
  private linkedStylesheet = false;

  add(sources: InlineSources): void {
    for (const key of ['scripts', 'styles', 'styleAttributes', 'imageSources'] as const) for (const value of sources[key]) this.sets[key].add(value);
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
    };
  }
}

function srcsetUrls(srcset: string): string[] {
  try {
    return parseSrcset(srcset).map((candidate) => candidate.url);
  } catch {
    return [];
  }
}

/** `https://host[:port]` of an absolute image URL, `data:`/`blob:` for those schemes; undefined for same-origin paths. */
function externalSource(url: string): string | undefined {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'data' || scheme === 'blob') return `${scheme}:`;
  if (trimmed.startsWith('//')) return externalSource(`https:${trimmed}`);
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    return new URL(trimmed).origin;
  } catch {
    return undefined;
  }
}
