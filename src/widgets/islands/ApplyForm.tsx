import { useId, useRef, useState } from 'react';
import { useLocale, useTranslate } from '../runtime/messages';
import { FieldError, FormActions, Honeypot, PrivacyField, TextField } from '../forms/Fields';
import type { FieldProblem, Rule } from '../forms/rules';
import { uploadRecord } from '../forms/upload-record';
import { useRecordForm } from '../forms/use-record-form';

export interface ApplyFormProps {
  /** The opening applied for: its id (`id` of its page's front matter) and title. */
  position: { id: string; title: string };
  backendUrl: string;
  powWorker?: string | undefined;
  successUrl: string;
  failedUrl: string;
  privacyUrl: string;
}

export const APPLY_RULES: Record<string, Rule> = {
  name: { required: true, max: 100 },
  email: { required: true, email: true, max: 254 },
  phone: { phone: true, max: 40 },
  message: { max: 5000 },
  portfolio: { url: true, max: 2000 },
  github: { url: true, max: 2000 },
  linkedin: { url: true, max: 2000 },
  privacy: { accepted: true },
  // Checked by `checkCv` (a file is no value of the form); named here so that the server's
  // refusal of it is shown at the field.
  cv: {},
};

/** What the `cv` field of `job_applications` takes (pocketbase/pb_migrations/1796100000_job_applications.js). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** The browser's check of a CV before it is sent; the server checks the content again. */
export function checkCv(file: File | undefined): FieldProblem | undefined {
  if (!file) return { key: 'required' };
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const type = CV_TYPES[extension];
  // A browser that knows no type for the file sends ''; the extension decides then.
  if (!type || (file.type !== '' && file.type !== type)) return { key: 'fileType' };
  if (file.size > CV_MAX_BYTES) return { key: 'fileSize' };
  return undefined;
}

/** An application for one open position, on its page; sends a `job_applications` record with the CV. */
export default function ApplyForm({ position, backendUrl, powWorker, successUrl, failedUrl, privacyUrl }: ApplyFormProps) {
  const t = useTranslate();
  const { language } = useLocale();
  const id = useId();
  const cv = useRef<HTMLInputElement>(null);
  // The browser's check when a file is chosen, until the next send's outcome replaces it.
  const [cvChecked, setCvChecked] = useState<{ problem: FieldProblem | undefined; of: object } | undefined>();
  const file = () => cv.current?.files?.[0];
  const state = useRecordForm({
    id: `apply-${position.id}`,
    collection: 'job_applications',
    backendUrl,
    powWorker,
    rules: APPLY_RULES,
    initial: { name: '', email: '', phone: '', message: '', portfolio: '', github: '', linkedin: '', privacy: false },
    extra: { position: position.id, position_title: position.title },
    successUrl,
    failedUrl,
    check: (): Record<string, FieldProblem> => {
      const problem = checkCv(file());
      return problem ? { cv: problem } : {};
    },
    failInline: true,
    send: (body, signal, progress) =>
      uploadRecord(`${backendUrl.replace(/\/+$/, '')}/api/collections/job_applications/records`, body, { cv: file()! }, language, signal, progress),
  });
  const field = { values: state.values, problems: state.problems, set: state.set };
  // The file's problem: from the last send (the browser's check or the server's refusal), or
  // from the check when a file was chosen since.
  const shownCv = cvChecked && cvChecked.of === state.problems ? cvChecked.problem : state.problems.cv;
  const percent = state.progress === undefined ? undefined : Math.round(state.progress * 100);
  return (
    <form ref={state.form} className="form" id={`apply-${position.id}-form`} noValidate onSubmit={state.submit} aria-label={t('widgets.form.applyTitle', { title: position.title })}>
      <div className="form__row">
        <TextField {...field} name="name" label={t('widgets.form.fields.name')} required autoComplete="name" maxLength={100} />
        <TextField {...field} name="email" label={t('widgets.form.fields.email')} required type="email" autoComplete="email" maxLength={254} />
      </div>
      <TextField {...field} name="phone" label={t('widgets.form.fields.phone')} type="tel" autoComplete="tel" maxLength={40} />
      <div className="field">
        <label htmlFor={`${id}-cv`}>{t('widgets.form.fields.cv')}</label>
        <input
          ref={cv}
          id={`${id}-cv`}
          type="file"
          name="cv"
          required
          accept={[...Object.keys(CV_TYPES).map((extension) => `.${extension}`), ...Object.values(CV_TYPES)].join(',')}
          aria-invalid={shownCv ? true : undefined}
          aria-describedby={shownCv ? `${id}-cv-error` : undefined}
          onChange={() => setCvChecked({ problem: checkCv(file()), of: state.problems })}
        />
        <FieldError id={`${id}-cv-error`} problem={shownCv} />
      </div>
      <TextField {...field} name="message" label={t('widgets.form.fields.coverNote')} multiline maxLength={5000} />
      <div className="form__row">
        <TextField {...field} name="portfolio" label={t('widgets.form.fields.portfolio')} type="text" autoComplete="url" maxLength={2000} />
        <TextField {...field} name="github" label={t('widgets.form.fields.github')} type="text" maxLength={2000} />
      </div>
      <TextField {...field} name="linkedin" label={t('widgets.form.fields.linkedin')} type="text" maxLength={2000} />
      <PrivacyField {...field} privacyUrl={privacyUrl} />
      <Honeypot inputRef={state.honeypot} />
      <FormActions sending={state.status === 'sending'} general={state.general}>
        {percent !== undefined && (
          <p className="form__progress">
            <progress id={`${id}-progress`} max={100} value={percent} aria-label={t('widgets.form.uploading', { percent })} />{' '}
            <span aria-live="polite">{t('widgets.form.uploading', { percent })}</span>
          </p>
        )}
      </FormActions>
    </form>
  );
}
