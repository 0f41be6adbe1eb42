import path from 'node:path';
import { templatesChoiceFiles } from '../bundle/load-templates';
import { ISLANDS_DIR, widgetsChoiceFiles, widgetsDirOf } from '../bundle/bundle-widgets';
import { recordKey, type BuildSummary } from '../cache/build-record';
import { BUNDLED_WIDGETS_DIR } from '../config/package-info';
import { SOURCE_FOLDERS } from '../read/read-sources';
import type { LoadedContent } from './content-step';
import type { BuildRun } from './run';

/** The record started by `stampRecordSources`, finished by `recordBuild`. */
export type StartedRecord = ReturnType<BuildRun['memory']['startRecord']>;

/**
 * Step 7a, beside the search index: the sources of this build stamped for its record (a build
 * without the persistent cache keeps none). The sources: every file of the site's source
 * folders, every file the templates and widgets were bundled from, and the files whose
 * presence chooses the site's own templates and widgets over sitegen's.
 */
export function stampRecordSources(run: BuildRun, loaded: LoadedContent): StartedRecord {
  const { root } = run.config;
  return run.memory.startRecord(() => ({
    startedAt: run.timings.startedAt,
    trees: [...SOURCE_FOLDERS.map((folder) => path.join(root, folder)), path.join(widgetsDirOf(root, BUNDLED_WIDGETS_DIR), ISLANDS_DIR)],
    inputs: [...new Set([...loaded.templates.inputs, ...loaded.widgets.inputs, ...templatesChoiceFiles(root), ...widgetsChoiceFiles(root)])].sort(),
  }));
}

/**
 * Step 9: what the output was made from and now holds, for the next build to find that
 * nothing changed without loading the engine (`cache/build-record.ts`).
 */
export async function recordBuild(run: BuildRun, record: StartedRecord, summary: BuildSummary): Promise<void> {
  await record(async () => ({ key: recordKey(run.config, await run.commitTime), outDir: run.config.outDir, summary }));
  run.timings.lap('record for the next build');
}
