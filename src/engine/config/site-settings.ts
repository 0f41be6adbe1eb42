import { z } from 'zod';
import { LOCALES } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { dataOf, locate, NO_DATA, parseYamlSource, validate } from '../read/yaml-source';

const httpUrl = z
  .string()
  .url({ message: 'must be an absolute http(s) URL' })
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''));

const UNITS: Readonly<Record<string, number>> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, KIB: 2 ** 10, MIB: 2 ** 20, GIB: 2 ** 30 };

/** A size in bytes: a number, or a text like "1 MB", "512 KB" or "2 MiB". */
const byteSize = z
  .union([z.number().int().positive(), z.string().regex(/^\d+(\.\d+)?\s*(B|KB|MB|GB|KiB|MiB|GiB)$/i, 'must be a size like "1 MB" or "512 KB"')])
  .transform((value) => {
    if (typeof value === 'number') return value;
    const [, amount, unit] = /^(\d+(?:\.\d+)?)\s*(\w+)$/.exec(value)!;
    return Math.round(Number(amount) * UNITS[unit!.toUpperCase()]!);
  });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like "08:30"');

const SiteSettingsSchema = z.strictObject({
  /** The public origin of the site, used for canonical and alternate URLs. */
  url: httpUrl,
  /** The PocketBase backend the forms send to. */
  backendUrl: httpUrl,
  /** Google Analytics 4; absent or null means no analytics at all. */
  analytics: z
    .strictObject({
      googleAnalyticsId: z.string().regex(/^G-[A-Z0-9]+$/, 'a GA4 measurement id looks like "G-ABC123XYZ9"'),
      /** The declared cookie whose consent runs analytics. */
      consentCookie: z.string().min(1),
      scriptUrl: httpUrl.default('https://www.googletagmanager.com/gtag/js'),
    })
    .nullish()
    .transform((value) => value ?? null),
  /** The cookies the consent banner declares, in order; `ncc_c` concatenates their ids. */
  consent: z.strictObject({
    cookies: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'lowercase letters, digits, "_" and "-"'),
          necessary: z.boolean().default(false),
          names: z.array(z.string().min(1)).min(1),
        }),
      )
      .min(1),
  }),
  /** The image shown when a page is shared (OpenGraph, Twitter): a PNG or JPEG in public/, ideally 1200x630. */
  shareImage: z
    .string()
    .regex(/^\/[^?#]+\.(png|jpe?g)$/i, 'must be a path in public/ like "/images/share.png" (PNG or JPEG)')
    .optional(),
  /** How often open pages ask whether a newer build was published. */
  buildCheckSeconds: z.number().int().min(10).default(3600),
  /** Sizes past which a Markdown file is a warning, or an error (a body that large is a mistake, and slow to render). */
  limits: z
    .strictObject({
      markdownWarnSize: byteSize.default(1_000_000),
      markdownMaxSize: byteSize.default(10_000_000),
    })
    .prefault({}),
  /**
   * Which locale the others translate, and which front matter fields are translated
   * (`docs/translations.md`): without `fields`, every field's text except dates.
   */
  translations: z
    .strictObject({
      source: z.enum(LOCALES).default('en'),
      fields: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'a front matter field name like "title"')).min(1).optional(),
    })
    .prefault({}),
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

/** What the environment sets for one build (`ResolvedOptions.overrides`), already validated. */
export interface SettingsOverrides {
  /** The PocketBase origin the forms send to instead of `backendUrl`. */
  backendUrl?: string | undefined;
}

/** The settings of `content/site.yaml`, validated, with the environment's overrides applied. */
export function parseSiteSettings(text: string, file: string, problems: Problems, overrides: SettingsOverrides = {}): SiteSettings | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  const data = dataOf(source, problems);
  if (data === NO_DATA) return undefined;
  const settings = validate(source, data, SiteSettingsSchema, problems);
  if (!settings) return undefined;
  const analytics = settings.analytics;
  if (analytics) {
    const cookie = settings.consent.cookies.find((declared) => declared.id === analytics.consentCookie);
    if (!cookie || cookie.necessary) {
      problems.add('config/analytics-cookie', `analytics.consentCookie "${analytics.consentCookie}" is not an optional cookie of consent.cookies`, {
        ...locate(source, ['analytics', 'consentCookie']),
        hint: 'name the id of a declared cookie that is not necessary, so visitors can refuse it',
      });
    }
  }
  return overrides.backendUrl ? { ...settings, backendUrl: overrides.backendUrl } : settings;
}
