import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHighlighter, type BundledLanguage, type BundledTheme } from 'shiki';
import { describe, expect, it, vi } from 'vitest';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { createCodeHighlighter } from '../../../src/engine/markdown/highlight-code';
import { createMarkdownRenderer } from '../../../src/engine/markdown/markdown';
import { CODE_CONTRAST, CODE_SCHEMES, codeClasses, contrast } from '../../../src/shared/code-palette';
import { REPO } from '../../helpers/site';

const renderer = createMarkdownRenderer();

async function render(body: string) {
  const problems = new Problems();
  const warnings: Array<{ code: string; message: string; line: number; column: number; hint: string }> = [];
  const result = await renderer.finish(renderer.parse(body), {
    file: 'post.md',
    lineOffset: 3,
    routeUrl: () => undefined,
    foreignRoute: () => undefined,
    problems,
    warn: (code, message, where, hint) => warnings.push({ code, message, ...where, hint }),
  });
  return { ...result, warnings, problems: problems.errors };
}

/** What a reader sees and copies: the text of the HTML. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

const SNIPPET = "const answer: number = 42; // the answer\nexport function ask(q: string) {\n  return `${q}? ${answer}`;\n}";

describe('code blocks', () => {
  it('highlight fenced code with a language into token classes in a frame with the language name', async () => {
    const { html, warnings } = await render(`Intro.\n\n\`\`\`ts\n${SNIPPET}\n\`\`\`\n`);
    expect(warnings).toEqual([]);
    expect(html).toContain('<div class="code-block"><div class="code-block__bar"><span class="code-block__lang">TypeScript</span></div><pre class="hl" tabindex="0"><code>');
    const code = html.slice(html.indexOf('<code>'), html.indexOf('</code>'));
    // Keywords, strings and comments each have their colours in both schemes; no inline style.
    expect(code).toMatch(/<span class="l\d+ d\d+">const<\/span>/);
    expect(code).toMatch(/<span class="l\d+ d\d+">\/\/ the answer<\/span>/);
    expect(html).not.toContain('style=');
    // The text is the code as written, character for character.
    expect(textOf(code)).toBe(SNIPPET);
  });

  // A `<pre>` holds phrasing content only: the frame stood inside one once (8 W3C errors).
  it('put the frame where the fence was, not inside a pre', async () => {
    const { html } = await render(`Intro.\n\n\`\`\`ts\n${SNIPPET}\n\`\`\`\n\nAfter.\n`);
    expect(html.startsWith('<p>Intro.</p>\n<div class="code-block">')).toBe(true);
    expect(html.endsWith('</code></pre></div>\n<p>After.</p>\n')).toBe(true);
    expect(html.match(/<pre/g)).toHaveLength(1);
  });

  it('frame a block inside a list item or a quote in place', async () => {
    const { html } = await render(`- item\n\n  \`\`\`ts\n  const a = 1;\n  \`\`\`\n\n> \`\`\`ts\n> const b = 2;\n> \`\`\`\n`);
    expect(html).toMatch(/<li>\n<p>item<\/p>\n<div class="code-block">[\s\S]*<\/div>\n<\/li>/);
    expect(html).toMatch(/<blockquote>\n<div class="code-block">[\s\S]*<\/div>\n<\/blockquote>/);
    expect(html).not.toMatch(/<pre><div/);
  });

  it('escape code that looks like HTML or script', async () => {
    const hostile = '</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>';
    const { html } = await render(`\`\`\`html\n${hostile}\n\`\`\`\n`);
    expect(html).not.toMatch(/<script|<img/);
    expect(textOf(html.slice(html.indexOf('<code>'), html.indexOf('</code>')))).toBe(hostile);
  });

  it('warn of an unknown language at its fence and show that block as plain code', async () => {
    const { html, warnings } = await render('Text.\n\n```klingon\nqaStaH nuq?\n```\n\n```text\nplain on purpose\n```\n');
    expect(warnings.map(({ code, line, column }) => [code, line, column])).toEqual([['markdown/unknown-code-language', 6, 1]]);
    expect(warnings[0]!.message).toContain('"klingon"');
    expect(warnings[0]!.hint).toMatch(/text for plain code/);
    expect(html).toContain('<pre><code class="language-klingon">qaStaH nuq?\n</code></pre>');
    expect(html).toContain('<pre><code class="language-text">plain on purpose\n</code></pre>');
    expect(html).not.toContain('code-block');
  });

  it('leave fences without a language, and indented code, as they were', async () => {
    const { html } = await render('```\nno language\n```\n\n    indented\n');
    expect(html).toBe('<pre><code>no language\n</code></pre>\n<pre><code>indented\n</code></pre>\n');
  });

  it('know a language by its aliases, in any case', async () => {
    for (const fence of ['js', 'JavaScript', 'sh', 'yml', 'py']) {
      const { html, warnings } = await render(`\`\`\`${fence}\nx = 1\n\`\`\`\n`);
      expect(warnings, fence).toEqual([]);
      expect(html, fence).toContain('class="code-block"');
    }
  });

  it('highlight a block once per language and text: the same snippet in another locale comes from the cache', async () => {
    const highlighter = createCodeHighlighter();
    await highlighter.prepare(['ts', 'json']);
    const first = highlighter.highlight(SNIPPET, 'ts');
    expect(highlighter.highlighted).toBe(1);
    expect(highlighter.highlight(SNIPPET, 'typescript')).toEqual(first);
    expect(highlighter.highlighted).toBe(1);
    // Another language or another text is highlighted anew.
    highlighter.highlight(SNIPPET, 'json');
    highlighter.highlight(`${SNIPPET}\n`, 'ts');
    expect(highlighter.highlighted).toBe(3);
    // Each use gets its own copy: a page's tree cannot change another's.
    expect(highlighter.highlight(SNIPPET, 'ts')).not.toBe(first);
  });

  it('colour a block the same however slowly the machine tokenizes it', async () => {
    const highlighter = createCodeHighlighter();
    await highlighter.prepare(['ts']);
    const calm = highlighter.highlight(SNIPPET, 'ts');
    // Every look at the clock a second later: as if each line took longer than any time limit
    // (a loaded build machine). With a limit, a theme's pass stops early and the rest of the
    // line becomes one token; the output must not depend on that.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      const loaded = createCodeHighlighter();
      await loaded.prepare(['ts']);
      expect(loaded.highlight(SNIPPET, 'ts')).toEqual(calm);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the code palette', () => {
  it('reads themes that highlighting leaves as they were: the templates number the colours from the same modules', async () => {
    const themes = await Promise.all([import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')]);
    const before = JSON.stringify(themes.map((theme) => theme.default));
    const highlighter = createCodeHighlighter();
    await highlighter.prepare(['ts']);
    highlighter.highlight(SNIPPET, 'ts');
    expect(JSON.stringify(themes.map((theme) => theme.default))).toBe(before);
  });

  it('keeps every token colour readable on its background in both schemes (WCAG AA)', () => {
    for (const scheme of Object.values(CODE_SCHEMES)) {
      expect(contrast(scheme.foreground, scheme.background)).toBeGreaterThanOrEqual(CODE_CONTRAST);
      expect(scheme.colors.length).toBeGreaterThan(8);
      for (const color of scheme.colors) expect(contrast(color, scheme.background), `${scheme.theme} ${color}`).toBeGreaterThanOrEqual(CODE_CONTRAST);
    }
  });

  it("gives a class to every coloured token of the site's languages and common ones", async () => {
    const fences = readdirSync(path.join(REPO, 'content'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) => [...readFileSync(path.join(REPO, 'content', file), 'utf8').matchAll(/^```(\w+)/gm)].map((match) => match[1]!));
    expect(fences.length).toBeGreaterThan(0);
    const languages = [...new Set([...fences, 'ts', 'js', 'json', 'bash', 'python', 'yaml', 'css', 'html', 'sql', 'diff'])];
    const themes = { light: CODE_SCHEMES.light.theme as BundledTheme, dark: CODE_SCHEMES.dark.theme as BundledTheme };
    // Copies, as the engine gives them: Shiki normalizes a theme in place, and given the themes'
    // names it would change the modules this worker's later builds number their colours from.
    const modules = await Promise.all([import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')]);
    const before = JSON.stringify(modules.map((theme) => theme.default));
    const shiki = await createHighlighter({ themes: modules.map((theme) => structuredClone(theme.default)), langs: languages as BundledLanguage[] });
    const sample = `${SNIPPET}\n# comment\n"string" 'x' 3.14 true null <div class="a">x</div> SELECT * FROM t WHERE a = 1; - removed\n+ added`;
    for (const lang of languages) {
      const lines = shiki.codeToTokensWithThemes(sample, { lang: lang as BundledLanguage, themes });
      for (const token of lines.flat()) {
        const classes = codeClasses(token.variants.light!, token.variants.dark!);
        const plain = (color: string | undefined, scheme: 'light' | 'dark') => color?.toLowerCase() === shiki.getTheme(CODE_SCHEMES[scheme].theme).fg.toLowerCase();
        if (!plain(token.variants.light!.color, 'light')) expect(classes.some((name) => /^l\d+$/.test(name)), `${lang} ${token.content} ${token.variants.light!.color}`).toBe(true);
        if (!plain(token.variants.dark!.color, 'dark')) expect(classes.some((name) => /^d\d+$/.test(name)), `${lang} ${token.content} ${token.variants.dark!.color}`).toBe(true);
      }
    }
    shiki.dispose();
    expect(JSON.stringify(modules.map((theme) => theme.default))).toBe(before);
  });
});
