import { renderToStaticMarkup } from 'react-dom/server';
import type { I18n, PreviewLabel as PreviewLabelData } from '../../engine/template-api';
import { coverShareImage } from '../components/Cover';
import { CODE_STYLES, COPY_CODE_SCRIPT, hasCodeBlocks } from '../components/code-blocks';
import { partStylesOf } from '../components/part-styles';
import { detectLocaleScript } from '../../shared/detect-locale-script';
import { jsonForScript } from '../../shared/json-script';
import { loaderBootstrap } from '../../shared/loader-bootstrap';
import { RUNTIME_CONFIG_ID } from '../../shared/runtime-config';
import { ConsentBanner } from '../components/ConsentBanner';
import { hyphenateHtml } from '../hyphenate';
import { attributeOf, classesOf } from '../../shared/html-walk';
import { SeoHead } from '../seo/SeoHead';
import { StructuredData } from '../seo/StructuredData';
import type { DocumentProps } from './document-props';
import { FontLoading, LATIN_EXTENDED } from './font-loading';
import { Footer } from './Footer';
import { Header } from './Header';

export type { DocumentProps } from './document-props';

/** The HTML document every page shares: head, then the body (`PageBody`). */
export function Document(props: DocumentProps) {
  const { title, description, page, site, i18n, assets, bareTitle } = props;
  const noindex = props.noindex || page?.noindex;
  const fullTitle = i18n.t('site.titleSuffix', { company: site.company.name });
  const leadImage = props.leadImage ?? props.cover?.src;
  const share = coverShareImage(props.cover, props.images);
  const main = mainContent(props);
  return (
    <html lang={i18n.language} dir={i18n.dir === 'rtl' ? 'rtl' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Nothing is painted before the header (and the consent banner) are there whole: a
            response arriving in parts was painted with the header cut after its search button,
            and its controls moved when the rest came. */}
        <link rel="expect" href="#main" blocking="render" />
        {/* Before the stylesheet: whether this page waits for the font or paints in the fallback. */}
        <FontLoading extended={LATIN_EXTENDED.test(`${title} ${description} ${Object.values(i18n.widgetMessages).join(' ')}`)} />
        {props.head}
        {page?.preview && <style dangerouslySetInnerHTML={{ __html: PREVIEW_LABEL_CSS }} />}
        {/* Only the unprefixed home chooses a language, before anything is painted. */}
        {page?.url === '/' && <script dangerouslySetInnerHTML={{ __html: detectLocaleScript(site.locales) }} />}
        <title>{bareTitle || title === site.company.name ? title : `${title} | ${fullTitle}`}</title>
        <meta name="description" content={description} />
        {noindex && <meta name="robots" content="noindex" />}
        {page && <link rel="canonical" href={site.url + page.canonical} />}
        {page?.pagination && page.pagination.page > 1 && <link rel="prev" href={site.url + page.pagination.urls[page.pagination.page - 2]} />}
        {page?.pagination && page.pagination.page < page.pagination.pages && <link rel="next" href={site.url + page.pagination.urls[page.pagination.page]} />}
        {/* A locale whose page is out of the build (a draft, scheduled) has no alternate. */}
        {page &&
          site.locales.all.map(({ code }) => page.alternates[code] !== undefined && <link key={code} rel="alternate" hrefLang={code} href={site.url + page.alternates[code]} />)}
        {page && page.alternates[site.locales.default] !== undefined && <link rel="alternate" hrefLang="x-default" href={site.url + page.alternates[site.locales.default]} />}
        {leadImage && <link rel="preload" as="image" href={leadImage} fetchPriority="high" />}
        <SeoHead
          title={title}
          description={description}
          page={page}
          site={site}
          i18n={i18n}
          image={share?.image ?? assets.shareImage}
          imageAlt={share?.alt}
          feeds={props.feeds}
          article={props.article}
        />
        {assets.icon && <link rel="icon" href={assets.icon.href} type={assets.icon.type} />}
        {assets.stylesheet.inline !== undefined ? (
          <style dangerouslySetInnerHTML={{ __html: assets.stylesheet.inline }} />
        ) : (
          <link rel="stylesheet" href={assets.stylesheet.url} />
        )}
        {partStylesOf(main.classes).map((css, index) => (
          <style key={index} dangerouslySetInnerHTML={{ __html: css }} />
        ))}
        {main.preformatted && <style dangerouslySetInnerHTML={{ __html: CODE_STYLES }} />}
        {/* The loader starts after the first paint; module scripts would otherwise run before it. */}
        <script type="module" dangerouslySetInnerHTML={{ __html: loaderBootstrap(assets.loader) }} />
      </head>
      <body>
        <PageBody {...props} main={main} />
        {props.after}
        <StructuredData title={title} page={page} site={site} i18n={i18n} links={props.links} objects={props.structuredData} />
      </body>
    </html>
  );
}

