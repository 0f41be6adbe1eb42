/**
 * Field rules of the forms; the PocketBase collections (pocketbase/pb_migrations) enforce the
 * same limits on the server.
 */
export type Values = Record<string, string | boolean | string[]>;

/** A problem with one field: a message key under `widgets.form.errors.` and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}

export interface Rule {
  required?: boolean;
  min?: number;
  max?: number;
  email?: boolean;
  phone?: boolean;
  /** A checkbox that must be ticked (the privacy policy). */
  accepted?: boolean;
  /** A single choice from a list (a select). */
  choice?: boolean;
  /** A web address (`https://…` or `http://…`), as PocketBase's `url` field takes it. */
  url?: boolean;
}

/** A full web address; PocketBase's `url` field wants a scheme and a host. */
export const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s]+$/i;

/** The shape of an e-mail address; the collections' `email` field has the same pattern. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces and `+ ( ) / . -`; the collections' `phone` field has the same pattern. */
export const PHONE = /^[0-9+()/ .-]*$/;

/** Characters as PocketBase counts them for `min` and `max` (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

export function checkField(value: Values[string] | undefined, rule: Rule): FieldProblem | undefined {
  if (rule.accepted) return value === true ? undefined : { key: 'privacy' };
  if (Array.isArray(value)) return rule.required && value.length === 0 ? { key: 'choose' } : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return rule.required ? { key: rule.choice ? 'pick' : 'required' } : undefined;
  if (rule.email && !EMAIL.test(text)) return { key: 'email' };
  if (rule.phone && !PHONE.test(text)) return { key: 'phone' };
  if (rule.url && !URL_PATTERN.test(text)) return { key: 'url' };
  if (rule.min !== undefined && length(text) < rule.min) return { key: 'tooShort', values: { min: rule.min } };
  if (rule.max !== undefined && length(text) > rule.max) return { key: 'tooLong', values: { max: rule.max } };
  return undefined;
}

export function checkAll(values: Values, rules: Record<string, Rule>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const problem = checkField(values[name], rule);
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** PocketBase's validation codes, to the form's own messages; others get a general one. */
const SERVER_CODES: Record<string, string> = {
  validation_required: 'required',
  validation_is_email: 'email',
  validation_invalid_email: 'email',
  validation_min_text_constraint: 'tooShort',
  validation_length_too_short: 'tooShort',
  validation_max_text_constraint: 'tooLong',
  validation_length_too_long: 'tooLong',
  validation_length_out_of_range: 'tooLong',
  validation_invalid_format: 'invalid',
  validation_match_invalid: 'invalid',
  validation_invalid_value: 'invalid',
  validation_invalid_url: 'url',
  validation_invalid_mime_type: 'fileType',
  validation_file_size_limit: 'fileSize',
};

export function serverProblem(code: string, rule: Rule | undefined): FieldProblem {
  const key = SERVER_CODES[code] ?? 'invalid';
  // A text field's pattern says only "invalid format": name what the pattern checks.
  if (code === 'validation_invalid_format' && rule?.email) return { key: 'email' };
  if (code === 'validation_invalid_format' && rule?.phone) return { key: 'phone' };
  if (key === 'tooShort' && rule?.min !== undefined) return { key, values: { min: rule.min } };
  if (key === 'tooLong' && rule?.max !== undefined) return { key, values: { max: rule.max } };
  return { key: key === 'tooShort' || key === 'tooLong' ? 'invalid' : key };
}
