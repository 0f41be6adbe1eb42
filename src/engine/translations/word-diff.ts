import { diffWords } from 'diff';

/** A run of words of a diff: in both texts, or only in the old (`removed`) or the new (`added`). */
export interface DiffPart {
  text: string;
  change?: 'added' | 'removed';
}

/** What changed between two texts, word by word (whitespace changes do not count). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => (part.added ? { text: part.value, change: 'added' } : part.removed ? { text: part.value, change: 'removed' } : { text: part.value }));
}

/**
 * The changes of a diff with a few words of context each, the rest left out as `…`, in git's
 * plain word-diff notation: `[-old words-]{+new words+}`. `paint` may colour the changes.
 */
export function diffExcerpt(parts: readonly DiffPart[], context = 6, paint: (part: DiffPart, text: string) => string = (_, text) => text): string {
  let out = '';
  parts.forEach((part, index) => {
    if (!part.change) {
      out += elide(part.text, index > 0 ? context : 0, index < parts.length - 1 ? context : 0);
      return;
    }
    // A replacement reads as one: `[-old-]{+new+}`, the spaces around it kept.
    const before = /^\s/.test(part.text) && !parts[index - 1]?.change ? ' ' : '';
    const after = /\s$/.test(part.text) ? ' ' : '';
    const marked = part.change === 'removed' ? `[-${part.text.trim()}-]` : `{+${part.text.trim()}+}`;
    out += before + paint(part, marked) + after;
  });
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Unchanged text between changes: its first `head` and last `tail` words, the middle as `…`.
 * Context stops at a line break: the words of another field or paragraph say nothing of a change.
 */
function elide(text: string, head: number, tail: number): string {
  const firstLine = text.split('\n', 1)[0]!;
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  const start = head > 0 ? words(firstLine, head, 'first') : '';
  const end = tail > 0 ? words(lastLine, tail, 'last') : '';
  if (!text.includes('\n') && start.length + end.length >= text.length) return text;
  return `${start.trimEnd()} … ${end.trimStart()}`;
}

/** The first or last `count` words of a line, with the whitespace between them. */
function words(line: string, count: number, which: 'first' | 'last'): string {
  const tokens = line.split(/(\s+)/);
  const ordered = which === 'first' ? tokens : [...tokens].reverse();
  const kept: string[] = [];
  let seen = 0;
  for (const token of ordered) {
    if (token.trim().length > 0 && ++seen > count) break;
    kept.push(token);
  }
  return which === 'first' ? kept.join('') : kept.reverse().join('');
}
