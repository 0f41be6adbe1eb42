/**
 * Page worker entry (bundled as lib/page-worker.js): renders pages with the site's templates,
 * hashes them and reads them for the security policy (see page-workers.ts).
 */
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../shared/locales';
import { readingMinutesOf, type SiteContent } from './content';
import { Problems } from './errors';
import { sharedStylesheetScanner } from './inline-sources';
import type { PageTask, PageWorkerReply, PageWorkerRequest, PageWorkerSetup, WorkerPage } from './page-workers';
import { pageRenderer } from './render-pages';
import type { Heading, PageContent, TemplateModule } from './template-api';
import { contentHash } from './write-output';

// Stack traces of templates point at their TSX lines here too: each thread has its own setting.
process.setSourceMapsEnabled(true);

let rendering: Promise<(tasks: PageTask[]) => WorkerPage[]> | undefined;

parentPort!.on('message', async (request: PageWorkerRequest) => {
  if (request.type === 'setup') {
    rendering = prepare(request.setup);
    return;
  }
  // Messages are taken in order, and all wait for the same setup: answers go out in order.
  const render = await rendering!;
  parentPort!.postMessage({ type: 'rendered', pages: render(request.tasks) } satisfies PageWorkerReply);
});

async function prepare(setup: PageWorkerSetup): Promise<(tasks: PageTask[]) => WorkerPage[]> {
  const templates = (await import(pathToFileURL(setup.moduleFile).href)) as TemplateModule;
  // Each page gets its own body with its task; every other page is known by its front matter
  // and reading time only, which is all that links and lists show.
  const bodies = new Map<string, { html: string; headings: readonly Heading[] }>();
  const content: SiteContent = new Map(
    setup.content.map(([routeId, byLocale]) => [
      routeId,
      Object.fromEntries(
        Object.entries(byLocale).map(([locale, { data, words }]) => {
          const body = () => {
            const own = bodies.get(`${routeId}\0${locale}`);
            if (!own) throw new Error(`the body of ${locale} ${routeId} is not this page's: templates show other pages through links`);
            return own;
          };
          const page: PageContent = {
            data: data as PageContent['data'],
            words,
            readingMinutes: readingMinutesOf(words),
            get html() {
              return body().html;
            },
            get headings() {
              return body().headings;
            },
          };
          return [locale, page];
        }),
      ) as Record<Locale, PageContent>,
    ]),
  );
  const renderPage = pageRenderer({ ...setup.input, templates, content }, setup.recordDeps);
  const { stylesheet } = setup.input.assets;
  const inlineSourcesOf = sharedStylesheetScanner('inline' in stylesheet ? stylesheet.inline : undefined);
  return (tasks) =>
    tasks.map(({ plan, html, headings }) => {
      const key = `${plan.routeId}\0${plan.locale}`;
      bodies.set(key, { html, headings });
      const problems = new Problems();
      const page = renderPage(plan, problems);
      bodies.delete(key);
      return {
        page: page && { ...page, hash: contentHash(page.html), inline: inlineSourcesOf(page.html) },
        problems: problems.errors.map((error) => ({
          message: error.message,
          file: error.file,
          line: error.line,
          column: error.column,
          hint: error.hint,
          stack: error.cause instanceof Error ? error.cause.stack : undefined,
        })),
      };
    });
}
