import { createHash } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import { contentPathOf, type SiteContent } from '../markdown/content';
import type { FrontMatterTexts } from '../markdown/split-content';
import type { SiteSources } from '../read/read-sources';
import type { Route } from '../plan/route-table';

/** What a build knows to hash the inputs a page can read. */
export interface PageInputs {
  sources: SiteSources;
  split: FrontMatterTexts;
  content: SiteContent;
  routes: readonly Route[];
}

/**
 * The hash of an input a page read, by name: `content:<route id>:<locale>` (the whole file) or
 * `summary:<route id>:<locale>` (what a card of it shows: front matter and reading time) or
 * `children:<route id>:<locale>` (the summaries of every child of a hub, in the route table's
 * order: each page of a hub's listing reads them all to sort and cut them; one entry per child
 * in each page's fingerprint made the cache index of a blog of 1,000 articles in three locales,
 * with tag listings, 113 MB instead of 6.5 MB). What
 * every page reads has no name here: its hash starts every fingerprint (`pageConfigHash`).
 * A content file is known by the hash of its bytes, taken as it was read.
 * `hashText` hashes a source text; `owner` is the object it belongs to, which watch mode
 * replaces when the file changes, so it can keep hashes with it. `frontMatterHash`, when it
 * knows one, is `hashText` of a content file's front matter (by path relative to `content/`),
 * kept from an earlier build, so that a file need not be split to hash what a card of it shows.
 * `hashes` holds the hashes known so far by input name: a watch session keeps them between
 * builds, forgetting those of the files that changed (`session-inputs.ts`).
 */
export function pageInputHasher(
  build: PageInputs,
  hashText: (owner: object, text: string) => string,
  frontMatterHash: (file: string) => string | undefined = () => undefined,
  hashes = new Map<string, string>(),
): (input: string) => string {
  const { sources, split, content } = build;
  const routes = new Map(build.routes.map((route) => [route.id, route] as const));
  const hashOf = (input: string): string => {
    let hash = hashes.get(input);
    if (hash !== undefined) return hash;
    const [kind, first, second] = input.split(':');
    if (kind === 'children') {
      const summaries = build.routes.filter((route) => route.parent === first).map((route) => `${route.id}=${hashOf(`summary:${route.id}:${second}`)}`);
      hash = createHash('sha256').update(summaries.join('\n')).digest('hex');
      hashes.set(input, hash);
      return hash;
    }
    const route = routes.get(first!);
    const file = route && contentPathOf(route, second as Locale);
    if (kind === 'summary') {
      const entry = file ? split.get(file) : undefined;
      hash = `${entry ? (frontMatterHash(file!) ?? hashText(entry, entry.frontMatter)) : ''}/${route && content.get(route.id)?.[second as Locale]?.readingMinutes}`;
    } else {
      const source = file ? sources.content.get(file) : undefined;
      hash = source?.hash ?? '';
    }
    hashes.set(input, hash);
    return hash;
  };
  return hashOf;
}
