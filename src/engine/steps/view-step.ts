import { buildAssets } from '../artifacts/build-artifacts';
import { contentDigest, type BuildInfo } from '../artifacts/build-info';
import { feedLinks, planFeeds, type FeedPlan } from '../artifacts/feeds';
import { contentHash } from '../base/content-hash';
import { ENGINE_VERSION } from '../config/package-info';
import type { ContentArrival } from '../markdown/content';
import type { PagePlan } from '../plan/plan-pages';
import { buildIdOf, pageConfigHash, pageConfigOf, releaseOf, renderInputFrom } from '../render/page-config';
import type { PageReuse } from '../cache/page-reuse';
import type { RenderInput } from '../render/render-input';
import { checkLocaleFlags, iconOf, shareImageOf } from '../render/site-images';
import { catalogueImages, type CataloguedImages } from '../images/image-catalogue';
import type { Output } from '../write/write-output';
import type { LoadedContent } from './content-step';
import type { ParsedSite } from './parse-step';
import type { SitePlan } from './plan-step';
import type { ReadSite } from './read-step';
import { settledOrErrors, type BuildRun } from './run';

/** What every page renders from, and how pages of an earlier build are reused. */
export interface PageView {
  info: BuildInfo;
  renderInput: RenderInput;
  assets: ReturnType<typeof buildAssets>;
  feeds: readonly FeedPlan[];
  /** Whether a page is listed for search engines (its template is not `noindex`). */
  indexed(page: PagePlan): boolean;
  /** The images of \`public/\`, and the encodings of those pages show, made once they are rendered. */
  images: CataloguedImages;
  /** The opened output folder, for a build that writes. */
  output: Output | undefined;
  reuse: PageReuse | undefined;
}

/**
 * Step 5: what every page renders from: one view of the configuration, the steps' results and
 * the hashes of their sources (`render/page-config.ts`). Its hash starts every page's
 * fingerprint; shortened, it is the release; with the rest of the inputs, the build id.
 */
export async function viewOfPages(run: BuildRun, read: ReadSite, parsed: ParsedSite, plan: SitePlan, loaded: LoadedContent): Promise<PageView> {
  const { config, memory, problems } = run;
  const { sources } = read;
  const { site } = config;
  const { templates, widgets, content } = loaded;
  const time = await plan.time;
  const assets = buildAssets(templates.css, sources.publicFiles);
  // Templates decide which pages stay out of search results and which pages feeds list.
  const definitionOf = (page: PagePlan) => templates.module.templates[page.template]!;
  // Watch mode: the last build's while the pages and templates are the same objects.
  const feeds = memory.alike('feeds', [plan.pages, templates.module], () => planFeeds(plan.pages, (page) => definitionOf(page).feed === true, problems));
  const shareImage = shareImageOf(site, sources.publicFiles, config.siteFile, problems);
  const icon = iconOf(site, sources.publicFiles, config.siteFile, problems);
  checkLocaleFlags(site, sources.publicFiles, config.siteFile, problems);
  // Sizes and the names of encodings: what pages show is encoded once they are rendered (step 7),
  // or taken from the build cache (and a watch session's memory): a warm build encodes nothing.
  const images = await catalogueImages(sources.publicFiles, site, memory.imageStore());
  run.timings.lap('images');
  await loaded.stopIfAny();
  const pageConfig = pageConfigOf({
    engine: ENGINE_VERSION,
    settings: site,
    year: new Date(time.timestamp).getUTCFullYear(),
    dev: memory.dev,
    // The routes as published: what is out changes what hubs, links and hreflang show.
    routes: { value: plan.routes, text: sources.routes!.text, publication: plan.publication.key },
    messages: { value: parsed.catalog, texts: [...sources.locales.values()].map((file) => file.text) },
    templates,
    widgets,
    stylesheet: assets.stylesheet,
    shareImage,
    icon,
    publicFiles: sources.publicFiles,
    images: images.catalogue,
    hashBytes: contentHash,
  });
  const release = releaseOf(pageConfig);
  const info: BuildInfo = {
    id: buildIdOf(pageConfig, () => ({
      timestamp: time.timestamp,
      contentDigest: contentDigest(sources.content),
      redirectRules: sources.redirects?.text ?? '',
      redirects: { redirects: [...plan.redirects.redirects], lost: [...plan.redirects.lost] },
    })),
    release,
    timestamp: time.timestamp,
  };
  const renderInput = renderInputFrom(pageConfig, release, {
    content,
    feeds,
    feedLinks: feedLinks(feeds, { content, companyName: site.company.name }),
    arrival: run.threads.fillsCores() ? afterAll(loaded.arrival.all) : loaded.arrival,
  });
  const inputs = { sources, split: read.frontMatters, content, routes: plan.routes };
  const output = run.output && (await settledOrErrors(run.output, problems));
  const everything = pageConfigHash(pageConfig);
  const reuse = memory.pageReuse(inputs, everything, output);
  return { info, renderInput, assets, images, feeds, indexed: (page) => !definitionOf(page).noindex, output, reuse };
}

/** Arrival for pages that wait until every Markdown body is there. */
function afterAll(all: Promise<void>): Pick<ContentArrival, 'ready' | 'all'> {
  let done = false;
  void all.then(() => (done = true));
  return { ready: () => (done ? undefined : all), all };
}
