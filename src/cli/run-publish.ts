import { reportFailure } from './report';

export interface PublishFlags {
  target: string;
  root: string;
  out?: string;
  endpoint?: string;
  region?: string;
  dryRun: boolean;
  maxDeletes: number;
  force: boolean;
  policyChanged: boolean;
  concurrency: number;
  keepBuilds: number;
  verbose: boolean;
}

/** `sitegen publish`: the plan, progress (a bar on a terminal, plain lines in CI), a summary line. */
export async function runPublish(flags: PublishFlags): Promise<void> {
  const started = performance.now();
  const { publish, createReporter, formatBytes } = await import('../publish/index');
  const interactive = Boolean(process.stdout.isTTY) && !process.env.CI;
  const reporter = createReporter({ interactive, write: (text) => process.stdout.write(text) });
  // The first Ctrl-C lets the requests under way finish, so the bucket holds no half-sent
  // object and the message can say where the publish stopped; a second one quits at once.
  const stopping = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping.signal.aborted) process.exit(130);
    reporter.close();
    console.error(`sitegen: ${signal}: stopping after the requests under way (press Ctrl-C again to quit now)`);
    stopping.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const result = await publish({
      target: flags.target,
      root: flags.root,
      ...(flags.out ? { out: flags.out } : {}),
      ...(flags.endpoint ? { endpoint: flags.endpoint } : {}),
      ...(flags.region ? { region: flags.region } : {}),
      dryRun: flags.dryRun,
      maxDeletes: flags.maxDeletes,
      force: flags.force,
      policyChanged: flags.policyChanged,
      concurrency: flags.concurrency,
      keepBuilds: flags.keepBuilds,
      reporter,
      signal: stopping.signal,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.dryRun) {
      console.log(`sitegen: dry run of build ${result.buildId} to ${result.target}: nothing was changed (${seconds} s)`);
      return;
    }
    console.log(
      `sitegen: published build ${result.buildId} to ${result.target} in ${seconds} s: uploaded ${result.uploaded.count} (${formatBytes(result.uploaded.bytes)}), skipped ${result.skipped.count}, deleted ${result.deleted.count}`,
    );
  } catch (error) {
    reporter.close();
    await reportFailure(error, flags.verbose);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
