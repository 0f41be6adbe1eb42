import type { OutputFiles } from '../base/output-paths';
import type { BuildResult } from '../build';
import { holdPagefindStill } from '../search/pagefind-pause';
import { indexLater, withSearchIndex, type SearchIndexes, type SearchLater } from '../search/search-index';
import { letRequestsIn } from '../render/first-pages';
import type { DevServer } from './dev-server';

/** How long the index waits after a build was published, and while one runs: edits come in runs, and each one's build should have the machine to itself. */
const QUIET_MS = 200;

/** Makes the index of a build's files; `pause` before each page read, which throws once the index is not wanted. */
export type IndexMaker = (files: OutputFiles, later: SearchLater, pause: () => Promise<void>) => Promise<SearchIndexes>;

/** Thrown into an index being made once a newer build is served: it would only be dropped. */
class IndexOvertaken extends Error {}

/** How long reading pages for the index holds the thread before the watcher and the server get a turn. */
const TURN_MS = 10;

/**
 * The search index of `sitegen watch`, made after the pages are served and never holding up
 * the next rebuild: Pagefind takes seconds, an edit should show in its page at once. It is made
 * once no build has run or been published for a moment (`quietMs`), so that the next save of a
 * run of edits is not built beside Pagefind. Reading, hashing and sending the pages takes this
 * thread (about half a second at 5,000 pages): it lets go of it every few milliseconds, and
 * waits, page by page, while a rebuild runs.
 *
 * One index is made at a time, always of the last build published: one a newer build overtook
 * stops at its next page, or before its files are taken from Pagefind (a message of megabytes
 * this thread reads at once), and that build's is made next. Until then the last index made
 * is served with the new pages (what it finds may be a rebuild behind).
 */
export class SearchFollower {
  /** The index last made, and the build it was made of. */
  private index: SearchIndexes | undefined;
  /** The build published last, when search is on. */
  private latest: { files: OutputFiles; later: SearchLater } | undefined;
  private pending = false;
  private running: Promise<void> | undefined;
  /** When a build was last published or ended, and whether one runs now. */
  private quietSince = performance.now();
  private building = false;
  /** Lets Pagefind's service go on, while a rebuild holds it still. */
  private letGo: (() => void) | undefined;

  constructor(
    private readonly server: Pick<DevServer, 'update'>,
    private readonly report: (text: string) => void,
    private readonly log: ((line: string) => void) | undefined,
    /** Makes the index (Pagefind; another in tests). */
    private readonly makeIndex: IndexMaker = (files, later, pause) => indexLater(files, later, undefined, pause),
    private readonly quietMs = QUIET_MS,
    /** Holds the indexer's process still until the returned function is called (Pagefind's; another in tests). */
    private readonly holdStill: () => () => void = holdPagefindStill,
  ) {}

  /**
   * A rebuild starts (true) or ends (false): the index waits for it, and a moment after. An
   * index being made is held still meanwhile, Pagefind's process too: its work on the pages
   * already sent, or on the index's files, took the cores the rebuild needs.
   */
  rebuilding(now: boolean): void {
    this.building = now;
    this.quietSince = performance.now();
    if (now && this.running && !this.letGo) this.letGo = this.holdStill();
    if (!now) {
      this.letGo?.();
      this.letGo = undefined;
    }
  }

  /** What to publish of a build: its files, with the last index made while its own is made. */
  served(result: BuildResult): OutputFiles {
    if (!result.searchLater) {
      this.latest = undefined;
      this.index = undefined;
      return result.files;
    }
    this.latest = { files: result.files, later: result.searchLater };
    this.pending = true;
    this.quietSince = performance.now();
    this.running ??= this.follow().finally(() => (this.running = undefined));
    return this.index ? withSearchIndex(result.files, this.index) : result.files;
  }

  /** Resolves once the index of the last build published is served, or failed. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Resolves once no build has run or been published for `quietMs`. */
  private async quiet(): Promise<void> {
    for (;;) {
      const wait = this.building ? this.quietMs : this.quietSince + this.quietMs - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private async follow(): Promise<void> {
    while (this.pending) {
      await this.quiet();
      this.pending = false;
      const build = this.latest;
      if (!build) return;
      const started = performance.now();
      // Before each page. Pages are read and hashed in a loop of promises, which the event loop
      // does not see between: every few milliseconds the watcher's events and the server's
      // requests get a turn. Then a rebuild that runs goes first, and a newer build served ends
      // this index.
      let turn = performance.now();
      const pause = async () => {
        if (performance.now() - turn > TURN_MS) {
          await letRequestsIn();
          turn = performance.now();
        }
        await this.quiet();
        if (this.latest !== build) throw new IndexOvertaken();
      };
      try {
        const index = await this.makeIndex(build.files, build.later, pause);
        // A newer build was published meanwhile: its index is made next.
        if (this.latest !== build) continue;
        this.index = index;
        this.server.update(withSearchIndex(build.files, index));
        this.log?.(`  search index: ${Math.round(performance.now() - started)} ms (${index.indexed.length > 0 ? `${index.indexed.join(', ')} indexed` : 'none indexed'})`);
      } catch (error) {
        if (error instanceof IndexOvertaken) continue;
        this.report(`sitegen: the search index could not be made: ${(error as Error)?.message ?? String(error)}`);
      }
    }
  }
}
