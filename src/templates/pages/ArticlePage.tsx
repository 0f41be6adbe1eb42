import type { PageProps } from '../../engine/template-api';
import type { ArticleData } from '../fields';
import { CallToAction } from '../components/CallToAction';
import { Contents } from '../components/Contents';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';
import { blogPosting } from '../seo/structured-data';

/**
 * A blog article: header with its cover, then the contents and the body. The contents come
 * first in the markup, so on a phone they are read before the article; on wide screens they
 * stay in a column beside it.
 */
export function ArticlePage(props: PageProps<ArticleData>) {
  const { page, content, i18n, links, site, assets } = props;
  const { data } = content;
  const meta = (
    <p className="article-meta">
      <span>{i18n.t('common.byline', { author: data.author, gender: grammaticalGender(data.author) })}</span>
      <time dateTime={data.date}>{i18n.t('common.published', { date: i18n.date(data.date) })}</time>
      {data.updated && <time dateTime={data.updated}>{i18n.t('common.updated', { date: i18n.date(data.updated) })}</time>}
      <span>{i18n.t('common.readingTime', { minutes: content.readingMinutes })}</span>
    </p>
  );
  // Tags are ids in front matter; their names are the locale's messages (`tags.<id>`).
  const tagNames = data.tags.map((tag) => i18n.t(`tags.${tag}`));
  return (
    <Document
      {...props}
      cover={data.cover}
      title={data.title}
      description={data.description}
      article={{ published: data.date, modified: data.updated, tags: tagNames }}
      structuredData={[
        blogPosting({ site, page, i18n, data: { ...data, tags: tagNames }, words: content.words, image: assets.shareImage, authorUrl: links.path('about-us') }),
      ]}
    >
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.summary ?? data.description} meta={meta} cover={data.cover} />
      <div className="container article-layout">
        <Contents headings={content.headings} i18n={i18n} />
        <article className="article-body">
          <Markdown html={content.html} {...proseProps(i18n)} />
          <ul className="tags" aria-label={i18n.t('common.tags')}>
            {data.tags.map((tag, index) => (
              <li key={tag}>{tagNames[index]}</li>
            ))}
          </ul>
        </article>
      </div>
      <CallToAction i18n={i18n} links={links} />
    </Document>
  );
}

/**
 * The grammatical gender of a team's name, for the byline of languages that need it (German
 * "Von der Kestrelbyte-Redaktion", "Vom Kestrelbyte-Integrationsteam"): nouns ending like
 * Redaktion, Abteilung, Gemeinschaft are feminine; Team and the others take "vom".
 */
export function grammaticalGender(name: string): 'feminine' | 'other' {
  return /(ion|ung|heit|keit|schaft|ei)$/i.test(name.trim()) ? 'feminine' : 'other';
}
