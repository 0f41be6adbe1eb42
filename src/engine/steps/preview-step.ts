import { HEADERS_FILE, headersFile } from '../artifacts/header-formats';
import { InlineSourceSet, inlineSourcesOf, type InlineSources } from '../artifacts/inline-sources';
import { securityHeaders } from '../artifacts/security-headers';
import { textOf, type OutputFiles } from '../base/output-paths';
import { letRequestsIn, type FirstPages } from '../render/first-pages';
import type { LoadedContent } from './content-step';
import type { BuildRun } from './run';
import type { PageView } from './view-step';

/** What `sitegen watch` asks of a rebuild: the pages open in a browser, served before the rest. */
export interface PagesInView {
  /** Their output paths (`hu/rolunk/index.html`). */
  paths: ReadonlySet<string>;
  /** What the policy of the build served until now allowed: the pages served beside these are still that build's. */
  allowed: InlineSources | undefined;
  /** Takes the files to serve over the last build's at once. */
  ready(files: OutputFiles): void;
  /** Whether to stop the build once they are served (`BuildSuperseded`): a newer edit waits. */
  superseded(): boolean;
}

/**
 * Step 6, in watch mode: once the pages in view are rendered, they are served with what they
 * can link to that this build made already (the stylesheet, the widgets, the files of
 * `public/`) and a policy that allows them and the pages still served from the build before.
 * Images encoded later and the rest of the pages come with the build's end.
 */
export function previewPagesInView(run: BuildRun, loaded: LoadedContent, view: PageView, inView: PagesInView): FirstPages & { betweenSteps(): Promise<void> } {
  let served = false;
  return {
    paths: inView.paths,
    superseded: () => inView.superseded(),
    /**
     * Once the pages are served, the thread is let go between the build's later steps too: a
     * tab told to reload asks for its page a few milliseconds after the preview, while the build
     * makes its artifacts, and gets it then instead of at the build's end.
     */
    betweenSteps: async () => {
      if (served) await letRequestsIn();
    },
    ready(pages) {
      served = true;
      const allowed = new InlineSourceSet();
      if (inView.allowed) allowed.add(inView.allowed);
      for (const html of pages.values()) allowed.add(inlineSourcesOf(textOf(html)));
      const files: OutputFiles = new Map([...loaded.widgets.files, ...view.assets.files, ...pages]);
      files.set(HEADERS_FILE, headersFile(securityHeaders(run.config.site, allowed.toSources())));
      inView.ready(files);
      run.timings.lap(`render the ${pages.size === 1 ? 'page' : `${pages.size} pages`} in view`);
    },
  };
}
