/**
 * One word's hyphenation from the `hyphen` package's compiled TeX patterns, the way the
 * package's own `hyphenateSync` finds it, without its per-character machinery, over a trie
 * flattened into one array that a built sitegen loads from a file in a millisecond.
 *
 * The package reads text one character at a time through a chain of closures (for HTML, for
 * hyphens already there), and for each word's every starting letter it copies the rest of the
 * word into a new array, tests each trie node's type with `Object.prototype.toString` and makes
 * a new object per letter; its trie is some 40,000 objects, which `JSON.parse` takes 50 ms to
 * make for Hungarian (docs/performance.md, "Hyphenation").
 *
 * `hyphenate.ts` hands this function only single words of letters, long enough to hyphenate,
 * without soft hyphens: for those the package's reader returns the word whole, and what is left
 * is this: the exceptions' breaks if the lowered word is one, else Liang's levels from the
 * patterns, a break after every odd level. It follows the package's code step by step, its
 * quirks included: a pattern matched at the leading dot counts from the first letter, and
 * levels written past the word's end would grow the array before its last two are cleared
 * (no pattern of the three languages does). `test/site/pattern-hyphenator.test.ts` compares
 * the two on every word of the site's content, the exceptions and generated words.
 */

/** The `patterns` of a `hyphen/<language>` module: the levels, the trie, and the exceptions' breaks by lowered word. */
export type CompiledPatterns = readonly [levels: readonly (readonly number[])[], trie: TrieNode, exceptions?: Exceptions];

/** A trie node of the package: by letter, a node, a levels index, or both (`[node, levels index]`). */
export interface TrieNode {
  readonly [letter: string]: TrieNode | number | readonly [TrieNode, number] | undefined;
}

/** Breaks by lowered word (an empty array in languages without exceptions). */
export type Exceptions = Readonly<Record<string, readonly number[]>> | readonly never[];

/**
 * The same patterns with the trie flattened: node after node, each its number of letters, then
 * for each letter its UTF-16 code, the offset of the node it leads to (-1: none) and its levels
 * index (-1: none). The root is at offset 0.
 */
export interface FlatPatterns {
  levels: readonly (readonly number[])[];
  exceptions: Exceptions;
  trie: Int32Array;
}

const NONE = -1;
const SOFT_HYPHEN = '\u00AD';

/** The package's patterns with the trie flattened (`FlatPatterns`); throws on a trie of another shape. */
export function flattenPatterns([levels, root, exceptions = {}]: CompiledPatterns): FlatPatterns {
  const out: number[] = [];
  const flatten = (node: TrieNode): number => {
    const at = out.length;
    const letters = Object.keys(node);
    out.push(letters.length);
    const entries = out.length;
    out.length += letters.length * 3;
    letters.forEach((letter, i) => {
      if (letter.length !== 1) throw new Error(`hyphenation patterns: a trie key of ${letter.length} characters ("${letter}")`);
      const value = node[letter];
      let child = NONE;
      let levelsIndex = NONE;
      if (Array.isArray(value)) [child, levelsIndex] = [flatten(value[0] as TrieNode), value[1] as number];
      else if (typeof value === 'object' && value !== null) child = flatten(value as TrieNode);
      else if (typeof value === 'number') levelsIndex = value;
      out[entries + i * 3] = letter.charCodeAt(0);
      out[entries + i * 3 + 1] = child;
      out[entries + i * 3 + 2] = levelsIndex;
    });
    return at;
  };
  flatten(root);
  return { levels, exceptions, trie: Int32Array.from(out) };
}

/** A function that puts soft hyphens into one word by `patterns`. */
export function patternHyphenator({ levels: levelsTable, exceptions, trie }: FlatPatterns): (word: string) => string {
  return (word) => {
    const lowered = word.toLocaleLowerCase();
    const breaks = Object.prototype.hasOwnProperty.call(exceptions, lowered) ? (exceptions as Record<string, readonly number[]>)[lowered]! : breaksOf(word.length, lowered, levelsTable, trie);
    return withBreaks(word, breaks);
  };
}

/** Liang's levels of `lowered` between dots: the offsets (in the word as given) after which it may break. */
function breaksOf(length: number, lowered: string, levelsTable: FlatPatterns['levels'], trie: Int32Array): number[] {
  const letters = `.${lowered}.`;
  const end = letters.length;
  // As the package sizes it: by the word as given, which lowering may have made longer.
  const levels: number[] = new Array<number>(length + 1).fill(0);
  for (let start = 0; start + 3 <= end; start++) {
    // The package counts a pattern that starts at the leading dot from the first letter.
    const at = start === 0 ? 0 : start - 1;
    let node = 0;
    for (let i = start; i < end && node !== NONE; i++) {
      const entry = entryOf(trie, node, letters.charCodeAt(i));
      if (entry === NONE) break;
      node = trie[entry + 1]!;
      const levelsIndex = trie[entry + 2]!;
      if (levelsIndex === NONE) continue;
      const pattern = levelsTable[levelsIndex]!;
      // Past the end the package's array grows: Math.max with undefined is NaN, never odd.
      for (let k = 0; k < pattern.length; k++) levels[at + k] = Math.max(pattern[k]!, levels[at + k]!);
    }
  }
  levels[0] = levels[1] = levels[levels.length - 1] = levels[levels.length - 2] = 0;
  const breaks: number[] = [];
  for (let i = 0; i < levels.length; i++) if ((levels[i]! & 1) === 1) breaks.push(i);
  return breaks;
}

/** The offset of `code`'s entry in the node at `node`, or NONE. */
function entryOf(trie: Int32Array, node: number, code: number): number {
  const count = trie[node]!;
  for (let entry = node + 1, last = node + count * 3; entry <= last; entry += 3) if (trie[entry] === code) return entry;
  return NONE;
}

/** `word` with a soft hyphen at each offset of `breaks` (ascending). */
function withBreaks(word: string, breaks: readonly number[]): string {
  if (breaks.length === 0) return word;
  let out = word.slice(0, breaks[0]);
  for (let i = 1; i < breaks.length; i++) out += SOFT_HYPHEN + word.slice(breaks[i - 1], breaks[i]);
  return out + SOFT_HYPHEN + word.slice(breaks[breaks.length - 1]);
}
