import type { BuildSummary } from '../engine/start';
import { policyOf } from '../publish/policy-of';
import { reportFailure } from './report';

export interface BuildFlags {
  root: string;
  out?: string;
  cache: boolean;
  previous?: string;
  parallel: 'auto' | 'off' | 'always';
  now: boolean;
  drafts: boolean;
  future: boolean;
  verbose: boolean;
}

/** `sitegen build`: one line of figures on success; located errors and exit code 1 on failure. */
export async function runBuild(flags: BuildFlags): Promise<void> {
  const started = performance.now();
  const options = {
    root: flags.root,
    cache: flags.cache,
    parallel: flags.parallel,
    now: flags.now,
    drafts: flags.drafts,
    future: flags.future,
    ...(flags.out ? { out: flags.out } : {}),
    ...(flags.previous ? { previous: flags.previous } : {}),
  };
  // Nothing changed since the last build: its output stands, and the engine is not even loaded.
  const { prestartMarkdownWorker, unchangedBuild, formatDiagnostic } = await import('../engine/start');
  const unchanged = await unchangedBuild(options).catch((error: unknown) => ({ unchanged: false as const, reason: String(error) }));
  if (unchanged.unchanged) {
    const ms = Math.round(performance.now() - started);
    if (flags.verbose) console.log(`  nothing changed since the last build (${ms} ms to check the sources and the output)`);
    for (const warning of unchanged.summary.warnings) console.error(formatDiagnostic(warning));
    console.log(summaryLine(unchanged.summary, { files: unchanged.summary.files, changed: 0 }, unchanged.outDir, ms, 'up to date'));
    return exitOnceFlushed();
  }
  if (flags.verbose) console.log(`  building: ${unchanged.reason}`);
  // The Markdown worker loads, and reads the content, while this thread loads the engine: the
  // start-up entry loads in tens of milliseconds, `index` (the whole engine) in hundreds.
  prestartMarkdownWorker(flags.root, flags.cache, flags.parallel);
  const { build } = await import('../engine/index');
  try {
    const result = await build(options);
    const ms = Math.round(performance.now() - started);
    if (flags.verbose) {
      for (const [stage, stageMs, residentMb] of result.timings) {
        console.log(`  ${stage.padEnd(34)} ${stageMs.toFixed(1).padStart(7)} ms ${String(residentMb).padStart(6)} MB resident`);
      }
      const { markdownWorkers, readAhead, largeBuild, pageWorkers } = result.threads;
      const markdown = markdownWorkers > 0 ? `Markdown on ${markdownWorkers} worker${markdownWorkers === 1 ? '' : 's'}${readAhead ? ' (content read ahead)' : ''}` : 'Markdown on the main thread';
      const pages = pageWorkers > 0 ? `pages on ${pageWorkers} workers` : 'pages on the main thread';
      console.log(`  threads: ${markdown}, ${pages}${largeBuild ? ', large-build path' : ''} (--parallel ${flags.parallel})`);
      const { rendered, copied, kept } = result.pageCounts;
      console.log(`  pages: ${rendered} rendered, ${copied} written from the cache, ${kept} unchanged in the output`);
      console.log(`  images: ${result.images.encoded} encoded, ${result.images.reused} from the cache`);
    }
    const files = result.written?.files ?? result.files.size;
    const changed = result.written?.changed ?? files;
    for (const warning of result.warnings) console.error(formatDiagnostic(warning));
    const summary = { pages: result.pages.length, redirects: result.redirects.size, id: result.id, headers: result.headers, warnings: result.warnings };
    console.log(summaryLine(summary, { files, changed }, result.outDir, ms, 'built'));
    return exitOnceFlushed();
  } catch (error) {
    await reportFailure(error, flags.verbose);
  }
}

/**
 * `sitegen: built 216 pages (689 files, 3 changed) into dist in 812 ms, build …, policy …`, or
 * `up to date` in place of `built` when nothing changed: scripts read the figures the same way.
 */
function summaryLine(summary: Omit<BuildSummary, 'files'>, { files, changed }: { files: number; changed: number }, outDir: string, ms: number, verb: 'built' | 'up to date'): string {
  const redirects = summary.redirects > 0 ? `, ${summary.redirects} redirect${summary.redirects === 1 ? '' : 's'}` : '';
  const warnings = summary.warnings.length > 0 ? `, ${summary.warnings.length} warning${summary.warnings.length === 1 ? '' : 's'}` : '';
  return `sitegen: ${verb} ${summary.pages} pages${redirects} (${files} files, ${changed} changed) ${verb === 'built' ? 'into' : 'in'} ${outDir} in ${ms} ms, build ${summary.id}, policy ${policyOf(summary.headers).hash}${warnings}`;
}

/**
 * Everything is written. The Markdown worker and esbuild's process would take a few tens of
 * milliseconds more to wind down: exit once the output is flushed.
 */
async function exitOnceFlushed(): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
  process.exit(0);
}
