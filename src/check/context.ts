import path from 'node:path';
import type { Code } from '../engine/inspect';
import type { SiteLocales } from '../shared/locales';
import { inFile, onPage, type Finding } from './finding';
import type { BuiltOutput, OutputDocument } from './read-output';
import { resolveReference, type Resolved } from './resolve';

/** What every rule reads: the built output and the site's origin, with lookups built once. */
export interface CheckContext {
  /** `https://www.kestrelbyte.example`: absolute URLs on it are internal. */
  origin: string;
  /** The site's locales, from its settings. */
  locales: SiteLocales;
  output: BuiltOutput;
  /** HTML documents by output file (`hu/karrier/index.html`). */
  documentByFile: ReadonlyMap<string, OutputDocument>;
  /** Route pages by URL. */
  pageByUrl: ReadonlyMap<string, OutputDocument>;
  /** `resolveReference`, remembered: most references are root-relative and repeat on every page. */
  resolve(raw: string, documentUrl: string): Resolved;
}

const SLASH = 0x2f;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

export function createContext(origin: string, locales: SiteLocales, output: BuiltOutput): CheckContext {
  const cache = new Map<string, Resolved>();
  return {
    origin,
    locales,
    output,
    documentByFile: new Map(output.documents.map((document) => [document.file, document])),
    pageByUrl: new Map(output.documents.filter((document) => document.entry).map((document) => [document.url, document])),
    resolve(raw, documentUrl) {
      // A root-relative or absolute reference resolves the same from every page: remember it.
      // Others (`#main`, `../x`) depend on the page and are rare enough to resolve each time.
      const first = raw.charCodeAt(0);
      const pageIndependent = (first === SLASH && raw.charCodeAt(1) !== SLASH) || ABSOLUTE.test(raw);
      if (!pageIndependent) return resolveReference(raw, documentUrl, origin);
      let resolved = cache.get(raw);
      if (!resolved) {
        resolved = resolveReference(raw, documentUrl, origin);
        cache.set(raw, resolved);
      }
      return resolved;
    },
  };
}

/** A finding about a document: by URL for a route page, by file for the others (`dist/404.html`). */
export function aboutDocument(context: CheckContext, document: OutputDocument, code: Code, message: string, hint?: string): Finding {
  return document.entry ? onPage(code, document.url, message, hint) : inFile(code, path.join(context.output.dir, document.file), message, hint);
}

/** How findings show a reference: as written, with the path it resolves to when that differs. */
export function shown(raw: string, resolvedPath: string, fragment?: string): string {
  if (raw.startsWith('#')) return raw;
  const resolved = fragment === undefined ? resolvedPath : `${resolvedPath}#${fragment}`;
  return raw === resolved || raw === encodeURI(resolved) ? raw : `${raw} (${resolved})`;
}
