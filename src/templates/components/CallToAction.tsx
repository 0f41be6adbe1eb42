import type { PageProps } from '../../engine/template-api';

/**
 * The band that asks for an offer, at the end of the home pages, articles and case studies: the
 * same words and the offer page's link on each.
 */
export function CallToAction({ i18n, links }: Pick<PageProps, 'i18n' | 'links'>) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <div>
          <h2 id="cta-title">{i18n.t('home.ctaTitle')}</h2>
          <p>{i18n.t('home.ctaText')}</p>
        </div>
        <a className="button button--light" href={links.path('offer')}>
          {i18n.t('home.ctaButton')}
        </a>
      </div>
    </section>
  );
}
