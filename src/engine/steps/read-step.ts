import type { BuildCache } from '../cache/build-cache';
import type { SiteSettings } from '../config/site-settings';
import { warning, type Diagnostic, type Problems } from '../diagnostics/diagnostic';
import type { KnownContent } from '../markdown/content';
import { frontMatterOnly, splitContent, type FrontMatterTexts } from '../markdown/split-content';
import { readSources, withoutContentTexts, type SiteSources } from '../read/read-sources';
import { refreshSources } from '../read/refresh-sources';
import { readText } from '../read/read-file-again';
import { contentFacts, FactsMemo, type FileFacts } from '../translations/file-facts';
import { translationSettingsOf } from '../translations/settings';
import type { BuildRun } from './run';

/** What step 1 read: the sources, the settings, each content file's front matter, what the cache knows. */
export interface ReadSite {
  sources: SiteSources;
  frontMatters: FrontMatterTexts;
  cache: BuildCache | undefined;
  /** Content files whose Markdown result the cache knows, and this build's cache key of each file. */
  known: Map<string, KnownContent>;
  keys: Map<string, string>;
  /** A large build: its Markdown stays in the files and on the workers. */
  large: boolean;
  /** A content file's whole text, by path relative to `content/`: a large build let go of it, and reads it again. */
  wholeText(key: string): { file: string; text: string } | undefined;
  /** What the translations' state needs of each content file (`translations/`), taken while the texts are here. */
  translationFacts: ReadonlyMap<string, FileFacts> | undefined;
}

/**
 * Step 1: the sources, the settings (their limits decide which Markdown files are read at
 * all), and every body the persistent cache does not know sent to the Markdown threads, which
 * parse them from here on. From here a large build keeps no Markdown text on this thread: the
 * workers have the bodies, the build id takes the hashes of their bytes, and the front matter is
 * copied out (110 MB less at 10,000 articles x 3). A function of its own, so that no variable
 * of the suspended build keeps the texts.
 */
export async function readSite(run: BuildRun): Promise<ReadSite> {
  const { config, session, problems, warnings } = run;
  run.execution.prepareHeaps(config.root);
  const localeCodes = config.site.locales.all.map((locale) => locale.code);
  // A watch session reads again only what changed, while the locales are the same.
  const read =
    session?.sources && session.changed && sameList(session.sources.localeCodes, localeCodes)
      ? await refreshSources(session.sources, session.changed, problems)
      : // A cache may know the content files: their texts are decoded only when read (`ContentSource`).
        await readSources(config.root, localeCodes, problems, run.execution.decodeContent);
  if (session) session.sources = read;
  problems.throwIfAny();
  // A Markdown file over the size limit is not sent to be rendered: the build fails on it.
  const tooLarge = checkContentSizes(read.content, config.site.limits, problems, warnings);
  // What the persistent cache knows needs no Markdown work, and its files are not even split.
  const cache = await run.cache;
  if (cache?.discarded) warnings.push(warning('cache/discarded', cache.discarded));
  const { known, keys } = cache?.knownContent(read.content, read.routes?.text ?? '') ?? { known: new Map<string, KnownContent>(), keys: new Map<string, string>() };
  const split = splitContent(tooLarge.size > 0 ? new Map([...read.content].filter(([name]) => !tooLarge.has(name))) : read.content, localeCodes, problems, session?.splits, new Set(known.keys()));
  // Markdown parsing needs nothing else: it starts now, beside the next steps.
  const jobs = [...split.values()].filter((entry) => !known.has(entry.job.key)).map((entry) => entry.job);
  run.threads.parse(jobs);
  const large = run.execution.isLarge(jobs.length);
  const frontMatters: FrontMatterTexts = large ? frontMatterOnly(split) : split;
  // Known by the hash of their bytes (cache, session), the files are not even decoded for it.
  const translationMemo = session ? (session.translations = session.translations?.next() ?? new FactsMemo()) : cache?.translations;
  const translationFacts = contentFacts(read.content, split, translationSettingsOf(config.site), translationMemo);
  run.timings.lap(large ? 'read sources (large build)' : 'read sources');
  const sources = large ? withoutContentTexts(read) : read;
  const wholeText = (key: string) => {
    const source = sources.content.get(key);
    return source && { file: source.path, text: large ? readText(source.path) : source.text };
  };
  return { sources, frontMatters, cache, known, keys, large, wholeText, translationFacts };
}

/**
 * Markdown files over `limits.markdownMaxSize` are errors, over `markdownWarnSize` warnings:
 * a body that large is a mistake (a pasted export, a binary), and slow to render.
 */
function checkContentSizes(content: SiteSources['content'], limits: SiteSettings['limits'], problems: Problems, warnings: Diagnostic[]): Set<string> {
  const tooLarge = new Set<string>();
  for (const [name, source] of content) {
    if (source.size > limits.markdownMaxSize) {
      tooLarge.add(name);
      problems.add('content/too-large', `the file is ${formatSize(source.size)}, over the limit of ${formatSize(limits.markdownMaxSize)} for a Markdown file`, {
        file: source.path,
        hint: 'split it into several pages, or raise limits.markdownMaxSize in content/site.yaml',
      });
    } else if (source.size > limits.markdownWarnSize) {
      warnings.push(
        warning('content/large', `the file is ${formatSize(source.size)}, over ${formatSize(limits.markdownWarnSize)}: large pages are slow to build and to load`, {
          file: source.path,
          line: 1,
          column: 1,
          hint: 'split it into several pages, or raise limits.markdownWarnSize in content/site.yaml',
        }),
      );
    }
  }
  return tooLarge;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function formatSize(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} bytes`;
}
