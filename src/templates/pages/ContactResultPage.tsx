import type { PageProps } from '../../engine/template-api';
import RetryLink from '../../widgets/islands/RetryLink';
import { Island } from '../components/Island';
import { Markdown } from '../components/Markdown';
import { Document } from '../layout/Document';

/**
 * The pages after a form was sent, or failed to send; kept out of search results (the template
 * is `noindex` in index.ts). After a
 * failure, "try again" returns to the form the visitor used, where the draft is restored.
 */
export function ContactResultPage(props: PageProps) {
  const { page, content, i18n, links, assets } = props;
  const failed = page.routeId === 'contact-failed';
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <section className="container section result">
        <h1>{content.data.title}</h1>
        <Markdown html={content.html} />
        <p className="result__actions">
          {failed && (
            <Island name="RetryLink" component={RetryLink} props={{ fallbackUrl: `${links.path('contact')}#form` }} strategy="load" i18n={i18n} assets={assets} />
          )}
          <a className={failed ? 'button button--ghost' : 'button'} href={links.path('home')}>
            {i18n.t('result.backHome')}
          </a>
          {!failed && (
            <a className="button button--ghost" href={links.path('contact')}>
              {i18n.t('result.contactAgain')}
            </a>
          )}
        </p>
      </section>
    </Document>
  );
}
