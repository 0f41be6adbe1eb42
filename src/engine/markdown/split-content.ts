import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { splitFrontMatter, type SplitFile } from '../read/front-matter-split';
import type { MarkdownJob } from './markdown-stage';
import { lazyFields } from '../base/lazy-fields';

type ContentFile = { path: string; text: string };
/** The Markdown source files by path relative to `content/` (`hu/career.md`). */
export type ContentFiles = ReadonlyMap<string, ContentFile>;

/** Every content file split into front matter (YAML text) and body (a Markdown job). */
export type SplitContent = ReadonlyMap<string, { file: string; frontMatter: string; job: MarkdownJob }>;

/** Each content file's front matter (YAML text), by path relative to `content/`. */
export type FrontMatterTexts = ReadonlyMap<string, { file: string; frontMatter: string }>;

/**
 * The front matter only, for a large build once the bodies are with the Markdown workers. Each
 * is copied out of its file's text: in V8 a slice of a string keeps the whole string alive.
 */
export function frontMatterOnly(split: SplitContent): FrontMatterTexts {
  return new Map([...split].map(([key, { file, frontMatter }]) => [key, { file, frontMatter: Buffer.from(frontMatter, 'utf8').toString('utf8') }]));
}

/**
 * Splits every content file as soon as it is read, so Markdown parsing can start at once.
 * gray-matter only splits here; the front matter is parsed with positions later. A file the
 * build cache knows (`cached`: the same bytes as a file that split before) is split only if
 * something reads its front matter or body, which a build that reuses its result rarely does.
 */
export function splitContent(
  files: ContentFiles,
  /** The site's locales: files in other folders of `content/` are not pages. */
  locales: readonly Locale[],
  problems: Problems,
  /** Watch mode: the split of each source text object seen before. */
  known?: WeakMap<object, { file: string; frontMatter: string; job: MarkdownJob }>,
  cached: ReadonlySet<string> = new Set(),
): SplitContent {
  const split = new Map<string, { file: string; frontMatter: string; job: MarkdownJob }>();
  for (const [key, source] of files) {
    const seen = known?.get(source);
    if (seen) {
      split.set(key, seen);
      continue;
    }
    const locale = key.split('/', 1)[0]!;
    if (!locales.includes(locale)) continue;
    if (cached.has(key)) {
      split.set(key, splitWhenRead(key, source, locale));
      continue;
    }
    const parts = splitFrontMatter(source.text);
    if (!parts) {
      problems.add('content/no-front-matter', 'the file has no front matter', {
        file: source.path,
        hint: 'start it with a "---" line, then title and description, then another "---" line',
      });
      continue;
    }
    const { frontMatter, body, lineOffset } = parts;
    const entry = { file: source.path, frontMatter, job: { key, file: source.path, body, lineOffset, locale } };
    known?.set(source, entry);
    split.set(key, entry);
  }
  return split;
}

/** What a known file's split is made from, and the split once made. */
interface LazySplit {
  key: string;
  source: ContentFile;
  parts?: SplitFile;
}

function partsOf(lazy: LazySplit): SplitFile {
  lazy.parts ??= splitFrontMatter(lazy.source.text);
  if (!lazy.parts) throw new Error(`content/${lazy.key} no longer splits, although the build cache knew its bytes`);
  return lazy.parts;
}

// Shared accessors (`lazyFields`): a large site keeps one split per content file.
const withFrontMatter = lazyFields<LazySplit, { frontMatter: string }>({ frontMatter: (lazy) => partsOf(lazy).frontMatter });
const withBody = lazyFields<LazySplit, { body: string; lineOffset: number }>({ body: (lazy) => partsOf(lazy).body, lineOffset: (lazy) => partsOf(lazy).lineOffset });

/** A known file's split, made when first read. It split before, with these very bytes. */
function splitWhenRead(key: string, source: ContentFile, locale: Locale): { file: string; frontMatter: string; job: MarkdownJob } {
  const lazy: LazySplit = { key, source };
  return withFrontMatter({ file: source.path, job: withBody({ key, file: source.path, locale }, lazy) }, lazy);
}
