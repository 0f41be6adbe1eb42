import type { PageProps } from '../../engine/template-api';
import { ContactCard } from '../components/ContactCard';
import { ContactDetails } from '../components/ContactDetails';
import { Contents } from '../components/Contents';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/**
 * About us, the privacy policy, the imprint: the text beside a sidebar. A long text (three or
 * more sections) gets its contents in the sidebar, before the text on a phone; a short one the
 * company's details and an invitation to ask for an offer.
 */
export function AboutPage(props: PageProps) {
  const { page, content, i18n, links, site } = props;
  const long = content.headings.filter((heading) => heading.depth === 2).length >= 3;
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className={long ? 'container layout layout--contents' : 'container layout'}>
        {long && (
          <aside className="layout__aside" aria-label={i18n.t('common.onThisPage')}>
            <Contents headings={content.headings} i18n={i18n} />
          </aside>
        )}
        <Markdown html={content.html} {...proseProps(i18n)} />
        {!long && (
          <div className="layout__aside">
            <ContactDetails site={site} i18n={i18n} />
            <ContactCard i18n={i18n} links={links} />
          </div>
        )}
      </div>
    </Document>
  );
}
