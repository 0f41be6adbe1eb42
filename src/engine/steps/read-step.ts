import type { SiteSettings } from '../config/site-settings';
import { warning, type Diagnostic, type Problems } from '../diagnostics/diagnostic';
import type { KnownContent } from '../markdown/content';
import { splitContent, type FrontMatterTexts } from '../markdown/split-content';
import { readSources, type SiteSources } from '../read/read-sources';
import { refreshSources } from '../read/refresh-sources';
import { contentFacts, type FileFacts } from '../translations/file-facts';
import { localeCodes } from '../../shared/locales';
import { translationSettingsOf } from '../translations/settings';
import type { BuildRun } from './run';

/** What step 1 read: the sources, the settings, each content file's front matter, what earlier builds left. */
export interface ReadSite {
  sources: SiteSources;
  frontMatters: FrontMatterTexts;
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
  const { config, memory, problems, warnings } = run;
  run.execution.prepareHeaps(config.root);
  const codes = localeCodes(config.site.locales);
  const readAll = () => readSources(config.root, codes, problems, run.execution.decodeContent);
  // Only the changed files are read again while the locales are the same.
  const read = await memory.readSources(readAll, (previous, changed) => (sameList(previous.localeCodes, codes) ? refreshSources(previous, changed, problems) : readAll()));
  problems.throwIfAny();
  // A Markdown file over the size limit is not sent to be rendered: the build fails on it.
  const tooLarge = checkContentSizes(read.content, config.site.limits, problems, warnings);
  // What an earlier build left needs no Markdown work, and its files are not even split.
  const { known, keys, discarded } = await memory.knownFiles(read.content, read.routes?.text ?? '');
  if (discarded) warnings.push(warning('cache/discarded', discarded));
  const split = splitContent(tooLarge.size > 0 ? new Map([...read.content].filter(([name]) => !tooLarge.has(name))) : read.content, codes, problems, memory.splits, new Set(known.keys()));
  // Markdown parsing needs nothing else: it starts now, beside the next steps.
  const jobs = [...split.values()].filter((entry) => !known.has(entry.job.key)).map((entry) => entry.job);
  run.threads.parse(jobs);
  // Known by the hash of their bytes, the files are not even decoded for it.
  const translationFacts = contentFacts(read.content, split, translationSettingsOf(config.site), memory.translationFacts());
  // A large build keeps no Markdown text on this thread from here (`ExecutionStrategy.holdContent`).
  const held = run.execution.holdContent(jobs.length, read, split);
  run.timings.lap(held.large ? 'read sources (large build)' : 'read sources');
  return { ...held, known, keys, translationFacts };
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
