import type { I18n, SiteSettings } from '../../engine/template-api';

/** The company's e-mail, phone, address and registration details. */
export function ContactDetails({ site, i18n }: { site: SiteSettings; i18n: I18n }) {
  const { company } = site;
  return (
    <aside className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">{i18n.t('contact.details')}</h2>
      <dl>
        <dt>{i18n.t('common.email')}</dt>
        <dd>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </dd>
        <dt>{i18n.t('common.phone')}</dt>
        <dd>
          <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
        </dd>
        <dt>{i18n.t('common.address')}</dt>
        <dd>
          {company.legalName}
          <br />
          {company.address.street}, {company.address.postalCode} {company.address.city}
        </dd>
      </dl>
    </aside>
  );
}
