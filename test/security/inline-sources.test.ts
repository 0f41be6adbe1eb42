import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, InlineSourceSet, inlineSourcesOf } from '../../src/engine/artifacts/inline-sources';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline sources of a page', () => {
  it('hashes executable inline scripts and styles over their raw text, and no data blocks', () => {
    const html =
      '<!DOCTYPE html><html><head><script>if (a &amp;&amp; b < c) go()</script>' +
      '<script type="module">import("/x.js")</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<script type="application/json" id="config">{"a":1}</script>' +
      '<script src="/_sitegen/assets/loader.js"></script>' +
      '<style>p>a{color:red}</style></head><body><p>text</p></body></html>';
    const found = inlineSourcesOf(html);
    // Entities inside a script are not decoded: the browser hashes the characters as written.
    expect(found.scripts).toEqual([sha('if (a &amp;&amp; b < c) go()'), sha('import("/x.js")')].sort());
    expect(found.styles).toEqual([sha('p>a{color:red}')]);
    expect(found.styleAttributes).toEqual([]);
    expect(found.linkedStylesheet).toBe(false);
  });

  it('notes style attributes, linked stylesheets and images from other origins', () => {
    const found = inlineSourcesOf(
      '<link rel="preload stylesheet" href="/site.css"><div style="color: red"></div>' +
        '<img src="https://cdn.example.com:8443/a.png"><img src="/local.png"><img src="data:image/png;base64,AAAA">' +
        '<picture><source srcset="//img.example.org/b.webp 1x, /c.webp 2x"></picture>',
    );
    expect(found.styleAttributes).toEqual([sha('color: red')]);
    expect(found.linkedStylesheet).toBe(true);
    expect(found.imageSources).toEqual(['data:', 'https://cdn.example.com:8443', 'https://img.example.org']);
  });

  it('reads an icon as an image: a data: icon needs data: in img-src, a same-origin one nothing', () => {
    expect(inlineSourcesOf('<link rel="icon" href="data:image/svg+xml,%3Csvg%3E%3C/svg%3E">').imageSources).toEqual(['data:']);
    expect(inlineSourcesOf('<link rel="shortcut icon" href="https://icons.example/i.ico">').imageSources).toEqual(['https://icons.example']);
    expect(inlineSourcesOf('<link rel="icon" href="/favicon.svg"><link rel="alternate" href="data:text/plain,a">').imageSources).toEqual([]);
  });

  it('lists the encoded images a page shows, in pictures, images and preloads, and nothing else', () => {
    const found = inlineSourcesOf(
      '<link rel="preload" as="image" imagesrcset="/_sitegen/assets/images/hero-480w-0123456789.avif 480w, /_sitegen/assets/images/hero-960w-0123456789.avif 960w">' +
        '<picture><source type="image/webp" srcset="/_sitegen/assets/images/photo-480w-abcdef0123.webp 480w"><img src="/images/photo.jpg"></picture>' +
        '<img src="/_sitegen/assets/images/plain-64w-fedcba9876.avif"><img src="/images/logo.png">' +
        '<a href="/_sitegen/assets/images/linked-64w-0000000000.avif">a link is not shown</a>' +
        '<p>/_sitegen/assets/images/text-64w-1111111111.avif</p>',
    );
    expect(found.encodedImages).toEqual([
      '_sitegen/assets/images/hero-480w-0123456789.avif',
      '_sitegen/assets/images/hero-960w-0123456789.avif',
      '_sitegen/assets/images/photo-480w-abcdef0123.webp',
      '_sitegen/assets/images/plain-64w-fedcba9876.avif',
    ]);
    const set = new InlineSourceSet();
    set.add(found);
    set.add(inlineSourcesOf('<img src="/_sitegen/assets/images/other-64w-2222222222.webp">'));
    expect(set.toSources().encodedImages).toHaveLength(5);
  });

  it('joins pages into one sorted set, whatever order they came in', () => {
    const a = inlineSourcesOf('<script>one()</script><style>b{}</style>');
    const b = inlineSourcesOf('<script>two()</script><style>b{}</style>');
    const forward = new InlineSourceSet();
    forward.add(a);
    forward.add(b);
    const backward = new InlineSourceSet();
    backward.add(b);
    backward.add(a);
    expect(forward.toSources()).toEqual(backward.toSources());
    expect(forward.toSources().scripts).toHaveLength(2);
    expect(forward.toSources().styles).toEqual([cspHash('b{}')]);
  });
});
