import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PageInputs } from '../../../src/engine/cache/page-inputs';
import { pageInputHasher } from '../../../src/engine/cache/page-inputs';
import { inputsFingerprint } from '../../../src/engine/cache/page-reuse';
import { SessionInputs } from '../../../src/engine/cache/session-inputs';
import type { Route } from '../../../src/engine/plan/route-table';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A blog hub with two articles, in English and Hungarian; each file as a build of a session reads it. */
class Site {
  routes: Route[] = [
    { id: 'blog', content: 'blog', parent: undefined, paths: { en: '/blog', hu: '/hu/blog' } },
    { id: 'one', content: 'blog/one', parent: 'blog', paths: { en: '/one', hu: '/hu/egy' } },
    { id: 'two', content: 'blog/two', parent: 'blog', paths: { en: '/two', hu: '/hu/ketto' } },
  ] as unknown as Route[];
  files = new Map<string, { text: string; frontMatter: string; minutes: number }>();

  constructor() {
    for (const route of ['blog', 'blog/one', 'blog/two']) {
      for (const locale of ['en', 'hu']) this.files.set(`${locale}/${route}.md`, { text: `${route} ${locale}`, frontMatter: `title: ${route}`, minutes: 1 });
    }
  }

  /** What a build reads: a new source object for each file that changed since `before` (as a session does), the same one otherwise. */
  read(before?: PageInputs): PageInputs {
    const content = new Map<string, { hash: string }>();
    const split = new Map<string, { file: string; frontMatter: string }>();
    for (const [file, { text, frontMatter }] of this.files) {
      const earlier = before?.sources.content.get(file);
      content.set(file, earlier && earlier.hash === sha(text) ? earlier : { hash: sha(text) });
      split.set(file, { file, frontMatter });
    }
    const pages = new Map(
      this.routes.map((route) => [route.id, Object.fromEntries(['en', 'hu'].map((locale) => [locale, { readingMinutes: this.files.get(`${locale}/${route.content}.md`)?.minutes }]))]),
    );
    return { sources: { content }, split, content: pages, routes: this.routes } as unknown as PageInputs;
  }
}

const INPUTS = ['content:blog:en', 'content:one:en', 'summary:one:en', 'summary:two:hu', 'children:blog:en', 'children:blog:hu', 'content:two:hu'];

/** What every input hashes to when nothing is kept: what a kept hash must equal. */
function fresh(build: PageInputs): string[] {
  const hashOf = pageInputHasher(build, (_, text) => sha(text));
  return INPUTS.map(hashOf);
}

describe('the inputs a watch session keeps between builds', () => {
  it('hashes again what a changed file holds, and nothing else', () => {
    const site = new Site();
    const session = new SessionInputs();
    const hashText = (_: object, text: string) => sha(text);
    let build = site.read();
    expect(INPUTS.map(session.hasher(build, hashText))).toEqual(fresh(build));

    // A body edit that changes the reading time: the article's content and summary, and its hub's list of children.
    const before = INPUTS.map(session.hasher(build, hashText));
    site.files.set('en/blog/one.md', { ...site.files.get('en/blog/one.md')!, text: 'a longer body', minutes: 4 });
    build = site.read(build);
    const after = INPUTS.map(session.hasher(build, hashText));
    expect(after).toEqual(fresh(build));
    const changed = INPUTS.filter((_, index) => after[index] !== before[index]);
    expect(changed).toEqual(['content:one:en', 'summary:one:en', 'children:blog:en']);

    // Its Hungarian front matter: the Hungarian summary and list; the English ones stay.
    site.files.set('hu/blog/two.md', { ...site.files.get('hu/blog/two.md')!, text: 'new title', frontMatter: 'title: Kettő' });
    build = site.read(build);
    const third = INPUTS.map(session.hasher(build, hashText));
    expect(third).toEqual(fresh(build));
    expect(INPUTS.filter((_, index) => third[index] !== after[index])).toEqual(['summary:two:hu', 'children:blog:hu', 'content:two:hu']);

    // A file removed, and a new route table: what is hashed is what a fresh hasher says.
    site.files.delete('hu/blog/two.md');
    build = site.read(build);
    expect(INPUTS.map(session.hasher(build, hashText))).toEqual(fresh(build));
    site.routes = site.routes.filter((route) => route.id !== 'two');
    build = site.read(build);
    expect(INPUTS.map(session.hasher(build, hashText))).toEqual(fresh(build));
  });

  it("keeps a page's fingerprint while its inputs' hashes and `everything` stay the same", () => {
    const session = new SessionInputs();
    const deps = ['content:one:en', 'summary:two:en'];
    const hashes = new Map([
      ['content:one:en', 'a'],
      ['summary:two:en', 'b'],
    ]);
    const hashOf = (input: string) => hashes.get(input)!;
    const first = session.fingerprint('all', deps, hashOf);
    expect(first).toBe(inputsFingerprint('all', deps, hashOf));
    expect(session.fingerprint('all', deps, hashOf)).toBe(first);
    hashes.set('summary:two:en', 'c');
    expect(session.fingerprint('all', deps, hashOf)).toBe(inputsFingerprint('all', deps, hashOf));
    expect(session.fingerprint('all', deps, hashOf)).not.toBe(first);
    expect(session.fingerprint('other', deps, hashOf)).toBe(inputsFingerprint('other', deps, hashOf));
  });
});
