/**
 * A loopback stand-in for a PocketBase (0.23+) server, answering the record create endpoint
 * the way PocketBase's records API does, for browser and SDK tests of the site's forms.
 *
 * Wording and shapes follow PocketBase's source:
 * - errors (tools/router/error.go): `{"data":{...},"message":"...","status":N}`, messages sentenized;
 *   the default 404/429/500 texts are "The requested resource wasn't found.", "Too Many Requests."
 *   and "Something went wrong while processing your request.";
 * - record create (apis/record_crud.go): unknown collection → 404 "Missing collection context.",
 *   failed validation → 400 "Failed to create record.", unreadable body → 400 "Failed to read the submitted data.";
 * - CORS (apis/middlewares_cors.go, default config AllowOrigins ["*"]): `Access-Control-Allow-Origin: *`,
 *   preflights answered 204 with `Access-Control-Allow-Methods: GET,HEAD,PUT,PATCH,POST,DELETE`
 *   and the requested headers echoed in `Access-Control-Allow-Headers`.
 */
import { randomInt } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /api/collections/contact_messages/records */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it is not JSON, or undefined. */
  body: unknown;
}

export type Outcome = 'ok' | 'validation' | 'tooManyRequests' | 'serverError' | 'hang';

export interface FakePocketBase {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Every request except CORS preflights and proof-of-work challenges, in order of arrival. */
  requests: RecordedRequest[];
  /** How many proof-of-work challenges were handed out. */
  readonly challenges: number;
  /** Outcome of the following create requests (default 'ok'). For 'validation' the field errors to return (default: an invalid e-mail error on `email`). */
  setOutcome(outcome: Outcome, fieldErrors?: Record<string, { code: string; message: string }>): void;
  /** Optional delay in ms before answering, to test double submits. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** PocketBase's error for an invalid e-mail field (ozzo-validation `is.EmailFormat`, sentenized). */
const DEFAULT_FIELD_ERRORS: Record<string, { code: string; message: string }> = {
  email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
};

const CORS_ALLOW_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';
export const CHALLENGE_PATH = '/api/sitegen/challenge';
const RECORDS_PATH = /^\/api\/collections\/([^/]+)\/records$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A record id like PocketBase's default: 15 characters of [a-z0-9]. */
function recordId(): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** PocketBase names new collections `pbc_` + the CRC-32 of their name, so the id is stable per collection. */
function collectionId(name: string): string {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(name, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return `pbc_${(crc ^ 0xffffffff) >>> 0}`;
}

/** PocketBase's datetime format, e.g. `2026-11-22 05:40:01.123Z`. */
function pbDate(date = new Date()): string {
  return date.toISOString().replace('T', ' ');
}

function apiError(status: number, message: string, data: Record<string, unknown> = {}) {
  return { data, message, status };
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; value: string };

function parseBody(text: string): ParsedBody {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, value: text };
  }
}

export function startFakePocketBase(options: { collections?: string[] } = {}): Promise<FakePocketBase> {
  const collections = new Set(options.collections ?? ['contact_messages', 'offer_requests']);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let outcome: Outcome = 'ok';
  let fieldErrors = DEFAULT_FIELD_ERRORS;
  let delay = 0;
  let closed = false;
  let challenges = 0;

  function send(res: ServerResponse, status: number, payload: unknown): void {
    if (closed || res.destroyed || res.writableEnded) return;
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    // PocketBase's Go JSON encoder ends the body with a newline.
    res.end(res.req.method === 'HEAD' ? undefined : `${JSON.stringify(payload)}\n`);
  }

  function later(fn: () => void): void {
    if (delay <= 0) return fn();
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, delay);
    timers.add(timer);
  }

  function createRecord(res: ServerResponse, collection: string, parsed: ParsedBody, current: Outcome): void {
    switch (current) {
      case 'hang':
        return; // answered only by close(), which destroys the socket
      case 'tooManyRequests':
        return send(res, 429, apiError(429, 'Too Many Requests.'));
      case 'serverError':
        return send(res, 500, apiError(500, 'Something went wrong while processing your request.'));
      case 'validation':
        return send(res, 400, apiError(400, 'Failed to create record.', { ...fieldErrors }));
      case 'ok': {
        const isObject = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
        if (!parsed.ok || (parsed.value !== undefined && !isObject)) {
          return send(res, 400, apiError(400, 'Failed to read the submitted data.'));
        }
        const fields = (parsed.value ?? {}) as Record<string, unknown>;
        const now = pbDate();
        const id = typeof fields.id === 'string' && fields.id !== '' ? fields.id : recordId();
        return send(res, 200, {
          ...fields,
          collectionId: collectionId(collection),
          collectionName: collection,
          id,
          created: now,
          updated: now,
        });
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = flattenHeaders(req);

    // PocketBase's default CORS config allows every origin with the literal `*`.
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Origin', '*');

    if (method === 'OPTIONS') {
      res.appendHeader('Vary', 'Access-Control-Request-Method');
      res.appendHeader('Vary', 'Access-Control-Request-Headers');
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      const requested = headers['access-control-request-headers'];
      if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
      res.statusCode = 204;
      res.end();
      return;
    }

    // The proof-of-work route of the project's hooks (pocketbase/pb_hooks): a challenge in
    // ALTCHA's v1 format, easy to solve; the stand-in checks no solution. Not a record request.
    if (method === 'GET' && url.pathname === CHALLENGE_PATH) {
      challenges++;
      const challenge = await createChallenge({ hmacKey: 'stand-in', maxNumber: 1000, expires: new Date(Date.now() + 30 * 60_000) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(challenge));
      return;
    }

    const text = await readBody(req);
    const parsed = parseBody(text);
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: parsed.value,
    });

    const match = RECORDS_PATH.exec(url.pathname);
    const current = outcome;
    later(() => {
      if (!match || method !== 'POST') {
        return send(res, 404, apiError(404, "The requested resource wasn't found."));
      }
      const collection = decodeURIComponent(match[1]!);
      if (!collections.has(collection)) {
        return send(res, 404, apiError(404, 'Missing collection context.'));
      }
      createRecord(res, collection, parsed, current);
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, apiError(500, 'Something went wrong while processing your request.')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        get challenges() {
          return challenges;
        },
        setOutcome(next, errors) {
          outcome = next;
          fieldErrors = errors ?? DEFAULT_FIELD_ERRORS;
        },
        setDelay(ms) {
          delay = Math.max(0, ms);
        },
        close() {
          closing ??= new Promise<void>((done) => {
            closed = true;
            for (const timer of timers) clearTimeout(timer);
            timers.clear();
            server.close(() => done());
            server.closeAllConnections();
            for (const socket of sockets) socket.destroy();
          });
          return closing;
        },
      });
    });
  });
}
