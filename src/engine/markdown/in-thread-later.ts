import type { ParseBody } from './body-sections';
import type { InThreadStage } from './markdown-stage';

/**
 * The stage on this thread, loaded when a body is first parsed or rendered here. remark and
 * its plugins take about 45 ms to load, and a build whose bodies the Markdown worker renders
 * (or the cache holds) never needs them on this thread: it only keeps the worker's jobs, in
 * case the worker fails. Calls made before the module is there are replayed in their order
 * once it is. `loadModule` is for tests, which count the loads.
 */
export function inThreadStageLater(
  parseBody?: ParseBody,
  loadModule: () => Promise<typeof import('./in-thread-stage')> = () => import('./in-thread-stage'),
): InThreadStage {
  let stage: InThreadStage | undefined;
  let loading: Promise<InThreadStage> | undefined;
  const waiting: Array<(stage: InThreadStage) => void> = [];
  const load = () =>
    (loading ??= loadModule().then(({ inThreadStage }) => {
      stage = inThreadStage(undefined, undefined, parseBody);
      for (const call of waiting.splice(0)) call(stage);
      return stage;
    }));
  const later = (call: (stage: InThreadStage) => void, needsParser: boolean) => {
    if (stage) return call(stage);
    waiting.push(call);
    if (needsParser) void load();
  };
  return {
    parse: (jobs) => later((loaded) => loaded.parse(jobs), jobs.length > 0),
    keep: (jobs) => later((loaded) => loaded.keep(jobs), false),
    render: async (keys, links, arrived) => (keys.length === 0 && !stage ? [] : (await load()).render(keys, links, arrived)),
    renderEach: async (keys, links, arrived) => (await load()).renderEach(keys, links, arrived),
    close: () => stage?.close(),
  };
}
