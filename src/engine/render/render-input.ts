import type { Locale } from '../../shared/locales';
import type { ContentArrival, SiteContent } from '../markdown/content';
import type { MessageCatalog } from '../messages/messages';
import type { PagePlan } from '../plan/plan-pages';
import type { Route } from '../plan/route-table';
import type { InlineSources } from '../artifacts/inline-sources';
import type { FeedPlan } from '../artifacts/feeds';
import type { ImageCatalogue } from '../images/image-catalogue';
import type { TemplateSources } from './template-stacks';
import type { Assets, BuildStamp, FeedLink, SiteSettings, TemplateModule } from '../template-api';

/** What every page of a build renders from. */
export interface RenderInput {
  routes: readonly Route[];
  content: SiteContent;
  catalog: MessageCatalog;
  site: SiteSettings;
  templates: TemplateModule;
  assets: Assets;
  build: BuildStamp;
  /** Watch mode: pages tell their browser code not to cache messages. */
  dev: boolean;
  /** The template source files and their bundle: a template that throws is reported at its own line. */
  templateSources: TemplateSources;
  /** The feeds, and the links to them each locale's pages show. */
  feeds: readonly FeedPlan[];
  feedLinks: ReadonlyMap<Locale, readonly FeedLink[]>;
  /** The images of \`public/\`: every \`<img>\` a page renders is sized and encoded from it (\`images/\`). */
  images: ImageCatalogue;
  /** Markdown bodies still arriving: a page waits for its own, and one that reads another's waits for all. */
  arrival?: Pick<ContentArrival, 'ready' | 'all'>;
}

/**
 * Where rendered pages go, one at a time, so a large site is never held in memory whole: a
 * page's HTML, or the hash of the HTML the output already holds. A returned promise makes the
 * renderer wait (the writer's queue is full). What each page contains that the security
 * policy must allow comes separately, once the page is read (on a worker, beside rendering).
 */
export interface PageSink {
  /** `hash`, when given, is `contentHash(html)`, already computed for the cache. */
  page(plan: PagePlan, html: string | Uint8Array, hash?: string): void | Promise<void>;
  unchanged(plan: PagePlan, hash: string): void | Promise<void>;
  allow(sources: InlineSources): void;
}
