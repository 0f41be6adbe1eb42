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
  // The Markdown worker loads, and reads the content, while this thread loads the engine: the
  // start-up entry loads in tens of milliseconds, `index` (the whole engine) in hundreds.
  const { prestartMarkdownWorker } = await import('../engine/start');
  prestartMarkdownWorker(flags.root, flags.cache, flags.parallel);
  const { build, formatDiagnostic } = await import('../engine/index');
  const { policyOf } = await import('../publish/policy');
  try {
    const result = await build({
      root: flags.root,
      cache: flags.cache,
      parallel: flags.parallel,
      now: flags.now,
      drafts: flags.drafts,
      future: flags.future,
      ...(flags.out ? { out: flags.out } : {}),
      ...(flags.previous ? { previous: flags.previous } : {}),
    });
    const ms = Math.round(performance.now() - started);
    if (flags.verbose) {
      for (const [stage, stageMs, residentMb] of result.timings) {
        console.log(`  ${stage.padEnd(34)} ${stageMs.toFixed(1).padStart(7)} ms ${String(residentMb).padStart(6)} MB resident`);
      }
      const { markdownWorkers, readAhead, largeBuild, pageWorkers } = result.threads;
      const markdown = markdownWorkers > 0 ? `Markdown on ${markdownWorkers} worker${markdownWorkers === 1 ? '' : 's'}${readAhead ? ' (content read ahead)' : ''}` : 'Markdown on the main thread';
      const pages = pageWorkers > 0 ? `pages on ${pageWorkers} workers` : 'pages on the main thread';
      console.log(`  threads: ${markdown}, ${pages}${largeBuild ? ', large-build path' : ''} (--parallel ${flags.parallel})`);
      console.log(`  images: ${result.images.encoded} encoded, ${result.images.reused} from the cache`);
    }
    const files = result.written?.files ?? result.files.size;
    const changed = result.written?.changed ?? files;
    for (const warning of result.warnings) console.error(formatDiagnostic(warning));
    const redirects = result.redirects.size > 0 ? `, ${result.redirects.size} redirect${result.redirects.size === 1 ? '' : 's'}` : '';
    const warnings = result.warnings.length > 0 ? `, ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` : '';
    console.log(
      `sitegen: built ${result.pages.length} pages${redirects} (${files} files, ${changed} changed) into ${result.outDir} in ${ms} ms, build ${result.id}, policy ${policyOf(result.headers).hash}${warnings}`,
    );
    // Everything is written. The Markdown worker and esbuild's process would take a few tens of
    // milliseconds more to wind down: exit once the output line is flushed.
    await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
    process.exit(0);
  } catch (error) {
    await reportFailure(error, flags.verbose);
  }
}
