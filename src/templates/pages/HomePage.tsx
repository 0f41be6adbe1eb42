import type { PageProps } from '../../engine/template-api';
import { CallToAction } from '../components/CallToAction';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { Document } from '../layout/Document';

const LATEST_ARTICLES = 3;

/**
 * The hero illustration (public/images/hero.svg), drawn 1200x900. Low priority and not
 * preloaded: the lead text is the largest paint (on a phone the picture comes below it), and a
 * high-priority image was one more request before it (docs/performance.md, "Visitors: mobile LCP").
 */
const HERO = { src: '/images/hero.svg', width: 1200, height: 900 } as const;

export function HomePage(props: PageProps) {
  const { content, i18n, links } = props;
  const sections = [
    { id: 'services', title: i18n.t('home.servicesTitle'), more: i18n.t('home.allServices'), pages: links.children('services'), tint: false },
    { id: 'case-studies', title: i18n.t('home.casesTitle'), more: i18n.t('home.allCases'), pages: links.children('case-studies'), tint: true },
    { id: 'blog', title: i18n.t('home.articlesTitle'), more: i18n.t('home.allArticles'), pages: links.children('blog').slice(0, LATEST_ARTICLES), tint: false },
  ];
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <section className="hero">
        <div className="container hero__inner">
          <div>
            <p className="eyebrow">{i18n.t('home.eyebrow')}</p>
            <h1>{content.data.title}</h1>
            <p className="hero__lead">{content.data.description}</p>
            {content.html.trim() !== '' && <Markdown html={content.html} className="prose hero__text" />}
            <p className="hero__actions">
              <a className="button" href={links.path('offer')}>
                {i18n.t('home.ctaButton')}
              </a>
              <a className="button button--ghost" href={links.path('services')}>
                {i18n.t('home.allServices')}
              </a>
            </p>
          </div>
          <img className="hero__art" src={HERO.src} alt={i18n.t('home.heroAlt')} width={HERO.width} height={HERO.height} fetchPriority="low" />
        </div>
      </section>
      {sections.map((section) => (
        <section key={section.id} className={section.tint ? 'section section--tint' : 'section'} aria-labelledby={`home-${section.id}`}>
          <div className="container">
            <div className="section__head">
              <h2 id={`home-${section.id}`}>{section.title}</h2>
              <a href={links.path(section.id)}>
                {section.more} <span className="arrow" aria-hidden="true" />
              </a>
            </div>
            <CardGrid pages={section.pages} i18n={i18n} />
          </div>
        </section>
      ))}
      <CallToAction i18n={i18n} links={links} />
    </Document>
  );
}
