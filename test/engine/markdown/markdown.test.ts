import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { splitFrontMatter } from '../../../src/engine/read/front-matter-split';
import { createMarkdownRenderer, type MarkdownContext } from '../../../src/engine/markdown/markdown';
import { REPO } from '../../helpers/site';

const render = createMarkdownRenderer();

async function renderBody(body: string, overrides: Partial<MarkdownContext> = {}) {
  const problems = new Problems();
  const warnings: Array<{ code: string; message: string; line: number; column: number; hint: string }> = [];
  const result = await render.finish(render.parse(body), {
    file: 'page.md',
    lineOffset: 4,
    routeUrl: (id) => (id === 'contact' ? '/hu/kapcsolat' : undefined),
    foreignRoute: (url) => (url === '/contact' ? 'contact' : undefined),
    problems,
    warn: (code, message, where, hint) => warnings.push({ code, message, ...where, hint }),
    ...overrides,
  });
  return { ...result, problems, warnings };
}

describe('Markdown', async () => {
  it('gives headings ids and lists them', async () => {
    const { html, headings } = await renderBody('## What is included\n\nText.\n\n### Árak és díjak\n');
    expect(html).toContain('<h2 id="what-is-included">What is included</h2>');
    expect(html).toContain('<h3 id="árak-és-díjak">');
    expect(headings).toEqual([
      { depth: 2, id: 'what-is-included', text: 'What is included' },
      { depth: 3, id: 'árak-és-díjak', text: 'Árak és díjak' },
    ]);
  });

  it('renders GitHub-flavoured tables, focusable for sideways scrolling, and task lists as ballot boxes', async () => {
    const { html } = await renderBody('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] open *one*\n- plain\n');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<td>1</td>');
    // A disabled checkbox has no label and is no control: the state is text.
    expect(html).not.toContain('<input');
    expect(html).toContain('<ul class="contains-task-list">\n<li>☑ done</li>\n<li>☐ open <em>one</em></li>\n<li>plain</li>');
  });

  it('removes raw HTML and unsafe links, and warns of the HTML at its line', async () => {
    const { html, warnings } = await renderBody('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n\nA <b>bold</b> word.\n\n<!-- a note for editors -->\n');
    expect(html).not.toMatch(/<script|onerror|javascript:|<b>/);
    // The body starts on line 5 of its file (four lines of front matter); a comment is no surprise.
    expect(warnings.map(({ message, line, column }) => [message, line, column])).toEqual([
      ['raw HTML is left out of the page: "<script>alert(1)</script>"', 5, 1],
      ['raw HTML is left out of the page: "<img src=x onerror=alert(1)>"', 7, 1],
      ['raw HTML is left out of the page: "<b>"', 11, 3],
      ['raw HTML is left out of the page: "</b>"', 11, 10],
    ]);
    expect(warnings[0]!.hint).toMatch(/write it in Markdown/);
  });

  it('turns route: links into the localized URL', async () => {
    const { html, problems } = await renderBody('Write to [us](route:contact#form).\n');
    expect(problems.errors).toEqual([]);
    expect(html).toContain('<a href="/hu/kapcsolat#form">us</a>');
  });

  it('reports unknown routes and links into another locale at their line in the file', async () => {
    const { problems } = await renderBody('First.\n\nSee [x](route:nowhere) and [y](/contact).\n');
    expect(problems.errors.map((e) => [e.message, e.line, e.column])).toEqual([
      ['link to unknown route "nowhere"', 7, 5],
      ['link to /contact, a page of another locale', 7, 28],
    ]);
  });

  it('counts words', async () => {
    expect((await renderBody('One two three.\n\n## Four five\n\n- six\n')).words).toBe(6);
  });

  it('links bare URLs and e-mail addresses as GitHub does, and leaves text without them alone', async () => {
    const { html } = await renderBody('Visit www.example.com, https://example.org/a?b=1 or write to office@example.com.\n\n[www.example.com](route:contact)\n');
    expect(html).toContain('<a href="http://www.example.com">www.example.com</a>');
    expect(html).toContain('<a href="https://example.org/a?b=1">https://example.org/a?b=1</a>');
    expect(html).toContain('<a href="mailto:office@example.com">office@example.com</a>');
    expect(html).toContain('<a href="/hu/kapcsolat">www.example.com</a>');
    // The same HTML as remark-gfm's own pass over every text node, whether or not a body has a candidate.
    const reference = remark().use(remarkGfm).use(remarkHtml);
    for (const body of [
      'Plain *text* with **no** links, `code@example.com` in code and [a link](https://example.org).',
      'A mail: a.b+c@mail.example.co.uk; an xmpp:me@example.com; mailto:x@example.org.',
      '- item www.example.com/path_(x)\n- item http://example.com/.\n\n> quote https://example.com/a?b',
      'Not links: www, http:/x, example@, @handle, www.',
      'Capitals: WWW.EXAMPLE.ORG and HTTP://EXAMPLE.ORG.',
    ]) {
      expect((await renderBody(body)).html).toBe(String(reference.processSync(body)));
    }
  });

  it('parses every body to the same tree, positions included, as full GFM does', async () => {
    // The renderer leaves out constructs a body cannot match (no `@`: no e-mail autolink; no
    // `|`, `:-` or `-:`: no table), so bodies with and without them must both be compared.
    const reference = remark().use(remarkGfm);
    const contentDir = path.join(REPO, 'content');
    const siteBodies = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => splitFrontMatter(readFileSync(path.join(contentDir, file), 'utf8'))?.body ?? '');
    const crafted = [
      'snake_case_words and *intra*word emphasis, __strong__text, a_b_c, ~~struck~~ and ~one~.',
      'Words next to links: word[link](https://example.org)word, ![img](a.png "t")tail, <https://example.org> and <b>raw</b>.',
      'Trailing punctuation www.example.com). Still text: wwwexample, http:example, h, w, H. W.',
      'Escapes \\* \\_ &amp; &copy; &#35; and a line  \nbreak, then `code` word`code`word.',
      '| a | b |\n|---|---|\n| x_y | www.example.org |\n\n- [ ] task _one_\n- [x] done\n\n[^1]: note\n\nText[^1].',
      'Ünnepi ékezetes szöveg, Straße und Grüße; 日本語のテキスト and emoji 🎉 next to words.',
      'A table without a pipe\n:--\n\nand one aligned right\n--:\nbody row',
      'Setext heading\n---\n\nA paragraph\nwith a second line\n\n---\n\n- a\n- b\n\n    indented code\n',
      'Mail office@example.com, then a | that is no table\nand more text.',
    ];
    const bodies = [...siteBodies, ...crafted];
    expect(bodies.length).toBeGreaterThan(100);
    // Both kinds of body are among them.
    expect(bodies.filter((body) => !body.includes('@') && !body.includes('|')).length).toBeGreaterThan(30);
    expect(bodies.filter((body) => body.includes('@')).length).toBeGreaterThan(3);
    for (const body of bodies) expect(render.parse(body)).toEqual(reference.parse(body));
    // The tables without a pipe are tables, and the address is a link.
    expect((await renderBody(crafted[6]!)).html.match(/<table/g)).toHaveLength(2);
    expect((await renderBody('Write to office@example.com.')).html).toContain('href="mailto:office@example.com"');
  });
});
