import type { PageProps } from '../../engine/template-api';
import type { ArticleData } from '../fields';
import { CallToAction } from '../components/CallToAction';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';
import { blogPosting } from '../seo/structured-data';

export function ArticlePage(props: PageProps<ArticleData>) {
  const { page, content, i18n, links, site, assets } = props;
  const { data } = content;
  const meta = (
    <p className="article-meta">
      <span>{i18n.t('common.byline', { author: data.author })}</span>
      <time dateTime={data.date}>{i18n.t('common.published', { date: i18n.date(data.date) })}</time>
      {data.updated && <time dateTime={data.updated}>{i18n.t('common.updated', { date: i18n.date(data.updated) })}</time>}
      <span>{i18n.t('common.readingTime', { minutes: content.readingMinutes })}</span>
    </p>
  );
  const toc = content.headings.filter((heading) => heading.depth === 2);
  return (
    <Document
      {...props}
      title={data.title}
      description={data.description}
      article={{ published: data.date, modified: data.updated, tags: data.tags }}
      structuredData={[
        blogPosting({ site, page, i18n, data, words: content.words, image: assets.shareImage, authorUrl: links.path('about-us') }),
      ]}
    >
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.summary ?? data.description} meta={meta} />
      <div className="container article-layout">
        <article className="article-body">
          <Markdown html={content.html} />
          <ul className="tags" aria-label={i18n.t('common.tags')}>
            {data.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </article>
        {toc.length >= 3 && (
          <nav className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title">{i18n.t('common.onThisPage')}</h2>
            <ol>
              {toc.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
      <CallToAction
        title={i18n.t('home.ctaTitle')}
        text={i18n.t('home.ctaText')}
        href={links.path('offer')}
        label={i18n.t('home.ctaButton')}
      />
    </Document>
  );
}
