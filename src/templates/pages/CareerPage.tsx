import type { PageProps } from '../../engine/template-api';
import type { CareerData } from '../fields';
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

export function CareerPage(props: PageProps<CareerData>) {
  const { page, content, i18n, links, site, assets } = props;
  const { data } = content;
  const lists = [
    ['duties', 'career.duties'],
    ['requirements', 'career.requirements'],
    ['benefits', 'career.benefits'],
  ] as const;
  return (
    <Document
      {...props}
      title={data.title}
      description={data.description}
      structuredData={data.positions.map((position) => jobPosting({ site, page, i18n, position }))}
    >
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} />
      <div className="container section">
        {/* The introduction first: who the company is, then what it is looking for. */}
        <Markdown html={content.html} {...proseProps(i18n)} />
        <section aria-labelledby="open-positions" className="section-gap">
          <h2 id="open-positions">{i18n.t('career.openPositions')}</h2>
          <div className="positions">
            {data.positions.map((position) => {
              const subject = i18n.t('career.applySubject', { title: position.title, id: position.id });
              return (
                <article key={position.id} id={position.id} className="position">
                  <h3>{position.title}</h3>
                  <p className="position__meta">
                    <span>
                      {i18n.t('career.location')}: {position.location}
                    </span>
                    <span>
                      {i18n.t('career.employment')}: {position.employment}
                    </span>
                  </p>
                  <p>{position.summary}</p>
                  <div className="position__lists">
                  {lists.map(([field, key]) => {
                    const items = position[field];
                    return items && items.length > 0 ? (
                      <section key={field}>
                        <h4>{i18n.t(key)}</h4>
                        <ul>
                          {items.map((item) => (
                            <li key={item}>{item}</li>
                          ))}
                        </ul>
                      </section>
                    ) : null;
                  })}
                  </div>
                  {/* The form opens under the opening; its script loads when the visitor turns to it. */}
                  <details className="apply">
                    <summary className="button">{i18n.t('career.apply')}</summary>
                    <NoScriptNotice site={site} i18n={i18n} subject={subject} />
                    <Island
                      name="ApplyForm"
                      component={ApplyForm}
                      props={{
                        position: { id: position.id, title: position.title },
                        ...formTargets(props),
                      }}
                      strategy="interaction"
                      restores={draftKey(`apply-${position.id}`)}
                      i18n={i18n}
                      assets={assets}
                    />
                  </details>
                </article>
              );
            })}
          </div>
        </section>
      </div>
    </Document>
  );
}
