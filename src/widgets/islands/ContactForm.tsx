import { useTranslate } from '../runtime/messages';
import { FormActions, Honeypot, PersonFields, PrivacyField, TextField } from '../forms/Fields';
import type { Rule } from '../forms/rules';
import { useRecordForm } from '../forms/use-record-form';

export interface ContactFormProps {
  /** Which form this is: the general contact or the ClickUp onboarding one. */
  form: 'contact' | 'clickup';
  backendUrl: string;
  /** The proof-of-work worker's URL (the build's `powWorker` script). */
  powWorker?: string | undefined;
  successUrl: string;
  failedUrl: string;
  privacyUrl: string;
}

export const CONTACT_RULES: Record<string, Rule> = {
  name: { required: true, max: 100 },
  email: { required: true, email: true, max: 254 },
  company: { max: 150 },
  phone: { phone: true, max: 40 },
  message: { required: true, min: 10, max: 5000 },
  privacy: { accepted: true },
};

/** The contact forms; each sends a `contact_messages` record. */
export default function ContactForm({ form, backendUrl, successUrl, failedUrl, privacyUrl, powWorker }: ContactFormProps) {
  const t = useTranslate();
  const state = useRecordForm({
    id: form,
    collection: 'contact_messages',
    backendUrl,
    powWorker,
    rules: CONTACT_RULES,
    initial: { name: '', email: '', company: '', phone: '', message: '', privacy: false },
    extra: { form },
    successUrl,
    failedUrl,
  });
  const field = { values: state.values, problems: state.problems, set: state.set };
  return (
    <form ref={state.form} className="form" id="form" noValidate onSubmit={state.submit}>
      <h2>{t('widgets.form.contactTitle')}</h2>
      <PersonFields {...field} />
      <TextField {...field} name="message" label={t('widgets.form.fields.message')} required multiline maxLength={5000} />
      <PrivacyField {...field} privacyUrl={privacyUrl} />
      <Honeypot inputRef={state.honeypot} />
      <FormActions sending={state.status === 'sending'} general={state.general} />
    </form>
  );
}
