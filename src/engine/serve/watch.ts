import path from 'node:path';
import chokidar from 'chokidar';
import { build } from '../build';
import { BuildSession } from '../cache/build-session';
import { widgetsDirOf } from '../bundle/bundle-widgets';
import type { DevNotes, DevServer } from './dev-server';
import { BuildFailure, type Diagnostic } from '../diagnostics/diagnostic';
import { BuildSuperseded } from '../render/first-pages';
import { outputPathOf } from '../plan/plan-pages';
import { formatDiagnostic } from '../diagnostics/format';
import { templatesDirOf } from '../bundle/load-templates';
import { BUNDLED_TEMPLATES_DIR, BUNDLED_WIDGETS_DIR } from '../config/package-info';
import { alreadyRead, staleFiles } from '../read/refresh-sources';
import { SearchFollower } from './search-follower';
import { indexLater } from '../search/search-index';
import { holdPagefind } from '../search/pagefind-service';
import type { OutputFiles } from '../base/output-paths';
import type { InlineSources } from '../artifacts/inline-sources';

export interface WatchOptions {
  root?: string;
  host?: string;
  port?: number;
  /** Where to report: each rebuild's figures, and errors in `file:line:column` form. */
  log?: (line: string) => void;
  error?: (text: string) => void;
  /** Also log the time of each build stage. */
  verbose?: boolean;
  /** Show drafts (default true) and pages scheduled after the build's time (default true), labelled. */
  drafts?: boolean;
  future?: boolean;
}

export interface WatchEvent {
  /** Pages rendered by the rebuild (the others were reused). */
  rendered: number;
  ms: number;
  ok: boolean;
}

export interface Watcher {
  url: string;
  /** Resolves after the next rebuild finishes (tests and benchmarks wait on it). */
  nextBuild(): Promise<WatchEvent>;
  close(): Promise<void>;
}

/**
 * The build's warnings over every page, and a marker on each page whose translation is outdated
 * (a message is on many pages: only listed). The dev server shows them; builds never contain them.
 */
