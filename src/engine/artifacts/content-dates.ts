import type { PageContent } from '../template-api';

/** A page's dates from its front matter: `date` (published) and `updated`, when they are `YYYY-MM-DD`. */
export function contentDates(data: PageContent['data']): { published?: string; updated?: string } {
  const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const published = day(data.date);
  const updated = day(data.updated) ?? published;
  return { ...(published && { published }), ...(updated && { updated }) };
}

/** A build timestamp (ms) as an RFC 3339 / W3C date-time in UTC, to the second. */
export function isoTimestamp(timestamp: number): string {
  return new Date(timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
