import type { PageProps } from '../../engine/template-api';
import { ContactDetails } from '../components/ContactDetails';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

/** The contact pages (general and ClickUp onboarding): the text and the company's contact details. */
export function ContactPage(props: PageProps) {
  const { page, content, i18n, links, site } = props;
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container section two-column">
        <Markdown html={content.html} />
        <ContactDetails site={site} i18n={i18n} />
      </div>
    </Document>
  );
}
