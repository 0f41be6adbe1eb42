import type { PageProps } from '../../engine/template-api';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/** Blog, services, case studies, grants: an introduction and the pages the hub lists, as cards with their covers. */
export function HubPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  const children = links.children(page.routeId);
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container section">
        {content.html.trim() !== '' && (
          <div className="hub-intro">
            <Markdown html={content.html} {...proseProps(i18n)} />
          </div>
        )}
        <CardGrid pages={children} i18n={i18n} headingLevel={2} wide={page.routeId === 'services'} />
      </div>
    </Document>
  );
}
