import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../src/engine/base/xml';

describe('escapeXml', () => {
  it('gives text without markup characters back as it is', () => {
    expect(escapeXml('https://www.kestrelbyte.example/hu/it-kiszervezes')).toBe('https://www.kestrelbyte.example/hu/it-kiszervezes');
    expect(escapeXml('Árvíztűrő tükörfúrógép – 2026')).toBe('Árvíztűrő tükörfúrógép – 2026');
    expect(escapeXml('')).toBe('');
  });

  it('writes each of the five markup characters as its entity', () => {
    expect(escapeXml(`Tom & Jerry's <b>"best"</b>`)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops the characters XML 1.0 does not allow, keeping tab and line ends', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\u000Ce\u001Ff\uFFFEg\uFFFFh')).toBe('abcdefgh');
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    expect(escapeXml('\u0001&')).toBe('&amp;');
  });

  it('gives what escaping character by character gives, for any text', () => {
    const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
    const byCharacter = (text: string) =>
      [...text].map((char) => (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(char) ? '' : (entities[char] ?? char))).join('');
    const alphabet = ['a', 'é', ' ', '/', '&', '<', '>', '"', "'", '\u0000', '\u0007', '\t', '\n', '\u001F', '\uFFFE', 'ő', '😀'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 500; run++) {
      const text = Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join('');
      expect(escapeXml(text)).toBe(byCharacter(text));
    }
  });
});
