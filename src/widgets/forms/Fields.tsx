import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslate } from '../runtime/messages';
import { HONEYPOT } from './use-record-form';
import type { FieldProblem, Values } from './rules';

interface FieldProps {
  name: string;
  label: string;
  values: Values;
  problems: Record<string, FieldProblem>;
  set: (name: string, value: Values[string]) => void;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  maxLength?: number;
}

/** A labelled input or textarea with its error message next to it. */
export function TextField({ name, label, values, problems, set, required, type = 'text', autoComplete, multiline, maxLength }: FieldProps) {
  const id = useId();
  const t = useTranslate();
  const problem = problems[name];
  const common = {
    id,
    name,
    value: String(values[name] ?? ''),
    required,
    maxLength,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-error` : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {!required && <span className="field__optional"> {t('widgets.form.optional')}</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(event) => set(name, event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(event) => set(name, event.target.value)} />
      )}
      <FieldError id={`${id}-error`} problem={problem} />
    </div>
  );
}

export function FieldError({ id, problem }: { id: string; problem: FieldProblem | undefined }) {
  const t = useTranslate();
  return problem ? (
    <p className="field__error" id={id}>
      {t(`widgets.form.errors.${problem.key}`, problem.values)}
    </p>
  ) : null;
}

type FieldState = Pick<FieldProps, 'values' | 'problems' | 'set'>;

/** Name, e-mail, company and phone: who the message is from (every form asks). */
export function PersonFields(field: FieldState) {
  const t = useTranslate();
  return (
    <>
      <div className="form__row">
        <TextField {...field} name="name" label={t('widgets.form.fields.name')} required autoComplete="name" maxLength={100} />
        <TextField {...field} name="email" label={t('widgets.form.fields.email')} required type="email" autoComplete="email" maxLength={254} />
      </div>
      <div className="form__row">
        <TextField {...field} name="company" label={t('widgets.form.fields.company')} autoComplete="organization" maxLength={150} />
        <TextField {...field} name="phone" label={t('widgets.form.fields.phone')} type="tel" autoComplete="tel" maxLength={40} />
      </div>
    </>
  );
}

/** The privacy-policy box every form needs ticked. */
export function PrivacyField({ values, problems, set, privacyUrl }: Omit<FieldProps, 'name' | 'label'> & { privacyUrl: string }) {
  const id = useId();
  const t = useTranslate();
  const problem = problems.privacy;
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        name="privacy"
        checked={values.privacy === true}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => set('privacy', event.target.checked)}
      />
      <label htmlFor={id}>
        {t('widgets.form.privacyBefore')} <a href={privacyUrl}>{t('widgets.form.privacyLink')}</a>
        {t('widgets.form.privacyAfter')}
      </label>
      <FieldError id={`${id}-error`} problem={problem} />
    </div>
  );
}

/** Invisible to people and screen readers; bots that fill every field reveal themselves. */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="field--trap" aria-hidden="true">
      <label>
        Website
        <input ref={inputRef} type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function FormActions({ sending, general, children }: { sending: boolean; general: string | undefined; children?: ReactNode }) {
  const t = useTranslate();
  return (
    <>
      {general && (
        <p className="form__general" role="alert">
          {t(`widgets.form.errors.${general}`)}
        </p>
      )}
      {children}
      <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
        {sending ? t('widgets.form.sending') : t('widgets.form.submit')}
      </button>
    </>
  );
}
