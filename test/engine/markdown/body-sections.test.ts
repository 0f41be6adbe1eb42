import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { joinSections, SectionMemo, sectionsOf } from '../../../src/engine/markdown/body-sections';
import { createMarkdownRenderer } from '../../../src/engine/markdown/markdown';
import { inThreadStage } from '../../../src/engine/markdown/in-thread-stage';
import { cachingStage } from '../../../src/engine/markdown/caching-stage';
import type { LinkData, MarkdownJob } from '../../../src/engine/markdown/markdown-stage';
import { splitFrontMatter } from '../../../src/engine/read/front-matter-split';
import { REPO } from '../../helpers/site';

const { parse } = createMarkdownRenderer();

/** The tree of `body` parsed section by section, or undefined when it is parsed whole. */
function bySections(body: string): Root | undefined {
  const sections = sectionsOf(body);
  return sections && joinSections(sections, sections.map(parse));
}

const bodies = readdirSync(path.join(REPO, 'content'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => [file, splitFrontMatter(readFileSync(path.join(REPO, 'content', file), 'utf8'))!.body] as const);

/** Bodies where cutting before a heading line could go wrong, each with a heading line to cut at. */
const EDGES: Record<string, string> = {
  'a table, then a heading': '| a | b |\n|---|---|\n| 1 | 2 |\n# After\n\ntext\n',
  'a heading in fenced code': 'Intro\n\n```sh\n# not a heading\necho hi\n```\n\n# Heading\n\n~~~~\n~~~\n# still code\n~~~~\n## Last\n',
  'a backtick fence with a backtick in its info string is text': '```a`b\n# Heading\n```\n# Another\n\n```\n# code\n',
  'an unclosed fence': 'Intro\n# Heading\n\n```\n# code to the end\n\nmore\n',
  'blank lines before a heading': 'Text\n\n\n# A\n\n- item\n\n# B\n',
  'a list and a quote end at a heading': '- item\nlazy line\n# Heading\n> quote\n# Next\n1. one\n\n   two\n## Three\n',
  'a fence in a quote and after a list marker': '> ```\n# heading\n```\n# code\n```\n- ```\n# heading\n',
  'setext headings, hashtags and empty headings': 'Title\n=====\n#hashtag\n#\n# Real\nSub\n---\n###### Six\n####### seven\n',
  'no newline at the end': '# One\n\nfirst\n# Two\n\nsecond',
  'emphasis and links across lines': 'A *b\nc* [d\ne](/f)\n# G\n**h\n# i**\n',
  'literal autolinks and e-mail': 'See www.example.com and a@b.co\n# Contact\nmail x@y.org or https://example.org/a.\n',
};

describe('a Markdown body parsed in sections', () => {
  it('gives the tree of a whole parse, positions included, for every body of the site', () => {
    let cut = 0;
    for (const [file, body] of bodies) {
      const sections = sectionsOf(body);
      expect(sections, file).toBeDefined();
      if (sections!.length > 1) cut++;
      expect(sections!.join('\n'), file).toBe(body);
      expect(bySections(body), file).toEqual(parse(body));
    }
    // Most of the site's bodies have headings to cut at.
    expect(cut).toBeGreaterThan(bodies.length / 2);
  });

  it.each(Object.entries(EDGES))('gives the tree of a whole parse: %s', (_name, body) => {
    expect(sectionsOf(body)?.length).toBeGreaterThan(1);
    expect(bySections(body)).toEqual(parse(body));
  });

  it('gives the tree of a whole parse for bodies made of tricky lines at random (seeded)', () => {
    const lines = ['# H', '## H2 *x', '```', '````js', '~~~', '~~~~', '```x`y', '- item', '  - nested', '1. one', '> quote', '> ```', '- ```', '| a | b |', '|---|---|', '| 1 |', '', '', 'text *em', 'more** text', '    indented', '---', '===', '[link](/a', ')', '`code', '# `x', '#no', '\t# tab', '  # spaced', '#', '####### 7', 'www.x.com', 'a@b.c', '- [ ] task'];
    let seed = 42;
    const random = (below: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % below);
    let compared = 0;
    for (let round = 0; round < 200; round++) {
      const body = bodies[random(bodies.length)]![1].split('\n').slice(0, 30);
      for (let count = 3 + random(20); count > 0; count--) body.splice(random(body.length + 1), 0, lines[random(lines.length)]!);
      const text = body.join('\n');
      if ((sectionsOf(text)?.length ?? 0) < 2) continue;
      compared++;
      expect(bySections(text), text).toEqual(parse(text));
    }
    expect(compared).toBeGreaterThan(100);
  });

  it.each([
    ['a link reference definition', '[a][id]\n# H\n[id]: /x\n'],
    ['a footnote definition', 'Text[^1]\n# H\n[^1]: note\n'],
    ['an HTML block', '<!--\n# H\n-->\n'],
    ['an indented fence (in a list item)', '- a\n  ```\n# H\n  ```\n'],
    ['carriage returns', '# A\r\ntext\r\n# B\r\n'],
  ])('parses a body with %s whole', (_name, body) => {
    expect(sectionsOf(body)).toBeUndefined();
  });

  it('parses again only the sections an edit changed, and kept trees are not changed by their users', () => {
    const texts: string[] = [];
    const counting = (text: string) => (texts.push(text), parse(text));
    const memo = new SectionMemo();
    const body = EDGES['a heading in fenced code']!;
    const first = memo.parse('en/post.md', body, counting);
    expect(texts).toEqual(sectionsOf(body));
    // What a renderer does to a tree: rewrites nodes and their children.
    first.children.splice(0, 1);
    (first.children[0] as { data?: object }).data = { hProperties: { id: 'x' } };

    texts.length = 0;
    const edited = body.replace('## Last\n', '## Last\n\nA new paragraph.\n');
    expect(memo.parse('en/post.md', edited, counting)).toEqual(parse(edited));
    expect(texts).toEqual(['## Last\n\nA new paragraph.\n']);
    expect(texts[0]).toBe(sectionsOf(edited)!.at(-1));
    // Another file's key keeps its own sections.
    texts.length = 0;
    memo.parse('hu/post.md', edited, counting);
    expect(texts).toHaveLength(sectionsOf(edited)!.length);
  });

  it('renders the same HTML in watch mode, edit after edit, as a stage that parses whole bodies', async () => {
    const [file, body] = bodies.find(([, text]) => (sectionsOf(text)?.length ?? 0) > 4)!;
    const links: LinkData = { urls: {}, owners: {} };
    const watching = cachingStage();
    const job = (text: string): MarkdownJob => ({ key: file, file, body: text, lineOffset: 3, locale: 'en' });
    for (const text of [body, `${body}\n\nAn added paragraph.\n`, body.replace(/\n#/, '\n\nA changed intro.\n\n#')]) {
      watching.parse([job(text)]);
      const whole = inThreadStage();
      whole.parse([job(text)]);
      const [expected] = await whole.render([file], links);
      expect((await watching.render([file], links))[0]).toEqual(expected);
    }
  });
});
