import type { PageProps } from '../../engine/template-api';
import type { PositionData } from '../fields';
import { Markdown } from '../components/Markdown';
import { proseProps } from '../components/prose';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';
import { jobPosting } from '../seo/structured-data';
import ApplyForm from '../../widgets/islands/ApplyForm';
import { draftKey } from '../../widgets/forms/draft-key';
import { Island } from '../components/Island';
import { NoScriptNotice } from '../components/NoScriptNotice';
import { formTargets } from '../components/form-targets';
import { POSITION_LISTS, PositionMeta } from '../components/Position';

/**
 * An open position's page: where and how, the text about the role, what the work is, what is
 * asked and what is offered, and the apply form. Its JobPosting is here, on the page of this
 * one job, as search engines ask.
 */
export function PositionPage(props: PageProps<PositionData>) {
  const { page, content, i18n, links, site, assets } = props;
  const { data } = content;
  const subject = i18n.t('career.applySubject', { title: data.title, id: data.id });
  return (
    <Document
      {...props}
      title={data.title}
      description={data.description}
      structuredData={[jobPosting({ site, page, i18n, position: data, bodyHtml: content.html })]}
    >
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} meta={<PositionMeta position={data} i18n={i18n} />} />
      <div className="container section">
        <article id={data.id} className="position">
          <Markdown html={content.html} {...proseProps(i18n)} />
          <div className="position__lists">
            {POSITION_LISTS.map(([field, key]) => {
              const items = data[field];
              return items && items.length > 0 ? (
                <section key={field}>
                  <h2>{i18n.t(key)}</h2>
                  <ul>
                    {items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </section>
              ) : null;
            })}
          </div>
          {/* The form opens under the posting; its script loads when the visitor turns to it. */}
          <details className="apply">
            <summary className="button">{i18n.t('career.apply')}</summary>
            <NoScriptNotice site={site} i18n={i18n} subject={subject} />
            <Island
              name="ApplyForm"
              component={ApplyForm}
              props={{
                position: { id: data.id, title: data.title },
                ...formTargets(props),
              }}
              strategy="interaction"
              restores={draftKey(`apply-${data.id}`)}
              i18n={i18n}
              assets={assets}
            />
          </details>
        </article>
      </div>
    </Document>
  );
}
