/**
 * Page worker entry (bundled as lib/page-worker.js): renders pages with the site's templates,
 * hashes them and reads them for the security policy (see page-workers.ts).
 */
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { Locale } from '../../shared/locales';
import { readingMinutesOf, type SiteContent } from '../markdown/content';
import { Problems } from '../diagnostics/diagnostic';
import { sharedStylesheetScanner } from '../artifacts/inline-sources';
import type { PageTask, PageWorkerReply, PageWorkerRequest, PageWorkerSetup, WorkerPage } from './page-workers';
import { pageRenderer } from '../render/page-renderer';
import { BODY_PENDING, everyBodyWasThere } from '../render/render-document';
import type { Heading, PageContent, TemplateModule } from '../template-api';
import { contentHash } from '../base/content-hash';
import { compressPage } from '../cache/cached-pages';
import { lazyFields } from '../base/lazy-fields';

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

/** Where a page's body is: in `bodies` while its own page renders, and nowhere else. */
type BodyIn = { bodies: ReadonlyMap<string, { html: string; headings: readonly Heading[] }>; key: string };

const ownBody = ({ bodies, key }: BodyIn) => {
  const own = bodies.get(key);
  if (!own) {
    const [routeId, locale] = key.split('\0');
    throw new Error(`the body of ${locale} ${routeId} is not this page's: templates show other pages through links`);
  }
  return own;
};

const withOwnBody = lazyFields<BodyIn, Pick<PageContent, 'html' | 'headings'>>({
  html: (at) => ownBody(at).html,
  headings: (at) => ownBody(at).headings,
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
          const page: PageContent = withOwnBody({ data: data as PageContent['data'], words, readingMinutes: readingMinutesOf(words) }, { bodies, key: `${routeId}\0${locale}` });
          return [locale, page];
        }),
      ) as Record<Locale, PageContent>,
    ]),
  );
  const renderPage = pageRenderer({ ...setup.input, templates, content }, setup.recordDeps);
  const { stylesheet } = setup.input.assets;
  const inlineSourcesOf = sharedStylesheetScanner(stylesheet.inline);
  return (tasks) =>
    tasks.map(({ plan, html, headings }) => {
      const key = `${plan.routeId}\0${plan.locale}`;
      bodies.set(key, { html, headings });
      const problems = new Problems();
      const rendering = renderPage(plan, problems);
      bodies.delete(key);
      // A worker has every page's reading time and its own page's body: no body is on its way.
      const page = rendering === BODY_PENDING ? everyBodyWasThere() : rendering;
      return {
        // The cache's compressed copy is made here too, off the thread that writes (`recordDeps`: a persistent cache).
        page: page && { ...page, hash: contentHash(page.html), inline: inlineSourcesOf(page.html, html), copy: setup.recordDeps ? (page.copy ?? compressPage(page.html)) : undefined },
        problems: problems.errors.map((error) => {
          // Its stack points at the template sources already (`renderDocument`).
          const stack = error.cause instanceof Error && error.cause.stack ? error.cause.stack : undefined;
          return { code: error.code, message: error.message, file: error.file, line: error.line ?? 1, column: error.column ?? 1, hint: error.hint, stack, pages: error.pages, subject: error.subject };
        }),
      };
    });
}
