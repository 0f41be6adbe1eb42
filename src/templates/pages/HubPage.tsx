import type { PageProps } from '../../engine/template-api';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

/** Blog, services, case studies, tenders: an introduction and the pages the hub lists. */
export function HubPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container section">
        <Markdown html={content.html} />
        <CardGrid pages={links.children(page.routeId)} i18n={i18n} headingLevel={2} />
      </div>
    </Document>
  );
}
