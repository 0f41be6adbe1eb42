import type { PageProps } from '../../engine/template-api';
import { CallToAction } from '../components/CallToAction';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

export function AboutPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container section">
        <Markdown html={content.html} />
      </div>
      <CallToAction
        title={i18n.t('home.ctaTitle')}
        text={i18n.t('home.ctaText')}
        href={links.path('offer')}
        label={i18n.t('home.ctaButton')}
      />
    </Document>
  );
}
