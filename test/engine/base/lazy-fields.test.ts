import { describe, expect, it } from 'vitest';
import { lazyFields } from '../../../src/engine/base/lazy-fields';

describe('lazyFields', () => {
  const withBody = lazyFields<{ html: string; reads: number }, { html: string; length: number }>({
    html: (body) => {
      body.reads++;
      return body.html;
    },
    length: (body) => body.html.length,
  });

  it('reads each field from its source when read, not before', () => {
    const body = { html: '<p>a</p>', reads: 0 };
    const page = withBody({ title: 'A' }, body);
    expect(body.reads).toBe(0);
    expect(page.html).toBe('<p>a</p>');
    body.html = '<p>changed</p>';
    expect(page.html).toBe('<p>changed</p>');
    expect(page.length).toBe(14);
    expect(body.reads).toBe(2);
  });

  it('looks like the object literal it replaces: own enumerable fields in order, the source hidden', () => {
    const page = withBody({ title: 'A', words: 3 }, { html: 'x', reads: 0 });
    const literal = {
      title: 'A',
      words: 3,
      get html() {
        return 'x';
      },
      get length() {
        return 1;
      },
    };
    expect(Object.keys(page)).toEqual(Object.keys(literal));
    expect(JSON.stringify(page)).toBe(JSON.stringify(literal));
    expect({ ...page }).toEqual({ ...literal });
    expect(Object.getOwnPropertySymbols({ ...page })).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(page, 'html')).toMatchObject({ enumerable: true, configurable: true });
  });

  it('passes on what a getter throws', () => {
    const pending = lazyFields<undefined, { html: string }>({
      html: () => {
        throw new Error('not there yet');
      },
    });
    const page = pending({}, undefined);
    expect(() => page.html).toThrow('not there yet');
  });
});
