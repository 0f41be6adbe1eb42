// A photograph stand-in for the image tests and benchmarks: smooth colour fields with fine
// grain, which compress about like a real photo (a flat colour would flatter every encoder).
// Made from a seed, so a test or benchmark gets the same bytes on every run; nothing is stored
// in the repository.
import sharp from 'sharp';

/** A JPEG (or PNG) of `width` x `height` pixels, the same bytes for the same arguments. */
export async function generatedPhoto({ width = 2400, height = 1600, seed = 1, format = 'jpeg' } = {}) {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: small, seeded, good enough for grain.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
  const pixels = Buffer.alloc(width * height * 3);
  const waves = Array.from({ length: 3 }, () => ({ fx: 1 + random() * 4, fy: 1 + random() * 4, phase: random() * Math.PI * 2 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const { fx, fy, phase } = waves[channel];
        const field = 128 + 90 * Math.sin((x / width) * fx * Math.PI + phase) * Math.cos((y / height) * fy * Math.PI);
        pixels[offset + channel] = Math.max(0, Math.min(255, Math.round(field + (random() - 0.5) * 36)));
      }
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.8);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}
