import type { PageProps } from '../../engine/template-api';
import type { TenderData } from '../fields';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

/** A grant-funded project's publicity page: the project's data, then its description. */
export function TenderPage(props: PageProps<TenderData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  const facts: Array<[string, string]> = [
    [i18n.t('tender.projectTitle'), data.projectTitle],
    [i18n.t('tender.beneficiary'), data.beneficiary],
    [i18n.t('tender.amount'), i18n.currency(data.amount, data.currency)],
    [i18n.t('tender.period'), i18n.t('tender.periodValue', { start: i18n.date(data.start), end: i18n.date(data.end) })],
    [i18n.t('tender.projectId'), data.projectId],
  ];
  if (data.funder) facts.push([i18n.t('tender.funder'), data.funder]);
  return (
    <Document {...props} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} />
      <div className="container section">
        <section className="facts facts--wide" aria-labelledby="tender-facts">
          <h2 id="tender-facts">{i18n.t('tender.facts')}</h2>
          <dl>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Markdown html={content.html} />
      </div>
    </Document>
  );
}
