import type { PageProps } from '../../engine/template-api';
import type { CareerData } from '../fields';
import { Markdown } from '../components/Markdown';
import { proseProps } from '../components/prose';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';
import { jobPosting } from '../seo/structured-data';

export function CareerPage(props: PageProps<CareerData>) {
  const { page, content, i18n, links, site } = props;
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
                  <a className="button" href={`mailto:${site.company.email}?subject=${encodeURIComponent(subject)}`}>
                    {i18n.t('career.apply')}
                  </a>
                </article>
              );
            })}
          </div>
        </section>
      </div>
    </Document>
  );
}
