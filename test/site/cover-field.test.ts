import { describe, expect, it } from 'vitest';
import { cover } from '../../src/templates/fields';

describe('the cover field', () => {
  it('takes a file of the site with its alt text', () => {
    expect(cover.parse({ src: '/images/covers/service-it-outsourcing.svg', alt: 'Three servers' })).toEqual({
      src: '/images/covers/service-it-outsourcing.svg',
      alt: 'Three servers',
    });
  });

  it.each([
    ['another host', '//evil.example/x.svg'],
    ['another host, written with a backslash', '/\\evil.example/x.svg'],
    ['a script URL', 'javascript:alert(1)//x.svg'],
    ['a relative path', 'images/x.svg'],
    ['a query', '/images/x.svg?x=1'],
    ['no image type', '/images/x.html'],
  ])('refuses %s', (_, src) => {
    expect(cover.safeParse({ src, alt: 'x' }).success).toBe(false);
  });

  it('requires a non-empty alt text and nothing else', () => {
    expect(cover.safeParse({ src: '/images/x.svg', alt: ' ' }).success).toBe(false);
    expect(cover.safeParse({ src: '/images/x.svg' }).success).toBe(false);
    expect(cover.safeParse({ src: '/images/x.svg', alt: 'x', width: 3 }).success).toBe(false);
  });
});
