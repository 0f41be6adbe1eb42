import { z } from 'zod';
import type { Problems } from './errors';
import { parseYamlSource, validate } from './yaml-source';

const httpUrl = z
  .string()
  .url({ message: 'must be an absolute http(s) URL' })
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''));

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like "08:30"');

const SiteSettingsSchema = z.strictObject({
  /** The public origin of the site, used for canonical and alternate URLs. */
  url: httpUrl,
  /** The PocketBase backend the forms send to. */
  backendUrl: httpUrl,
  /** Analytics measurement id; null or absent means no analytics at all. */
  analyticsId: z.string().min(1).nullish().transform((value) => value ?? null),
  company: z.strictObject({
    name: z.string().min(1),
    legalName: z.string().min(1),
    address: z.strictObject({
      street: z.string().min(1),
      postalCode: z.string().min(1),
      city: z.string().min(1),
      country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code like "HU"'),
    }),
    registrationNumber: z.string().min(1),
    taxNumber: z.string().min(1),
    euVatNumber: z.string().min(1).optional(),
    email: z.string().email(),
    phone: z.string().regex(/^\+[\d ]{6,}$/, 'must be an international number like "+36 1 555 0142"'),
    openingHours: z.strictObject({
      days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).min(1),
      opens: time,
      closes: time,
    }),
    social: z.record(z.string(), httpUrl).default({}),
  }),
});

/** The validated, read-only site settings from `content/site.yaml`. */
export type SiteSettings = Readonly<z.output<typeof SiteSettingsSchema>>;

export function parseSiteSettings(text: string, file: string, problems: Problems): SiteSettings | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  return validate(source, source.doc.toJS(), SiteSettingsSchema, problems);
}
