import { z } from 'zod';
import type { LocaleInfo, SiteLocales } from '../../shared/locales';
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

/** A BCP 47 language tag, in its canonical form (`en-us` becomes `en-US`). */
const languageTag = z.string().transform((value, context) => {
  try {
    return Intl.getCanonicalLocales(value)[0]!;
  } catch {
    context.addIssue({ code: 'custom', message: 'must be a BCP 47 language tag like "en-US", "hu" or "fr-FR"' });
    return z.NEVER;
  }
});

const localeSchema = z.strictObject({
  /** The URL prefix (`/hu`), the content folder (`content/hu/`) and the locale file (`locales/hu.json`). */
  code: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'a lowercase language code like "en", "hu" or "pt-br"'),
  tag: languageTag.optional(),
  name: z.string().trim().min(1),
  flag: z
    .string()
    .regex(/^\/[^?#]+\.(svg|png|webp|gif|jpe?g)$/i, 'must be a path in public/ like "/flags/hu.svg"')
    .optional(),
  dir: z.enum(['ltr', 'rtl']).default('ltr'),
});

/** Sites that do not list their locales are in English only. */
const ENGLISH_ONLY = [{ code: 'en', tag: 'en-US', name: 'English' }];

const SiteSettingsSchema = z.strictObject({
  /**
   * The site's locales, in the order of the language menu, and the default one (first when not
   * named), whose pages also exist without a prefix.
   */
  locales: z
    .array(localeSchema)
    .min(1, 'list at least one locale')
    .prefault(ENGLISH_ONLY)
    .superRefine((locales, context) => {
      const seen = new Set<string>();
      locales.forEach((locale, index) => {
        if (seen.has(locale.code)) context.addIssue({ code: 'custom', path: [index, 'code'], message: `the locale "${locale.code}" is listed twice` });
        seen.add(locale.code);
      });
    }),
  defaultLocale: z.string().optional(),
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
  /**
   * The site's icon (`<link rel="icon">`): an SVG, PNG or ICO file in public/. A small SVG is
   * written into every page as a `data:` URL (`render/site-images.ts`, `iconOf`).
   */
  icon: z
    .string()
    .regex(/^\/[^?#]+\.(svg|png|ico)$/i, 'must be a path in public/ like "/favicon.svg" (SVG, PNG or ICO)')
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
   * How raster images (PNG, JPEG, WebP, AVIF of `public/`) are served (`images/`,
   * docs/content.md "Images"): resized to `widths` (never wider than the file) and encoded as
   * AVIF and WebP at these qualities; `sizes` is what an `<img>` without its own says it fills.
   */
  images: z
    .strictObject({
      widths: z.array(z.number().int().min(16).max(8192)).min(1).default([480, 960, 1440]),
      sizes: z.string().trim().min(1).default('(min-width: 46rem) 44rem, 100vw'),
      avifQuality: z.number().int().min(1).max(100).default(50),
      webpQuality: z.number().int().min(1).max(100).default(72),
    })
    .prefault({}),
  /**
   * Search across the site (`search/`, docs/content.md "Search"): a Pagefind index per locale,
   * made from the built pages. `exclude` names routes whose pages are not found (legal pages);
   * pages of `noindex` templates (contact results) and the error pages never are.
   */
  search: z
    .strictObject({
      enabled: z.boolean().default(false),
      exclude: z.array(z.string().min(1)).default([]),
    })
    .prefault({}),
  /**
   * Which locale the others translate, and which front matter fields are translated
   * (`docs/translations.md`): without `fields`, every field's text except dates.
   */
  translations: z
    .strictObject({
      /** The locale the others translate; the default locale when not named. */
      source: z.string().optional(),
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

/** The validated, read-only site settings from `content/site.yaml`; the locales completed with their defaults. */
export type SiteSettings = Readonly<
  Omit<z.output<typeof SiteSettingsSchema>, 'locales' | 'defaultLocale' | 'translations'> & {
    locales: SiteLocales;
    /** Which locale the others translate (the default locale unless named), and which front matter fields are its text. */
    translations: { source: string; fields?: string[] | undefined };
  }
>;

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
  const parsed = validate(source, data, SiteSettingsSchema, problems);
  if (!parsed) return undefined;
  const { locales: listed, defaultLocale, ...rest } = parsed;
  const locales: SiteLocales = { all: listed.map(completeLocale), default: defaultLocale ?? listed[0]!.code };
  if (!listed.some((locale) => locale.code === locales.default)) {
    problems.add('config/default-locale', `defaultLocale "${locales.default}" is not one of the locales`, {
      ...locate(source, ['defaultLocale']),
      hint: `name one of: ${listed.map((locale) => locale.code).join(', ')}`,
    });
    return undefined;
  }
  const translated = rest.translations.source ?? locales.default;
  if (!listed.some((locale) => locale.code === translated)) {
    problems.add('config/translation-source', `translations.source "${translated}" is not one of the locales`, {
      ...locate(source, ['translations', 'source']),
      hint: `name one of: ${listed.map((locale) => locale.code).join(', ')}`,
    });
    return undefined;
  }
  const settings: SiteSettings = { ...rest, locales, translations: { ...rest.translations, source: translated } };
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

/** A listed locale with what it leaves out: its tag (the code), flag (`/flags/<code>.svg`) and OpenGraph locale. */
function completeLocale(listed: z.output<typeof localeSchema>): LocaleInfo {
  const tag = listed.tag ?? Intl.getCanonicalLocales(listed.code)[0]!;
  return { code: listed.code, tag, name: listed.name, flag: listed.flag ?? `/flags/${listed.code}.svg`, dir: listed.dir, ogLocale: ogLocaleOf(tag) };
}

/** OpenGraph's `language_TERRITORY` (`hu_HU`): the tag's region, or the one its language most likely means. */
function ogLocaleOf(tag: string): string {
  const full = new Intl.Locale(tag).maximize();
  return full.region ? `${full.language}_${full.region}` : full.language;
}
