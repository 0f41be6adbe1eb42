import type { PageProps } from '../../engine/template-api';
import OfferForm from '../../widgets/islands/OfferForm';
import { ContactDetails } from '../components/ContactDetails';
import { Island } from '../components/Island';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';
import { NoScriptNotice } from '../components/NoScriptNotice';
import { formTargets } from '../components/form-targets';
import { draftKey } from '../../widgets/forms/draft-key';

/** Service route id -> the value the offer form records (the `services` select of `offer_requests`). */
const SERVICES: ReadonlyArray<readonly [string, string]> = [
  ['service-it-outsourcing', 'it-outsourcing'],
  ['service-clickup-onboarding', 'clickup-onboarding'],
  ['service-software-integrations', 'software-integrations'],
  ['service-web-and-mobile', 'web-and-mobile-development'],
];

/** The offer request: the form, with what happens after it and the company's details beside it. */
export function OfferPage(props: PageProps) {
  const { page, content, i18n, links, site, assets } = props;
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container layout">
        <div>
          <NoScriptNotice site={site} i18n={i18n} />
          <Island
            name="OfferForm"
            component={OfferForm}
            props={{
              ...formTargets(props),
              services: SERVICES.map(([routeId, value]) => ({ value, label: links.page(routeId).title })),
            }}
            // As on the contact page: React loads when the visitor turns to the form.
            strategy="interaction"
            restores={draftKey('offer')}
            i18n={i18n}
            assets={assets}
          />
        </div>
        <div className="layout__aside">
          <Markdown html={content.html} className="prose prose--aside" {...proseProps(i18n)} />
          <ContactDetails site={site} i18n={i18n} />
        </div>
      </div>
    </Document>
  );
}
