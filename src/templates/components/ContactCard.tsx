import type { I18n, Links } from '../../engine/template-api';

/** The sidebar's invitation: a short text and the offer request button. */
export function ContactCard({ i18n, links, title, text, label }: { i18n: I18n; links: Links; title?: string; text?: string; label?: string }) {
  return (
    <section className="panel panel--accent" aria-labelledby="contact-card-title">
      <h2 id="contact-card-title">{title ?? i18n.t('home.ctaTitle')}</h2>
      <p>{text ?? i18n.t('home.ctaText')}</p>
      <a className="button button--light" href={links.path('offer')}>
        {label ?? i18n.t('home.ctaButton')}
      </a>
    </section>
  );
}
