import { splitFrontMatter } from '../read/front-matter-split';
import { sourceContentOf } from './file-facts';
import { versionsOf, type FileVersion } from './git-history';
import type { TranslationSettings } from './settings';
import { messageSourceHash, translatableText } from './source-hash';
import type { TranslationItem } from './states';
import { wordDiff, type DiffPart } from './word-diff';

/** What changed in the source of an outdated translation since it was marked, as far as git knows. */
export type SourceChange =
  | {
      found: true;
      /** The commit that has the version of the source the translation was made from. */
      translated: { commit: string; time: number };
      /** The first commit after it that changed the source; undefined when the change is not committed yet. */
      changed: { commit: string; time: number } | undefined;
      /** The source then against the source now, word by word. */
      diff: DiffPart[];
    }
  | {
      found: false;
      /** `no-git`: the site folder is no git checkout (or git cannot run); `not-in-history`: no commit has the version the translation records. */
      reason: 'no-git' | 'not-in-history';
    };

/** How many source files are looked up in git at once. */
const AT_ONCE = 4;

/**
 * For each outdated translation, the version of its source it was made from, found in the
 * source file's git history by its hash, and a word diff of that version against the source
 * now. `current` gives the source's text now (content: fields and body; a message: its text).
 */
export async function sourceChanges(
  root: string,
  settings: TranslationSettings,
  outdated: readonly TranslationItem[],
  current: (item: TranslationItem) => string,
): Promise<Map<TranslationItem, SourceChange>> {
  const bySource = new Map<string, TranslationItem[]>();
  for (const item of outdated) bySource.set(item.source.file, [...(bySource.get(item.source.file) ?? []), item]);
  const changes = new Map<TranslationItem, SourceChange>();
  const files = [...bySource.keys()];
  for (let at = 0; at < files.length; at += AT_ONCE) {
    await Promise.all(
      files.slice(at, at + AT_ONCE).map(async (file) => {
        const versions = await versionsOf(root, file);
        const json = jsonOnce();
        for (const item of bySource.get(file)!) changes.set(item, changeOf(item, versions, settings, current, json));
      }),
    );
  }
  return changes;
}

function changeOf(item: TranslationItem, versions: readonly FileVersion[] | undefined, settings: TranslationSettings, current: (item: TranslationItem) => string, json: (text: string) => unknown): SourceChange {
  if (!versions) return { found: false, reason: 'no-git' };
  const recorded = item.record!.source;
  // Newest first: the latest version with that hash is what the translation was made from.
  for (let index = 0; index < versions.length; index++) {
    const text = translatedText(item, versions[index]!.text, settings, recorded, json);
    if (text === undefined) continue;
    const newer = versions[index - 1];
    return {
      found: true,
      translated: { commit: versions[index]!.commit, time: versions[index]!.time },
      changed: newer && { commit: newer.commit, time: newer.time },
      diff: wordDiff(text, current(item)),
    };
  }
  return { found: false, reason: 'not-in-history' };
}

/** The text of a version of the source when its hash is `recorded`, as `current` gives it. */
function translatedText(item: TranslationItem, fileText: string, settings: TranslationSettings, recorded: string, json: (text: string) => unknown): string | undefined {
  if (item.kind === 'content') {
    const split = splitFrontMatter(fileText);
    const source = split && sourceContentOf(split, settings);
    return source?.hash === recorded ? translatableText(source.fields, source.body) : undefined;
  }
  const text = messageIn(json(fileText), item.id);
  return text !== undefined && messageSourceHash(text) === recorded ? text : undefined;
}

/** Each version of a locale file parsed once, however many of its messages are looked for (undefined: not JSON). */
function jsonOnce(): (text: string) => unknown {
  const parsed = new Map<string, unknown>();
  return (text) => {
    if (!parsed.has(text)) {
      try {
        parsed.set(text, JSON.parse(text));
      } catch {
        parsed.set(text, undefined);
      }
    }
    return parsed.get(text);
  };
}

/** A message of a parsed locale file by dotted key (keys hold dots only as separators: `messages/invalid-key`). */
function messageIn(value: unknown, key: string): string | undefined {
  for (const part of key.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}
