import { describe, expect, it } from 'vitest';
import { hyphenateHtml, hyphenateText, hyphenateWord, SOFT_HYPHEN } from '../../src/templates/hyphenate';
import { wrapTables } from '../../src/templates/components/Markdown';
import { walkHtml, type HtmlTag } from '../../src/shared/html-walk';

const shown = (text: string) => text.replaceAll(SOFT_HYPHEN, '|');

describe('build-time hyphenation', () => {
  it('breaks the long words of the reported headings at syllables', () => {
    expect(shown(hyphenateWord('Datenschutzerklärung', 'de'))).toBe('Da|ten|schutz|er|klä|rung');
    expect(shown(hyphenateWord('Industriegroßhändler', 'de'))).toBe('In|dus|trie|groß|händ|ler');
    expect(shown(hyphenateWord('Finanzautomatisierung', 'de'))).toBe('Fi|nanz|au|to|ma|ti|sie|rung');
    expect(shown(hyphenateWord('Ajánlatkonfigurátor', 'hu'))).toBe('Aján|lat|kon|fi|gu|rá|tor');
    expect(hyphenateWord('monitoringplatform', 'hu')).toContain(SOFT_HYPHEN);
  });

  it('keeps two letters before and three after every break', () => {
    for (const word of ['Felhőinfrastruktúra', 'Datenschutzerklärung', 'infrastructure']) {
      const parts = hyphenateWord(word, word === 'infrastructure' ? 'en' : word.startsWith('F') ? 'hu' : 'de').split(SOFT_HYPHEN);
      expect(parts.length).toBeGreaterThan(1);
      expect([...parts[0]!].length).toBeGreaterThanOrEqual(2);
      expect([...parts.at(-1)!].length).toBeGreaterThanOrEqual(3);
    }
  });

  it('leaves short words, brand names and addresses whole, and reads the same without the soft hyphens', () => {
    expect(hyphenateWord('Leistung', 'de')).toBe('Leistung');
    expect(hyphenateWord('development', 'en')).toBe('development');
    const text = 'ClickUp-Einführung mit PocketBase: https://www.kestrelbyte.example/Datenschutzerklärung hello@kestrelbyte.example';
    const result = hyphenateText(text, 'de');
    expect(result.split(' ').slice(2).join(' ')).toBe(text.split(' ').slice(2).join(' '));
    expect(result).toContain('ClickUp-Ein');
    expect(result.replaceAll(SOFT_HYPHEN, '')).toBe(text);
  });

  it('changes only the text of HTML: not tags, attributes, references, code, scripts or islands', () => {
    const html =
      '<h1 title="Datenschutzerklärung">Datenschutzerklärung &amp; Industriegroßhändler</h1>' +
      '<p><code>Finanzautomatisierung</code></p><script>Finanzautomatisierung</script>' +
      '<sitegen-island data-island="X"><label>Finanzautomatisierung</label></sitegen-island><p>Finanzautomatisierung</p>' +
      '<a href="/x" aria-label="Weiterlesen: Finanzautomatisierung"><span>Finanzautomatisierung</span></a>';
    const result = hyphenateHtml(html, 'de');
    expect(result.replaceAll(SOFT_HYPHEN, '')).toBe(html);
    expect(result).toContain('title="Datenschutzerklärung"');
    expect(result).toContain('<code>Finanzautomatisierung</code>');
    expect(result).toContain('<script>Finanzautomatisierung</script>');
    expect(result).toContain('<label>Finanzautomatisierung</label>');
    expect(result).toContain('<span>Finanzautomatisierung</span></a>');
    expect(result).toContain(`<p>Fi${SOFT_HYPHEN}nanz`);
    expect(result).toContain('&amp;');
  });

  // Text is found by a tokenizer: a tag's look-alike in an attribute, a comment or CDATA is not an end of code.
  it('are not fooled by ">" in an attribute, comments, pre content or CDATA in SVG', () => {
    const long = 'Finanzautomatisierung';
    const cases = [
      `<pre title="a > b">${long}</pre>`,
      `<code data-x="</code>">${long}</code>`,
      `<!-- <p> ${long} </p> -->`,
      `<pre><span>&lt;/pre&gt;</span> ${long}</pre>`,
      `<svg><style><![CDATA[ </svg><p>${long}</p> ]]></style></svg>`,
    ];
    for (const html of cases) expect(hyphenateHtml(html, 'de'), html).toBe(html);
    // Text after such a construct is still hyphenated.
    expect(hyphenateHtml(`<!-- <code> --><p>${long}</p>`, 'de')).toContain(`<p>Fi${SOFT_HYPHEN}nanz`);
    expect(hyphenateHtml(`<p title="<pre>">${long}</p>`, 'de')).toContain(`>Fi${SOFT_HYPHEN}nanz`);
    // A link is named by an `aria-label` attribute, not by those characters in another one.
    expect(hyphenateHtml(`<a href="/x" data-note="> aria-label=">${long}</a>`, 'de')).toContain(`>Fi${SOFT_HYPHEN}nanz`);
  });

  it('hands a caller every opening tag with its attributes, as a walk of its own would, in any language', () => {
    const html = '<link rel="preload" as="image" href="/a.avif"><h2 class="lead wide">Finanzautomatisierung</h2><p><a class="more" aria-label="Mehr">Datenschutzerklärung</a><code class="x">Finanzautomatisierung</code></p>';
    const own: HtmlTag[] = [];
    walkHtml(html, { open: (tag) => own.push(tag) });
    for (const language of ['de', 'en', 'fr']) {
      const seen: HtmlTag[] = [];
      const result = hyphenateHtml(html, language, (tag) => seen.push(tag));
      expect(seen, language).toEqual(own);
      expect(result, language).toBe(hyphenateHtml(html, language));
    }
    expect(hyphenateHtml(html, 'de')).toContain(`Fi${SOFT_HYPHEN}nanz`);
  });
});

describe('table boxes', () => {
  it('wrap each table in a focusable region with a numbered, escaped name and a hint', () => {
    const html = '<p>x</p><table tabindex="0"><tr><td>a</td></tr></table><table tabindex="0"><tr><td>b</td></tr></table>';
    const result = wrapTables(html, (n) => `Table "${n}" <`, 'Scroll & see');
    expect(result).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Table &quot;1&quot; &lt;"><table>');
    expect(result).toContain('aria-label="Table &quot;2&quot; &lt;"');
    expect(result.match(/<\/table><\/div><p class="table-scroll__hint" aria-hidden="true">Scroll &amp; see<\/p>/g)).toHaveLength(2);
    expect(wrapTables('<p>no table</p>', () => 'x')).toBe('<p>no table</p>');
  });
});
