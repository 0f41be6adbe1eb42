import type { Locale } from '../../shared/locales';
import { contentPathOf } from '../markdown/content';
import type { Route } from '../plan/route-table';
import { pageInputHasher, type PageInputs } from './page-inputs';
import { inputsFingerprint } from './page-reuse';

/** A page's fingerprint as last made, with what it was made from. */
interface Print {
  everything: string;
  hashes: readonly string[];
  print: string;
}

/**
 * The hashes of the inputs pages read (`page-inputs.ts`), kept between the builds of a watch
 * session, and each page's fingerprint with them.
 *
 * Why: at 1,000 articles x 3 (5,216 pages) every edit named 14,670 inputs, hashed 6,178 of them
 * again and made 5,216 fingerprints again, to find the two pages it changed: about 30 ms of a
 * 300 ms rebuild, besides the garbage (docs/performance.md, "Watch: what an edit hashes").
 *
 * What changes an input's hash: the route table (every hash is forgotten when the build's routes
 * are another array than the last build's), and the content file it names. The session replaces
 * a file's source object when the file changes, so the files whose object is not the last
 * build's, or which came or went, are the changed ones: the content and summary of each route
 * in that locale, and the list of its parent's children, are hashed again when asked for.
 * A page's fingerprint is made again only when `everything` or one of its inputs' hashes is not
 * what it was made from.
 */
export class SessionInputs {
  private readonly hashes = new Map<string, string>();
  private routes: readonly Route[] | undefined;
  private sources: ReadonlyMap<string, object> | undefined;
  /** The routes by their content's name (`content/<locale>/<name>.md`), for the routes above. */
  private readers = new Map<string, Route[]>();
  private readonly prints = new WeakMap<readonly string[], Print>();

  /** The hasher of this build's inputs (`pageInputHasher`), with what is known from the builds before. */
  hasher(build: PageInputs, hashText: (owner: object, text: string) => string): (input: string) => string {
    if (build.routes !== this.routes) {
      this.hashes.clear();
      this.readers = readersOf(build.routes);
      this.routes = build.routes;
    } else if (this.sources) {
      for (const file of changedFiles(this.sources, build.sources.content)) this.forget(file);
    }
    this.sources = build.sources.content;
    return pageInputHasher(build, hashText, undefined, this.hashes);
  }

  /** `inputsFingerprint`, or the fingerprint made last for these same inputs while their hashes stay the same. */
  fingerprint(everything: string, deps: readonly string[], hashOf: (input: string) => string): string {
    const hashes = deps.map(hashOf);
    const last = this.prints.get(deps);
    if (last && last.everything === everything && last.hashes.every((hash, index) => hash === hashes[index])) return last.print;
    const print = inputsFingerprint(everything, deps, (_, index) => hashes[index]!);
    this.prints.set(deps, { everything, hashes, print });
    return print;
  }

  /** Forgets the hashes of what a content file (`hu/blog/post.md`) holds. */
  private forget(file: string): void {
    const slash = file.indexOf('/');
    const locale = file.slice(0, slash) as Locale;
    for (const route of this.readers.get(file.slice(slash + 1, -'.md'.length)) ?? []) {
      if (contentPathOf(route, locale) !== file) continue;
      this.hashes.delete(`content:${route.id}:${locale}`);
      this.hashes.delete(`summary:${route.id}:${locale}`);
      if (route.parent !== undefined) this.hashes.delete(`children:${route.parent}:${locale}`);
    }
  }
}

function readersOf(routes: readonly Route[]): Map<string, Route[]> {
  const readers = new Map<string, Route[]>();
  for (const route of routes) readers.set(route.content, [...(readers.get(route.content) ?? []), route]);
  return readers;
}

/** Files whose source object differs between two reads of the content, or that only one of them has. */
function* changedFiles(before: ReadonlyMap<string, object>, now: ReadonlyMap<string, object>): Iterable<string> {
  for (const [file, source] of now) if (before.get(file) !== source) yield file;
  for (const file of before.keys()) if (!now.has(file)) yield file;
}
