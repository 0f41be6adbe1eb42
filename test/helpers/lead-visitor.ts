/**
 * What a visitor's browser sends, done from Node for the lead pipeline's tests: a proof-of-work
 * solution for the server's challenge (solved with altcha-lib, as the site's worker does) and
 * form records.
 */
import { json, type RunningServer } from './lead-backend';
import { solution } from './proof-of-work';

export { getChallenge, solution, solve, type Challenge, type Solution } from './proof-of-work';

export function contactRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form: 'contact',
    name: 'Ada Visitor',
    email: 'ada@example.org',
    company: '',
    phone: '',
    message: 'We would like to talk about a customer portal.',
    privacy: true,
    locale: 'en',
    path: '/contact',
    website: '',
    ...overrides,
  };
}

export function offerRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Bea Buyer',
    email: 'bea@example.org',
    company: 'Buyer Kft.',
    phone: '+36 1 234 5678',
    services: ['software-integrations'],
    budget: '5k-15k',
    timeline: '1-3-months',
    description: 'Connect our ERP with the web shop, both ways.',
    privacy: true,
    locale: 'en',
    path: '/offer',
    website: '',
    ...overrides,
  };
}

/** A visitor's create (no auth), with a fresh solved challenge unless `altcha` is given. */
export async function visitorCreate(server: RunningServer, collection: string, record: Record<string, unknown>): Promise<Response> {
  const body = 'altcha' in record ? record : { ...record, altcha: await solution(server) };
  return server.api(`/api/collections/${collection}/records`, { method: 'POST', body: JSON.stringify(body) });
}

/** Lifts the create limits of the form collections for a suite that sends many records. */
export async function liftRateLimits(server: RunningServer): Promise<void> {
  const settings = await json<{ rateLimits: { enabled: boolean; rules: Array<Record<string, unknown>> } }>(server.api('/api/settings', { superuser: true }));
  const rules = settings.rateLimits.rules.map((rule) => (String(rule.label).endsWith(':create') && String(rule.label) !== '*:create' ? { ...rule, maxRequests: 1000 } : rule));
  await json(server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ rateLimits: { ...settings.rateLimits, rules } }) }));
}

/** A record as a superuser reads it. */
export async function readRecord(server: RunningServer, collection: string, id: string): Promise<Record<string, unknown>> {
  return json(server.api(`/api/collections/${collection}/records/${id}`, { superuser: true }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal one-page PDF (PocketBase tells its type from the content). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
