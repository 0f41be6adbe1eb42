import fc from 'fast-check';

/**
 * Generators of broken and hostile source text for the property-based build tests: pieces that
 * mean something to YAML, JSON, Markdown, ICU or HTML, joined at random with arbitrary text.
 */

const SYNTAX_PIECES = [
  '"', "'", '{', '}', '[', ']', ':', ': ', '- ', '#', '&a ', '*a', '!!binary ', '!!js/function ', '%YAML 1.2', '? ', '|', '>', '@', '`',
  '---', '...', '\\', '\\u', '\n', '\r\n', '\t', '  ', '\u0000', '\uFEFF', '\u2028', '\u2029', '\u00A0',
];
const HOSTILE_PIECES = [
  '<script>window.__xss=1</script>', '</script><!--', '<!--', '-->', ']]>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)',
  '"><svg onload=alert(1)>', "'; alert(1); '", '${1+1}', '{{constructor}}', '__proto__', 'constructor', 'ő', 'Ű', 'ß', 'é', '🦊', '\u202E',
];

/** Text made of pieces that mean something to a parser, hostile markup and arbitrary characters. */
export const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...SYNTAX_PIECES, ...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 10 })
  .map((parts) => parts.join(''));

/** A value of any YAML/JSON type, hostile text among them. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom('', ' ', '2025-02-30', '2025-13-01', '0000-00-00', '9999-12-31', '1e999', 'NaN', 'null', 'true', 'route:nope', '/hu/kérdések'),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('title', 'text', 'question', 'answer', 'role', 'id', 'x'), hostileText, { maxKeys: 3 }),
);

/** A change to a text at a position given as a fraction of its length, so it fits any file. */
export type TextCorruption =
  | { insert: string; at: number }
  | { remove: number; at: number }
  | { duplicate: number; at: number }
  | { truncate: number };

export const textCorruption: fc.Arbitrary<TextCorruption> = fc.oneof(
  fc.record({ insert: hostileText, at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ remove: fc.integer({ min: 1, max: 40 }), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ duplicate: fc.integer({ min: 1, max: 40 }), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ truncate: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

export function corrupt(text: string, change: TextCorruption): string {
  if ('truncate' in change) return text.slice(0, Math.floor(text.length * change.truncate));
  const at = Math.floor(text.length * change.at);
  if ('insert' in change) return text.slice(0, at) + change.insert + text.slice(at);
  if ('remove' in change) return text.slice(0, at) + text.slice(at + change.remove);
  return text.slice(0, at) + text.slice(at, at + change.duplicate) + text.slice(at);
}

const MARKDOWN_PIECES = [
  '# ', '## Heading', '###### ', '[link](route:contact)', '[link](route:contact#form)', '[link](route:no-such-route)', '[link](route:)',
  '[link](route:#)', '[x](/hu/karrier)', '[x](/de/kontakt?x=1#y)', '[x](javascript:alert(1))', '[x][ref]', '[ref]: route:career',
  '[ref]: route:nope "title"', '[ref]: javascript:alert(1)', '![img](javascript:alert(1))', '![a](x.png "t")', '<https://example.com>',
  'www.example.com', 'mailto:a@b.c', '<script>alert(1)</script>', '<div onclick="alert(1)">', '<!-- comment', '```', '```js', '~~~', '    code',
  '> ', '>>>>>>>>>>', '* ', '1. ', '- [ ] task', '| a | b |\n|---|---|\n| 1 |', '[^1]', '[^1]: note', '***', '___', '**', '_', '~~', '\\',
  '&amp;', '&#0;', '&#x110000;', '<', '>', '\n\n', '\n', '  \n',
];

/** A Markdown body: site links (valid, unknown, foreign), references, raw HTML, unclosed blocks, hostile text. */
export const markdownBody = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...MARKDOWN_PIECES) }, { weight: 1, arbitrary: hostileText }), { maxLength: 25 })
  .map((parts) => parts.join(''));

const ICU_PIECES = [
  '{', '}', '{name}', '{author}', '{minutes}', '{ minutes }', '{0}', '{count, plural, one {# item} other {# items}}', '{count, plural, =1 {one}}',
  '{count, plural, other {#}}', '{minutes, plural, one {# perc} other {# perc}}', '{x, select, a {A} other {B}}', '{x, select, a {A}}',
  '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', '{d, date, long}', '{d, date, ::yyyyMMdd}', '{d, time, short}',
  '{n, number}', '{n, number, ::currency/EUR}', '{n, number, ::bogus}', '{n, numbr}', '<b>', '</b>', '<b>bold</b>', '<a>x</b>', "'", "''",
  "'{'", "'{name}'", '#', '{count, plural, one {{nested, select, other {x}}} other {y}}', 'text ', ' ',
];

/** ICU message text: valid and broken arguments, plurals, selects, tags, escapes, hostile text. */
export const icuMessage = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ICU_PIECES) }, { weight: 1, arbitrary: hostileText }), { maxLength: 8 })
  .map((parts) => parts.join(''));
