import type { NotFoundProps } from '../../engine/template-api';
import { Document } from '../layout/Document';

/** `404.html`: the static part of the error page; the error widget adds the visited path. */
export function NotFoundPage(props: NotFoundProps) {
  const { i18n } = props;
  const title = i18n.t('widgets.error.notFound');
  return (
    <Document {...props} title={i18n.t('widgets.error.pageTitle')} description={title} noindex bareTitle>
      <section className="container section error-page">
        <svg className="error-page__image" viewBox="0 0 240 120" role="img" aria-label="404">
          <text x="120" y="92" textAnchor="middle" fontSize="96" fontWeight="800" fill="currentColor">
            404
          </text>
          <path d="M30 104h180" stroke="currentColor" strokeWidth="4" strokeLinecap="round" opacity=".3" />
        </svg>
        <h1>{title}</h1>
        <p>
          <a className="button" href="/">
            {i18n.t('widgets.error.backToStart')}
          </a>
        </p>
      </section>
    </Document>
  );
}
