import { describe, expect, it } from 'vitest';
import type { InlineSources } from '../../../src/engine/artifacts/inline-sources';
import { SharedSources } from '../../../src/engine/cache/shared-sources';

const sources = (encodedImages: string[], styles = ["'sha256-site'", "'sha256-article'"]): InlineSources => ({
  scripts: ["'sha256-loader'"],
  styles: [...styles],
  styleAttributes: [],
  imageSources: [],
  linkedStylesheet: false,
  encodedImages: [...encodedImages],
});

describe('what pages allow, shared between them', () => {
  it('is one value for pages that allow the same, equal to what each page read', () => {
    const shared = new SharedSources();
    const first = sources(['_sitegen/assets/images/a.avif']);
    const second = sources(['_sitegen/assets/images/a.avif']);
    expect(shared.of(first)).toBe(shared.of(second));
    expect(shared.of(second)).toEqual(second);
  });

  it('keeps pages that allow something else apart, sharing the lists they have in common', () => {
    const shared = new SharedSources();
    const one = shared.of(sources(['_sitegen/assets/images/a.avif']));
    const other = shared.of(sources(['_sitegen/assets/images/b.avif']));
    expect(other).not.toBe(one);
    expect(other.encodedImages).toEqual(['_sitegen/assets/images/b.avif']);
    expect(other.styles).toBe(one.styles);
    expect(other.scripts).toBe(one.scripts);
    // The same lists in another order, or another flag, are other values.
    expect(shared.of(sources(['_sitegen/assets/images/a.avif'], ["'sha256-article'", "'sha256-site'"]))).not.toBe(one);
    expect(shared.of({ ...sources(['_sitegen/assets/images/a.avif']), linkedStylesheet: true })).not.toBe(one);
  });
});
