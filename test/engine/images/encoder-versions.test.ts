import { describe, expect, it } from 'vitest';
import { prebuiltEncoderVersions } from '../../../src/engine/images/encoder-versions';
import { variantsKeyOf } from '../../../src/engine/images/encode-images';
import { createHash } from 'node:crypto';

describe('the encoder versions read without loading sharp', () => {
  it('are the versions sharp reports once loaded', async () => {
    const read = prebuiltEncoderVersions();
    // The project installs sharp with its prebuilt binaries: the files must be found.
    expect(read).toBeDefined();
    const { default: sharp } = await import('sharp');
    expect(read).toEqual({ ...sharp.versions });
  });

  it('name encodings by the key sharp’s own versions give', async () => {
    const { default: sharp } = await import('sharp');
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const settings = { widths: [480, 960], avifQuality: 50, webpQuality: 75 };
    const versions = sharp.versions as unknown as Record<string, string | undefined>;
    // The key's definition (encode-images.ts), with the versions sharp reports.
    const expected = createHash('sha256')
      .update(bytes)
      .update('\0')
      .update(JSON.stringify([settings.widths, settings.avifQuality, settings.webpQuality, versions.sharp, versions.vips, versions.aom, versions.webp]))
      .digest('hex')
      .slice(0, 32);
    expect(await variantsKeyOf(bytes, settings)).toBe(expected);
  });
});
