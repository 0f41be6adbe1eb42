import type { PageProps } from '../../engine/template-api';
import { CallToAction } from '../components/CallToAction';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { Document } from '../layout/Document';

const LATEST_ARTICLES = 3;

export function HomePage(props: PageProps) {
  const { content, i18n, links } = props;
  const sections = [
    { id: 'services', title: i18n.t('home.servicesTitle'), more: i18n.t('home.allServices'), pages: links.children('services') },
    { id: 'case-studies', title: i18n.t('home.casesTitle'), more: i18n.t('home.allCases'), pages: links.children('case-studies') },
    { id: 'blog', title: i18n.t('home.articlesTitle'), more: i18n.t('home.allArticles'), pages: links.children('blog').slice(0, LATEST_ARTICLES) },
  ];
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <section className="hero">
        <div className="container hero__inner">
          <div>
            <h1>{content.data.title}</h1>
            <p className="hero__lead">{content.data.description}</p>
            <Markdown html={content.html} className="prose hero__text" />
            <p className="hero__actions">
              <a className="button" href={links.path('offer')}>
                {i18n.t('home.ctaButton')}
              </a>
              <a className="button button--ghost" href={links.path('services')}>
                {i18n.t('home.allServices')}
              </a>
            </p>
          </div>
          <img className="hero__art" src="/images/hero.svg" alt="" width={480} height={360} />
        </div>
      </section>
      {sections.map((section) => (
        <section key={section.id} className="section" aria-labelledby={`home-${section.id}`}>
          <div className="container">
            <div className="section__head">
              <h2 id={`home-${section.id}`}>{section.title}</h2>
              <a href={links.path(section.id)}>{section.more}</a>
            </div>
            <CardGrid pages={section.pages} i18n={i18n} />
          </div>
        </section>
      ))}
      <CallToAction
        title={i18n.t('home.ctaTitle')}
        text={i18n.t('home.ctaText')}
        href={links.path('offer')}
        label={i18n.t('home.ctaButton')}
      />
    </Document>
  );
}
