import type { OutputFiles } from '../base/output-paths';
import { errorPageFiles } from '../render/error-pages';
import type { Output, WriteStats } from '../write/write-output';
import type { LoadedContent } from './content-step';
import type { ParsedSite } from './parse-step';
import type { SitePlan } from './plan-step';
import type { ReadSite } from './read-step';
import type { BuildRun } from './run';

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
export async function writeSite(output: Output | undefined, files: OutputFiles): Promise<WriteStats | undefined> {
  if (!output) return undefined;
  for (const [name, bytes] of files) await output.put(name, bytes);
  return output.commit();
}

/** Step 9: what this build learned, kept for the next one (`BuildMemory.remember`). */
export async function saveCache(run: BuildRun, read: ReadSite, parsed: ParsedSite, plan: SitePlan, loaded: LoadedContent): Promise<void> {
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
  run.timings.lap('write');
}