function devNotes(warnings: readonly Diagnostic[]): DevNotes {
  const marked = new Map<string, string>();
  for (const found of warnings) {
    if (found.code === 'translations/outdated' && found.url) marked.set(outputPathOf(found.url, 'index.html'), sentence(found.message) + (found.hint ? ` ${sentence(found.hint)}` : ''));
  }
  return { warnings: warnings.length > 0 ? warnings.map((found) => formatDiagnostic(found)).join('\n') : undefined, marked };
}

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${text.endsWith('.') ? '' : '.'}`;
}

/** Rapid saves within this window make one rebuild. */
const COALESCE_MS = 5;
/** Longer than chokidar's 50 ms window in which it drops repeated changes of a file. */
const RECHECK_MS = 60;

/**
 * `sitegen watch`: builds into memory, serves the result, and rebuilds what each change
 * affects (see BuildSession). A bad edit keeps the last good build served and shows its errors
 * in the terminal and over the open pages; fixing it reloads them. Rebuilds never overlap:
 * changes that arrive during one are collected for the next.
 */
export async function watch(options: WatchOptions = {}): Promise<Watcher> {
  const root = path.resolve(options.root ?? '.');
  const log = options.log ?? ((line) => console.log(line));
  const report = options.error ?? ((text) => console.error(text));
  const session = new BuildSession();
  // Loaded here, not with the engine: `node:http` costs every build 25–40 ms on Node 22 and
  // later (its ES module facade loads Node's fetch implementation), and only watch serves.
  const { startDevServer } = await import('./dev-server');
  const server: DevServer = await startDevServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 3000,
    widgetsDir: BUNDLED_WIDGETS_DIR,
  });

  let waiting: Array<(event: WatchEvent) => void> = [];
  let pending = new Set<string>();
  // The changes of a build stopped for a newer edit (BuildSuperseded).
  let unfinished = new Set<string>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let warned = '';
  // What the policy of the build served allows, for the pages previewed over it.
  let allowed: InlineSources | undefined;
  // The session keeps each locale's index: an edit indexes only the locale whose pages changed.
  const search = new SearchFollower(server, report, options.verbose ? log : undefined, (files, later, pause) => indexLater(files, later, session.search, pause, session.searchPageHashes));
  // One Pagefind service for the session, not one per index.
  const releasePagefind = holdPagefind();

  const rebuild = async (changed: ReadonlySet<string> | undefined) => {
    const started = performance.now();
    let previewed = started;
    session.changed = changed;
    search.rebuilding(true);
    let ok = true;
    try {
      // After an edit, the pages open in a browser are rendered first and served at once.
      // A newer edit then stops the rest of the build: it would be made again by the next.
      const inView = changed && { paths: server.pagesInView(), allowed, ready: (files: OutputFiles) => {
          server.preview(files);
          previewed = performance.now();
        }, superseded: () => pending.size > 0 };
      const result = await build({ root, write: false, session, drafts: options.drafts ?? true, future: options.future ?? true, searchLater: true, inView });
      allowed = result.allowed;
      const notes = devNotes(result.warnings);
      // The pages are served at once; the search index follows (SearchFollower).
      server.publish(search.served(result), notes);
      // The warnings when they change, not again after every edit.
      if ((notes.warnings ?? '') !== warned) {
        warned = notes.warnings ?? '';
        if (warned) report(warned);
      }
      if (options.verbose) log(result.timings.map(([stage, ms]) => `  ${stage}: ${ms} ms`).join('\n'));
      log(`sitegen: ${changed ? `${changed.size} change${changed.size === 1 ? '' : 's'}, ` : ''}${session.rendered} of ${result.pages.length} pages rendered in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      if (error instanceof BuildSuperseded) {
        // Its changes go into the next build, which runs even if what it reads looks read.
        for (const file of changed ?? []) unfinished.add(file);
        log(`sitegen: ${changed?.size ?? 0} change${changed?.size === 1 ? '' : 's'}, the pages in view served in ${Math.round(previewed - started)} ms; a newer edit builds the rest`);
        search.rebuilding(false);
        return;
      }
      ok = false;
      const text =
        error instanceof BuildFailure
          ? error.errors.map((problem) => formatDiagnostic(problem)).join('\n')
          : `sitegen: ${(error as Error)?.stack ?? String(error)}`;
      report(text);
      server.showProblems(text);
    }
    // chokidar reports one change per file per 50 ms and drops the rest: a save that landed
    // while this build was reading, or just after, may never be reported. Compare those files
    // with what was read now and once that window has passed; rebuild if they differ.
    if (ok) rechecked.clear();
    if (changed && changed.size > 0) {
      await recheck(changed);
      setTimeout(() => {
        if (!closed) void recheck(changed).then(() => pending.size > 0 && !running && !closed && schedule());
      }, RECHECK_MS).unref();
    }
    search.rebuilding(false);
    const event = { rendered: ok ? session.rendered : 0, ms: performance.now() - started, ok };
    const resolve = waiting;
    waiting = [];
    for (const done of resolve) done(event);
  };

  // What a recheck last found in each file: a build that failed before it read the sources
  // (the site folder went away) left the last good sources, which such a file never matches
  // again; it is built again once for what it holds now, not over and over.
  const rechecked = new Map<string, string | undefined>();
  const recheck = async (files: ReadonlySet<string>) => {
    if (!session.sources) return;
    for (const [file, text] of await staleFiles(session.sources, files)) {
      if (rechecked.has(file) && rechecked.get(file) === text) continue;
      rechecked.set(file, text);
      pending.add(file);
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (closed) search.rebuilding(false);
      if (running || closed) return;
      const superseded = unfinished.size > 0;
      const changed = new Set([...unfinished, ...pending]);
      pending = new Set();
      unfinished = new Set();
      running = (async () => {
        // A late report of a save the last rebuild already read needs no rebuild.
        if (!superseded && session.sources && (await alreadyRead(session.sources, changed))) {
          search.rebuilding(false);
          return;
        }
        await rebuild(changed);
      })().finally(() => {
        running = undefined;
        if (pending.size > 0 && !closed) schedule();
      });
    }, COALESCE_MS);
  };

  running = rebuild(undefined).finally(() => {
    running = undefined;
  });
  await running;

  const watched = [
    path.join(root, 'content'),
    path.join(root, 'locales'),
    path.join(root, 'public'),
    templatesDirOf(root, BUNDLED_TEMPLATES_DIR),
    widgetsDirOf(root, BUNDLED_WIDGETS_DIR),
  ];
  const watcher = chokidar.watch(watched, { ignoreInitial: true });
  watcher.on('all', (_event, file) => {
    // The search index holds still from the first sign of an edit, not from its rebuild's start:
    // the wait for more saves and the check that the file changed take a few turns of the thread.
    search.rebuilding(true);
    rechecked.delete(path.resolve(file));
    pending.add(path.resolve(file));
    schedule();
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    url: server.url,
    nextBuild: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
      // No rebuild comes after a change seen last (the watcher's handler said one would).
      search.rebuilding(false);
      await search.settled();
      await releasePagefind();
      await session.dispose();
      await server.close();
    },
  };
}
