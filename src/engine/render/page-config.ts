import type { WidgetBundle } from '../bundle/bundle-widgets';
import type { LoadedTemplates } from '../bundle/load-templates';
import type { MessageCatalog } from '../messages/messages';
import type { Route } from '../plan/route-table';
import type { SiteSettings } from '../config/site-settings';
import type { ImageCatalogue } from '../images/image-catalogue';
import type { Assets, ShareImage, SiteIcon } from '../template-api';
import type { RenderInput } from './render-input';
import { dataPart, hashOf, hashOfParts, part, type Part } from '../config/parts';

/**
 * Everything site-wide a page may read, each part with the hash of what it was made from. Pages
 * are rendered from this view and their content only (`renderInputFrom`), so the view's hash
 * covers all they read besides their content: it is part of every page's fingerprint (a cached
 * page is reused only while it is the same) and, shortened, the release the pages show.
 *
 * The build's timestamp is not in it, only the year: a new commit does not render every page
 * again. What reads the timestamp (the sitemap, feeds, `latest.json`) is made again by every
 * build, and the build id takes it (`buildIdOf`).
 */
export interface PageConfig {
  /**
   * sitegen's version. The code it was bundled from (and the Node.js it runs on) are the build
   * caches' identity (`CACHE_IDENTITY`): another engine discards the whole cache, so no page
   * is reused across engines, while the bundled engine and the sources give the same bytes.
   */
  readonly engine: Part<string>;
  /** `content/site.yaml`, validated, after the environment's overrides. */
  readonly settings: Part<SiteSettings>;
  /** The build's year (from its timestamp), for the copyright line. */
  readonly year: Part<number>;
  /** A watch session's build: pages tell their browser code not to cache messages. */
  readonly dev: Part<boolean>;
  readonly routes: Part<readonly Route[]>;
  readonly messages: Part<MessageCatalog>;
  readonly templates: Part<Pick<LoadedTemplates, 'module' | 'inputs' | 'moduleFile'>>;
  readonly widgets: Part<Pick<WidgetBundle, 'loader' | 'scripts' | 'islands'>>;
  readonly stylesheet: Part<Assets['stylesheet']>;
  readonly shareImage: Part<ShareImage | null>;
  readonly icon: Part<SiteIcon | null>;
  /** The names of the files of `public/`, with the hash of each file's bytes. */
  readonly publicFiles: Part<ReadonlyMap<string, string>>;
  /** Each image's size and the names of its encodings (made from the public files and settings above, and the encoder's version). */
  readonly images: Part<ImageCatalogue>;
}

/** What the page view is made from: the stages' results and the hashes of their sources. */
export interface PageConfigInputs {
  engine: string;
  settings: SiteSettings;
  year: number;
  dev: boolean;
  /** The routes as published (`publishedRoutes`), the table's text and the publication's key (`Publication.key`). */
  routes: { value: readonly Route[]; text: string; publication?: string };
  messages: { value: MessageCatalog; texts: readonly string[] };
  templates: LoadedTemplates;
  widgets: WidgetBundle;
  stylesheet: Assets['stylesheet'];
  shareImage: ShareImage | undefined;
  icon: SiteIcon | undefined;
  publicFiles: ReadonlyMap<string, Uint8Array>;
  images: ImageCatalogue;
  /** Hashes the bytes of a public file (`contentHash`). */
  hashBytes(bytes: Uint8Array): string;
}

export function pageConfigOf(inputs: PageConfigInputs): PageConfig {
  const publicHashes = new Map([...inputs.publicFiles].map(([name, bytes]) => [name, inputs.hashBytes(bytes)] as const));
  return Object.freeze({
    engine: dataPart(inputs.engine),
    settings: dataPart(inputs.settings),
    year: dataPart(inputs.year),
    dev: dataPart(inputs.dev),
    routes: part(inputs.routes.value, inputs.routes.publication ? hashOf(inputs.routes.text, inputs.routes.publication) : hashOf(inputs.routes.text)),
    messages: part(inputs.messages.value, hashOf(...inputs.messages.texts)),
    templates: part({ module: inputs.templates.module, inputs: inputs.templates.inputs, moduleFile: inputs.templates.moduleFile }, hashOf(inputs.templates.hash, inputs.templates.css)),
    widgets: part({ loader: inputs.widgets.loader, scripts: inputs.widgets.scripts, islands: inputs.widgets.islands }, inputs.widgets.hash),
    stylesheet: dataPart(inputs.stylesheet),
    shareImage: dataPart(inputs.shareImage ?? null),
    icon: dataPart(inputs.icon ?? null),
    publicFiles: dataPart(publicHashes),
    images: dataPart(inputs.images),
  });
}

/** The hash of the page view: what every page's fingerprint starts with. */
export function pageConfigHash(config: PageConfig): string {
  return hashOfParts(config);
}

/** The release pages show: the page view's hash, or `dev` in a watch session (an edit then changes only the pages that show it). */
export function releaseOf(config: PageConfig): string {
  return config.dev.value ? 'dev' : pageConfigHash(config).slice(0, 12);
}

/**
 * The build id: the page view and everything else the output is made from (the timestamp, the
 * content files, the redirect rules and the redirects planned from the previous build). The
 * same inputs always give the same id; any change of the output, a new one. A watch session
 * keeps the id "dev" (as its release), so an edit changes only the pages that show it: `rest`
 * is not even computed then.
 */
export function buildIdOf(config: PageConfig, restOf: () => { timestamp: number; contentDigest: string; redirectRules: string; redirects: unknown }): string {
  if (config.dev.value) return 'dev';
  const rest = restOf();
  return hashOfParts({
    ...config,
    timestamp: dataPart(rest.timestamp),
    content: part(null, rest.contentDigest),
    redirectRules: part(null, hashOf(rest.redirectRules)),
    redirects: dataPart(rest.redirects),
  }).slice(0, 12);
}

/**
 * What every page renders from: the page view's values, and what the build derived from the
 * content (which a page's fingerprint covers by the content it read).
 */
export function renderInputFrom(config: PageConfig, release: string, derived: Pick<RenderInput, 'content' | 'feeds' | 'feedLinks' | 'arrival'>): RenderInput {
  return {
    routes: config.routes.value,
    catalog: config.messages.value,
    site: config.settings.value,
    templates: config.templates.value.module,
    templateSources: { files: config.templates.value.inputs, moduleFile: config.templates.value.moduleFile },
    assets: {
      stylesheet: config.stylesheet.value,
      loader: config.widgets.value.loader,
      scripts: config.widgets.value.scripts as Assets['scripts'],
      islands: config.widgets.value.islands,
      shareImage: config.shareImage.value ?? undefined,
      icon: config.icon.value ?? undefined,
    },
    build: { release, year: config.year.value },
    dev: config.dev.value,
    images: config.images.value,
    ...derived,
  };
}
