/** `findTags`, the quick reader of a few tags, against the tokenizer walk it stands in for. */
import { describe, expect, it } from 'vitest';
import { findTags, tagsByWalk, type TagReader } from '../../src/shared/html-tags';
import { realSite } from '../helpers/real-site';

/** What a reader reports of the `wanted` elements: start tags with offsets and attributes, and end tags. */
function eventsOf(read: TagReader, html: string, wanted: (name: string) => boolean): string[] {
  const events: string[] = [];
  read(html, { wanted, open: (tag) => events.push(JSON.stringify(tag)), close: (name) => events.push(`/${name}`) });
  return events;
}

const byFindTags = (html: string, wanted: (name: string) => boolean) => eventsOf(findTags, html, wanted);
/** The tokenizer walk (`walkHtml`), which `findTags` stands in for. */
const byWalk = (html: string, wanted: (name: string) => boolean) => eventsOf(tagsByWalk, html, wanted);

const IMAGES = (name: string) => ['img', 'link', 'main', 'picture'].includes(name);

describe('findTags', () => {
  it('reads every tag of every page of the real site as the tokenizer walk does', async () => {
    const { files } = await realSite();
    const pages = [...files].filter(([name]) => name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(200);
    // Every element, not only the images': the offsets and attributes of each start tag, and each end tag.
    const every = () => true;
    for (const [name, html] of pages) {
      const found = byFindTags(html as string, every);
      expect(found, name).toEqual(byWalk(html as string, every));
    }
  });

  it('finds no tag where the walk finds none: comments, raw text, CDATA, quoted values; and does find them in SVG', () => {
    const html = [
      '<!doctype html><!-- <img src="/a.png"> --><?pi <img src="/b.png">?>',
      '<script>"<img src=/c.png>" </scripts> </SCRIPT ></script><style>a::after{content:"<main>"}</style >',
      `<textarea><img src=/d.png></textarea><title><picture></title><xmp><img></xmp>`,
      `<a title="<img src=/e.png>" data-x='>' data-y=a>b><![CDATA[<img src="/f.png">]]></a>`,
      '<svg><style><img src="/g.png"></style><title><img src="/h.png"></title><path d="M0 0"/></svg>',
      `<IMG SRC='/i.png' alt='say "hi"' hidden src="/j.png" data-v=1/><Main class=x><picture><img src=/k.png></picture></MAIN>`,
      '</ img></>< img><img',
    ].join('');
    expect(byFindTags(html, IMAGES)).toEqual(byWalk(html, IMAGES));
    // The images found: in SVG's <style> and <title> too (ordinary elements there), the first `src` of two.
    const images = byFindTags(html, (name) => name === 'img').map((event) => (JSON.parse(event) as { attributes: Array<{ value?: string }> }).attributes[0]?.value);
    expect(images).toEqual(['/g.png', '/h.png', '/i.png', '/k.png']);
  });

  it('reads generated documents of those constructs as the walk does', () => {
    let seed = 20261129;
    // mulberry32: the same documents on every run.
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const leaves = [
      'text & more', '<img src="/a.png" alt="<main>">', "<img src='/b.png' alt='a \"quote\"'>", '<img src=/c.png loading=lazy>', '<IMG SRC="/d.png">',
      '<link rel="preload" as="image" href="/e.png">', '<!-- <img src="/x.png"> -->', '<script>if (a < b) document.write("<img src=/y.png>")</script>',
      '<style>main > p::before { content: "</main>" }</style>', '<textarea><picture></textarea>', '<![CDATA[ <img src="/z.png"> ]]>', '<br/>', 'a < b',
      '<span title=">" class="<img>">x</span>', '<input value=\'<img src="/w.png">\'>', '<svg viewBox="0 0 1 1"><title>t</title><path d="M0 0"/></svg>',
    ];
    // Nested as HTML allows (no implied end tags, which findTags does not report): blocks in
    // blocks, phrasing in paragraphs, images in pictures.
    const attribute = () => pick(['', ' class="x"', " data-q='\"'", ' hidden', ' data-gt=">"', ' title=<b>']);
    const phrasing = () => pick(leaves);
    const block = (depth: number): string => {
      let out = '';
      const count = 1 + Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const kind = random();
        if (depth < 4 && kind < 0.3) {
          const name = pick(['main', 'div', 'section']);
          out += `<${name}${attribute()}>${block(depth + 1)}</${name}>`;
        } else if (kind < 0.5) out += `<p${attribute()}>${phrasing()}${phrasing()}</p>`;
        else if (kind < 0.65) out += `<picture${attribute()}><source srcset="/s.avif" type="image/avif">${pick(leaves.filter((leaf) => leaf.startsWith('<img') || leaf.startsWith('<IMG')))}</picture>`;
        else out += phrasing();
      }
      return out;
    };
    for (let document = 0; document < 500; document++) {
      const html = block(0);
      expect(byFindTags(html, IMAGES), html).toEqual(byWalk(html, IMAGES));
    }
  });
});
