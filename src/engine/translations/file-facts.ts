import { parse } from 'yaml';
import { recordIn, type LocatedRecord } from './record';
import { contentSourceHash, translatableFields } from './source-hash';
import type { TranslationSettings } from './settings';

/**
 * What the translation state needs of one content file: as a source, its hash; as a
 * translation, its record. Undefined `hash`: the front matter does not parse (the build
 * reports it), so its translations cannot be compared.
 */
export type FileFacts = { role: 'source'; hash: string | undefined } | { role: 'translation'; record: LocatedRecord | undefined };

/** A content file split as the reader splits it (`read/front-matter-split.ts`). */
export interface SplitText {
  frontMatter: string;
  body: string;
}

/** What a translation translates of a source file: its translatable fields and body, and their hash. */
export interface SourceContent {
  hash: string;
  fields: Record<string, unknown>;
  body: string;
}

/** The source content of a file of the source locale; undefined when its front matter does not parse. */
export function sourceContentOf(file: SplitText, settings: TranslationSettings): SourceContent | undefined {
  let data: unknown;
  try {
    data = parse(file.frontMatter, { uniqueKeys: true });
  } catch {
    return undefined;
  }
  const fields = translatableFields(data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}, settings.fields);
  return { hash: contentSourceHash(fields, file.body), fields, body: file.body };
}

/** The facts of a source file of the source locale. */
export function sourceFacts(file: SplitText, settings: TranslationSettings): FileFacts {
  return { role: 'source', hash: sourceContentOf(file, settings)?.hash };
}

/** The facts of a translated file: only its record is read. */
export function translationFacts(file: Pick<SplitText, 'frontMatter'>): FileFacts {
  return { role: 'translation', record: recordIn(file.frontMatter) };
}

/**
 * The facts of content files by the hash of their bytes, from one build to the next (kept in
 * the build cache, or in a watch session): a warm build neither decodes nor parses a file it
 * knows to find them. Keyed by the settings too, as a source's hash depends on its fields.
 * Each build keeps only what it used, so files edited away do not pile up.
 */
export class FactsMemo {
  private readonly used = new Map<string, FileFacts>();
  private added = false;

  constructor(private readonly known: ReadonlyMap<string, FileFacts> = new Map()) {}

  /** The facts of the file with this key (`factsKey`), computed only when not known. */
  facts(key: string, compute: () => FileFacts): FileFacts {
    let facts = this.used.get(key) ?? this.known.get(key);
    if (!facts) {
      facts = compute();
      this.added = true;
    }
    this.used.set(key, facts);
    return facts;
  }

  /** What this build used: what the next one starts from. */
  get kept(): ReadonlyMap<string, FileFacts> {
    return this.used;
  }

  /** Whether the next build would start from something else than this one did. */
  get changed(): boolean {
    return this.added || this.used.size !== this.known.size;
  }

  /** A memo for the next build of a session, knowing what this one used. */
  next(): FactsMemo {
    return new FactsMemo(this.used);
  }
}

/** The memo key of a content file in a role: the hash of its bytes, and for a source the settings its hash depends on. */
export function factsKey(role: FileFacts['role'], bytesHash: string, settings: TranslationSettings): string {
  return role === 'source' ? `source\0${JSON.stringify(settings.fields ?? null)}\0${bytesHash}` : `translation\0${bytesHash}`;
}

/** A content file as the build has it after reading: the hash of its bytes, and its split (read only when the memo does not know the file). */
export interface ContentFileParts {
  frontMatter: string;
  job: { body: string };
}

/**
 * The facts of every content file, by path relative to `content/` (`hu/about-us.md`): files of
 * the source locale as sources, the others as translations. `split` holds the files that have
 * front matter (the others are the build's errors already).
 */
export function contentFacts(
  files: ReadonlyMap<string, { hash: string }>,
  split: ReadonlyMap<string, ContentFileParts>,
  settings: TranslationSettings,
  memo: FactsMemo = new FactsMemo(),
): Map<string, FileFacts> {
  const facts = new Map<string, FileFacts>();
  for (const [file, source] of files) {
    const parts = split.get(file);
    if (!parts) continue;
    const locale = file.slice(0, file.indexOf('/'));
    const role = locale === settings.source ? 'source' : 'translation';
    facts.set(
      file,
      memo.facts(factsKey(role, source.hash, settings), () =>
        role === 'source' ? sourceFacts({ frontMatter: parts.frontMatter, body: parts.job.body }, settings) : translationFacts(parts),
      ),
    );
  }
  return facts;
}
