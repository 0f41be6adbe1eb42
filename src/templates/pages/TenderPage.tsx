import type { PageProps } from '../../engine/template-api';
import type { TenderData } from '../fields';
import { FundingBlock } from '../components/FundingBlock';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/**
 * A grant-funded project's publicity page, with what the Széchenyi Terv Plusz rules ask a
 * beneficiary's website to show: the funding block (the EU and government marks), the
 * beneficiary, the project's title and number, the grant and the aid intensity, the period,
 * and the project's description.
 */
export function TenderPage(props: PageProps<TenderData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  const facts: Array<[string, string]> = [
    [i18n.t('tender.beneficiary'), data.beneficiary],
    [i18n.t('tender.projectTitle'), data.projectTitle],
    [i18n.t('tender.projectId'), data.projectId],
    [i18n.t('tender.amount'), i18n.currency(data.amount, data.currency)],
    [i18n.t('tender.aidIntensity'), i18n.number(data.aidIntensity / 100, { style: 'percent', maximumFractionDigits: 2 })],
    [i18n.t('tender.period'), i18n.t('tender.periodValue', { start: i18n.date(data.start), end: i18n.date(data.end) })],
  ];
  if (data.funder) facts.push([i18n.t('tender.funder'), data.funder]);
  return (
    <Document {...props} cover={data.cover} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} eyebrow={i18n.t('tender.eyebrow')} cover={data.cover} />
      <div className="container layout">
        <div>
          <section className="panel facts facts--grid" aria-labelledby="tender-facts">
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
          <div className="section-gap">
            <Markdown html={content.html} {...proseProps(i18n)} />
          </div>
        </div>
        <aside className="layout__aside" aria-labelledby="tender-funding">
          <section className="panel funding">
            <h2 id="tender-funding">{i18n.t('tender.fundingTitle')}</h2>
            <FundingBlock i18n={i18n} className="funding__block" />
            <p>{i18n.t('tender.fundingText')}</p>
          </section>
        </aside>
      </div>
    </Document>
  );
}
