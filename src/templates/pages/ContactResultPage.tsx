import type { PageProps } from '../../engine/template-api';
import { Markdown } from '../components/Markdown';
import { Document } from '../layout/Document';

/** The pages after a form was sent, or failed to send; kept out of search results. */
export function ContactResultPage(props: PageProps) {
  const { content, i18n, links } = props;
  return (
    <Document {...props} title={content.data.title} description={content.data.description} noindex>
      <section className="container section result">
        <h1>{content.data.title}</h1>
        <Markdown html={content.html} />
        <p className="result__actions">
          <a className="button" href={links.path('home')}>
            {i18n.t('result.backHome')}
          </a>
          <a className="button button--ghost" href={links.path('contact')}>
            {i18n.t('result.contactAgain')}
          </a>
        </p>
      </section>
    </Document>
  );
}