/** The page's main content, rendered once for the head (the styles it needs) and the body. */
interface MainContent {
  /** Its HTML, long words given soft hyphens (`hyphenate.ts`). */
  html: string;
  /** The classes its elements have (`classesIn`). */
  classes: ReadonlySet<string>;
  /** Whether it has a `<pre>`: a code block, highlighted or plain (their styles, `CODE_STYLES`). */
  preformatted: boolean;
}

/**
 * The page's main content, without the `<link rel="preload" as="image">` React writes before it
 * for its first images: rendered on its own, the content has no head to put them in, and in
 * the body they gain nothing over the `<img>` right after them (which carries its own
 * `fetchpriority`).
 */
function mainContent(props: DocumentProps): MainContent {
  const rendered = renderToStaticMarkup(<>{props.children}</>, { identifierPrefix: 'main-' });
  const classes = new Set<string>();
  let preformatted = false;
  // Where the run of image preloads at the start ends.
  let content = 0;
  // One tokenization for the soft hyphens and the tags read here. The preloads hold no text, so
  // they end at the same offset in the hyphenated HTML.
  const html = hyphenateHtml(rendered, props.i18n.language, (tag) => {
    if (tag.start === content && tag.name === 'link' && attributeOf(tag, 'rel') === 'preload' && attributeOf(tag, 'as') === 'image') content = tag.end;
    for (const name of classesOf(tag)) classes.add(name);
    if (tag.name === 'pre') preformatted = true;
  });
  return { html: html.slice(content), classes, preformatted };
}

/**
 * What the body shows: the skip link, the consent banner (early in the focus order, shown
 * before the first paint while no choice is stored), header, main content, footer, runtime
 * configuration. The main content's long words get soft hyphens (`hyphenate.ts`).
 */
export function PageBody(props: DocumentProps & { main?: MainContent }) {
  const { i18n, links, runtime } = props;
  const main = props.main ?? mainContent(props);
  return (
    <>
      <a className="skip-link" href="#main">
        {i18n.t('site.skipToContent')}
      </a>
      {props.page?.preview && <PreviewLabel label={props.page.preview} i18n={i18n} />}
      <ConsentBanner i18n={i18n} privacyUrl={links.path('privacy-policy')} consent={runtime.consent} />
      <Header {...props} />
      <main id="main" dangerouslySetInnerHTML={{ __html: main.html }} />
      {hasCodeBlocks(main.classes) && (
        <script data-copy={i18n.t('code.copy')} data-copied={i18n.t('code.copied')} dangerouslySetInnerHTML={{ __html: COPY_CODE_SCRIPT }} />
      )}
      <Footer {...props} />
      <script type="application/json" id={RUNTIME_CONFIG_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(runtime) }} />
    </>
  );
}

/**
 * The label's style goes with the pages that show it, not into site.css: production pages never
 * do, and the inlined stylesheet is near its limit (docs/design.md). Hashed into the policy as
 * every inline style is.
 */
const PREVIEW_LABEL_CSS = '.preview-label{margin:0;padding:.5rem 1rem;background:#fde68a;color:#1c1917;font-weight:600;text-align:center}';

/**
 * What a preview build (`--drafts`, `--future`, `sitegen watch`) shows on a page that is not
 * published: a draft, or the time it is scheduled for. A production build has no such page.
 */
function PreviewLabel({ label, i18n }: { label: PreviewLabelData; i18n: I18n }) {
  if (label.kind === 'draft') return <p className="preview-label" role="note">{i18n.t('site.previewDraft')}</p>;
  // A day, or a day and time as written (`2026-03-01T09:00+01:00` shows its day and 09:00).
  const time = label.publishDate.length > 10 ? ` ${label.publishDate.slice(11, 16)}` : '';
  return (
    <p className="preview-label" role="note">
      {i18n.t('site.previewScheduled', { date: `${i18n.date(label.publishDate.slice(0, 10))}${time}` })}
    </p>
  );
}
