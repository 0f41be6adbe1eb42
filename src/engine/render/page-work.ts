import type { InlineSources } from '../artifacts/inline-sources';
import type { Problems } from '../diagnostics/diagnostic';
import type { PagePlan } from '../plan/plan-pages';
import type { RenderedPage } from './page-renderer';
import type { RenderInput } from './render-input';

/** A page rendered, with its hash, what its policy must allow, and the build cache's compressed copy of it (when there is one). */
export type FinishedPage = RenderedPage & { hash: string; inline: InlineSources; copy?: Uint8Array };

/** What the workers render: the build's render input, and whether pages say what they read. */
export interface PageWork {
  input: RenderInput;
  recordDeps: boolean;
  plans: readonly PagePlan[];
}

/**
 * Threads that render pages beside this one (\`scale/page-workers.ts\`): a large site's pages,
 * once every Markdown body is there.
 */
export interface PageWorkers {
  /**
   * Renders the pages across the workers; `deliver` takes each page as it is done (not in
   * order), and the worker that rendered it gets more only once it has. The pages of a worker
   * that fails render on this thread (`fallback`).
   */
  render(
    work: PageWork,
    problems: Problems,
    deliver: (plan: PagePlan, page: FinishedPage) => Promise<void>,
    fallback: (plan: PagePlan, problems: Problems) => RenderedPage | undefined,
  ): Promise<void>;
  readonly count: number;
  close(): void;
}
