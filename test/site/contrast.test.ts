import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site';

const css = readFileSync(path.join(REPO, 'src/templates/site.css'), 'utf8');

/** The custom properties of the first `:root` block after `from` in the stylesheet. */
function palette(from: number): Record<string, string> {
  const block = css.slice(css.indexOf(':root {', from), css.indexOf('}', css.indexOf(':root {', from)));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const light = palette(0);
const dark = { ...light, ...palette(css.indexOf('@media (prefers-color-scheme: dark)')) };

/** Text colour on background colour: each pair the stylesheet uses for text. */
const PAIRS: Array<[string, string]> = [
  ['ink', 'paper'],
  ['ink', 'paper-soft'],
  ['ink-soft', 'paper'],
  ['ink-soft', 'paper-soft'],
  ['accent', 'paper'],
  ['accent', 'paper-soft'],
  ['on-accent', 'accent'],
  ['band-text', 'band'],
  ['error', 'paper'],
];

describe('colour contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each([
    ['light', light],
    ['dark', dark],
  ] as const)('holds in the %s theme', (_, colours) => {
    for (const [text, background] of PAIRS) {
      expect(colours[text], text).toBeDefined();
      expect(colours[background], background).toBeDefined();
      expect(contrast(colours[text]!, colours[background]!), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
