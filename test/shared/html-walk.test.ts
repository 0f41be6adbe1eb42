/** The tokenizer walk every HTML rewrite of a page uses: offsets, attributes as written, and what is not a tag. */
import { describe, expect, it } from 'vitest';
import { classesIn, walkHtml, type HtmlTag } from '../../src/shared/html-walk';

function tagsOf(html: string, attributesOf?: (name: string) => boolean) {
  const tags: HtmlTag[] = [];
  const texts: string[] = [];
  walkHtml(html, { attributesOf, open: (tag) => tags.push(tag), text: (start, end) => texts.push(html.slice(start, end)) });
  return { tags, texts };
}

describe('walkHtml', () => {
  it('gives each tag its offsets and its attributes as written, the first of two with one name', () => {
    const html = `<p>a</p><img SRC="/x.png" alt='say "hi"' hidden src="/y.png" data-x=1>`;
    const { tags } = tagsOf(html);
    expect(tags.map((tag) => html.slice(tag.start, tag.end))).toEqual(['<p>', `<img SRC="/x.png" alt='say "hi"' hidden src="/y.png" data-x=1>`]);
    expect(tags[1]!.attributes).toEqual([
      { name: 'SRC', value: '/x.png' },
      { name: 'alt', value: 'say &quot;hi&quot;' },
      { name: 'hidden', value: undefined },
      { name: 'data-x', value: '1' },
    ]);
  });

  it('copies attributes only of the tags asked for', () => {
    const { tags } = tagsOf('<a href="/a">x</a><img src="/b.png">', (name) => name === 'img');
    expect(tags.map((tag) => tag.attributes.length)).toEqual([0, 1]);
  });

  it('finds no tag in comments, script, style, textarea or CDATA, and gives their text whole', () => {
    const html = '<!-- <img src="a"> --><script>"<img src=b>"</script><textarea><img src=c></textarea><svg><style><![CDATA[<img src="d">]]></style></svg>';
    const { tags, texts } = tagsOf(html);
    expect(tags.map((tag) => tag.name)).toEqual(['script', 'textarea', 'svg', 'style']);
    expect(texts).toEqual(['"<img src=b>"', '<img src=c>', '<![CDATA[<img src="d">]]>']);
  });

  it('lists the classes of elements only', () => {
    expect([...classesIn('<div class=" a  b"><p class="c" data-class="d">class="e"</p><!-- <i class="f"> --></div>')]).toEqual(['a', 'b', 'c']);
  });
});
