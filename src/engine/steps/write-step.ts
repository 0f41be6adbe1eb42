import type { OutputFiles } from '../base/output-paths';
import { errorPageFiles } from '../render/error-pages';
import type { Output, WriteStats } from '../write/write-output';
import type { LoadedContent } from './content-step';
import type { ParsedSite } from './parse-step';
import type { SitePlan } from './plan-step';
import type { ReadSite } from './read-step';
import type { BuildRun } from './run';
import { stampRecordSources, type StartedRecord } from './record-step';

/**
 * Steps 6 to 8 write into the standby copy of the output (`write/`): `work` runs them, and a
 * build that fails on the way records what the copy holds for the next one, and leaves the
 * live output as it was.
 */
export async function intoOutput<T>(output: Output | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // What the standby copy holds is only a help to the next build: failing to record it must
    // never hide this build's own error.
    await output?.abandon().catch(() => undefined);
    throw error;
  }
}

/** Step 8: the files besides the pages into the standby copy, then the copy swapped in. */
export async function writeSite(run: BuildRun, output: Output | undefined, files: OutputFiles): Promise<WriteStats | undefined> {
  if (!output) return undefined;
  for (const [name, bytes] of files) {
    const writing = output.put(name, bytes);
    if (writing) await writing;
  }
  const written = await output.commit();
  run.timings.lap('write');
  return written;
}

/**
 * Step 7a too, while Pagefind makes the search index in its own process and this thread would
 * only wait for it: what this build learned, kept for the next one (`BuildMemory.remember`),
 * and its sources stamped for the record of the build (`stampRecordSources`). Once every page
 * and error page is rendered: a page hash kept spares a render only where the output holds
 * those very bytes (`Output.holds`), so a build that fails after it leaves nothing the next one
 * would trust wrongly. A large site runs it after step 8 instead, once the output is swapped in
 * and its manifests let go (`ExecutionStrategy.keepCache`): the build's peak memory.
 */
export async function keepForNextBuild(run: BuildRun, read: ReadSite, parsed: ParsedSite, plan: SitePlan, loaded: LoadedContent): Promise<StartedRecord> {
  const record = stampRecordSources(run, loaded);
  await run.memory.remember({
    routesText: read.sources.routes!.text,
    localesKey: `${read.sources.localeCodes.join()}\0${run.config.site.locales.default}`,
    validatedRoutes: parsed.routes,
    routes: plan.routes,
    content: loaded.content,
    frontMatters: read.frontMatters,
    keys: read.keys,
    templatesHash: loaded.templates.hash,
    warnings: loaded.arrival.warnings,
    outputPaths: new Set([...plan.pages.map((page) => page.outputPath), ...errorPageFiles(run.config.site.locales)]),
  });
  return record;
}
