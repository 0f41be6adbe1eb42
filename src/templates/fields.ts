import { z } from 'zod';

/** A calendar day written `YYYY-MM-DD` that exists. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'write dates as YYYY-MM-DD')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'there is no such day');

const text = z.string().trim().min(1, 'must not be empty');
const textList = z.array(text);

/**
 * A page's picture: the hub cards and the page header show it. `src` is a file of `public/`
 * (`/images/covers/….svg`, drawn 1200x675); `alt` says what it shows, in the file's locale.
 * A photo (PNG, JPEG, WebP, AVIF) is encoded like every image; a PNG or JPEG is also the page's `og:image`.
 */
export const cover = z.strictObject({
  // A path of this site: `//host/…` and `/\host/…` would load from another host.
  src: z.string().regex(/^\/(?![/\\])[^\s?#\\]+\.(svg|png|jpe?g|webp|avif)$/, 'a file of public/, like /images/covers/name.svg'),
  alt: text,
});
export type Cover = z.output<typeof cover>;

/** Front matter fields of each template, beyond title, description and summary. */
export const articleFields = {
  cover: cover.optional(),
  date: isoDate,
  updated: isoDate.optional(),
  author: text,
  // Tag ids (`clickup`, `process-design`): each locale names them in its messages (`tags.<id>`).
  tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a tag is an id like "process-design": its name in each language is the message tags.<id>')).min(1, 'give at least one tag'),
};

export const serviceFields = {
  cover: cover.optional(),
  audience: text.optional(),
  steps: z.array(z.strictObject({ title: text, text })).optional(),
  faq: z.array(z.strictObject({ question: text, answer: text })).optional(),
};

export const caseStudyFields = {
  cover: cover.optional(),
  client: text,
  industry: text,
  technologies: textList.min(1),
  results: textList.optional(),
  quote: z.strictObject({ text, role: text }).optional(),
};

export const tenderFields = {
  cover: cover.optional(),
  projectTitle: text,
  beneficiary: text,
  projectId: text,
  amount: z.number().finite().positive('must be a positive amount'),
  /** The aid intensity: the grant as a percentage of the eligible costs. */
  aidIntensity: z.number().finite().positive().max(100, 'a percentage, at most 100'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code like HUF').default('HUF'),
  start: isoDate,
  end: isoDate,
  funder: text.optional(),
};

/**
 * An open position, a page of its own under the career page (search engines take a job
 * posting's structured data from the page of that one job, not from a list of jobs). Its
 * `description` is the summary the career page lists it with.
 */
export const positionFields = {
  /** The same in every locale: applications name it, and the career page's card has it as its anchor. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters and digits, words joined by "-"'),
  location: text,
  employment: text,
  /** schema.org's employment type, for the JobPosting (the `employment` text is what people read). */
  employmentType: z.enum(['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER']),
  /** The day the position was published, and the last day applications are taken. */
  posted: isoDate,
  validThrough: isoDate.optional(),
  /** A fully remote position: the countries applicants may live in (ISO 3166 codes). */
  remoteCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 country code like "HU"')).min(1).optional(),
  duties: textList.optional(),
  requirements: textList.optional(),
  benefits: textList.optional(),
};

type Infer<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;
export type ArticleData = Infer<typeof articleFields>;
export type ServiceData = Infer<typeof serviceFields>;
export type CaseStudyData = Infer<typeof caseStudyFields>;
export type TenderData = Infer<typeof tenderFields>;
export type PositionData = Infer<typeof positionFields> & { title: string; description: string };
