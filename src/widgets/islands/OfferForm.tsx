import { useId } from 'react';
import { useTranslate } from '../runtime/messages';
import { FieldError, FormActions, Honeypot, PersonFields, PrivacyField, TextField } from '../forms/Fields';
import type { Rule } from '../forms/rules';
import { useRecordForm } from '../forms/use-record-form';

export interface OfferFormProps {
  backendUrl: string;
  /** The proof-of-work worker's URL (the build's `powWorker` script). */
  powWorker?: string | undefined;
  successUrl: string;
  failedUrl: string;
  privacyUrl: string;
  /** The services to choose from: record value and localized label. */
  services: Array<{ value: string; label: string }>;
}

export const BUDGETS = ['under-5k', '5k-15k', '15k-50k', 'over-50k', 'unsure'] as const;
export const TIMELINES = ['asap', '1-3-months', '3-6-months', 'flexible'] as const;

export const OFFER_RULES: Record<string, Rule> = {
  name: { required: true, max: 100 },
  email: { required: true, email: true, max: 254 },
  company: { max: 150 },
  phone: { phone: true, max: 40 },
  services: { required: true },
  budget: { required: true, choice: true },
  timeline: { required: true, choice: true },
  description: { required: true, min: 20, max: 5000 },
  privacy: { accepted: true },
};

/** The offer request; it sends an `offer_requests` record. */
export default function OfferForm({ backendUrl, successUrl, failedUrl, privacyUrl, services, powWorker }: OfferFormProps) {
  const t = useTranslate();
  const id = useId();
  const state = useRecordForm({
    id: 'offer',
    collection: 'offer_requests',
    backendUrl,
    powWorker,
    rules: OFFER_RULES,
    initial: { name: '', email: '', company: '', phone: '', services: [], budget: '', timeline: '', description: '', privacy: false },
    successUrl,
    failedUrl,
  });
  const field = { values: state.values, problems: state.problems, set: state.set };
  const chosen = state.values.services as string[];
  const choice = (name: 'budget' | 'timeline', options: readonly string[]) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`widgets.form.fields.${name}`)}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={String(state.values[name])}
        aria-invalid={state.problems[name] ? true : undefined}
        aria-describedby={state.problems[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => state.set(name, event.target.value)}
      >
        <option value="">{t('widgets.form.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`widgets.form.${name}.${option}`)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-${name}-error`} problem={state.problems[name]} />
    </div>
  );
  return (
    <form ref={state.form} className="form" id="form" noValidate onSubmit={state.submit}>
      <h2>{t('widgets.form.offerTitle')}</h2>
      <fieldset className="field" aria-describedby={state.problems.services ? `${id}-services-error` : undefined}>
        <legend>{t('widgets.form.fields.services')}</legend>
        {services.map((service) => (
          <label key={service.value} className="field__choice">
            <input
              type="checkbox"
              name="services"
              value={service.value}
              checked={chosen.includes(service.value)}
              onChange={(event) =>
                state.set('services', event.target.checked ? [...chosen, service.value] : chosen.filter((value) => value !== service.value))
              }
            />
            {service.label}
          </label>
        ))}
        <FieldError id={`${id}-services-error`} problem={state.problems.services} />
      </fieldset>
      <div className="form__row">
        {choice('budget', BUDGETS)}
        {choice('timeline', TIMELINES)}
      </div>
      <TextField {...field} name="description" label={t('widgets.form.fields.description')} required multiline maxLength={5000} />
      <PersonFields {...field} />
      <PrivacyField {...field} privacyUrl={privacyUrl} />
      <Honeypot inputRef={state.honeypot} />
      <FormActions sending={state.status === 'sending'} general={state.general} />
    </form>
  );
}
