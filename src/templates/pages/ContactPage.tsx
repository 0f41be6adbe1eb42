import type { PageProps } from '../../engine/template-api';
import ContactForm from '../../widgets/islands/ContactForm';
import { ContactDetails } from '../components/ContactDetails';
import { Island } from '../components/Island';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';
import { NoScriptNotice } from '../components/NoScriptNotice';
import { formTargets } from '../components/form-targets';
import { draftKey } from '../../widgets/forms/draft-key';

/**
 * The contact pages (general and ClickUp onboarding): the form first, where a visitor who came
 * to write finds it; beside it the company's details and the text (directions, what happens
 * next).
 */
export function ContactPage(props: PageProps) {
  const { page, content, i18n, links, site, assets } = props;
  const form = page.routeId === 'clickup-onboarding-contact' ? 'clickup' : 'contact';
  return (
    <Document {...props} title={content.data.title} description={content.data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={content.data.title} lead={content.data.description} />
      <div className="container layout">
        <div>
          <NoScriptNotice site={site} i18n={i18n} />
          <Island
            name="ContactForm"
            component={ContactForm}
            props={{
              form,
              ...formTargets(props),
            }}
            // React and the SDK load when the visitor turns to the form (or at once with a
            // draft to restore), not with the page: 90 KB of script kept out of the first load.
            strategy="interaction"
            restores={draftKey(form)}
            i18n={i18n}
            assets={assets}
          />
        </div>
        <div className="layout__aside">
          <ContactDetails site={site} i18n={i18n} />
          <Markdown html={content.html} className="prose prose--aside" {...proseProps(i18n)} />
        </div>
      </div>
    </Document>
  );
}
