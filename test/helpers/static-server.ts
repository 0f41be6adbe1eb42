import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { contentTypeOf, outputFileCandidates } from '../../src/engine/serve/content-types';
import { HEADERS_FILE, headersForPath } from '../../src/engine/artifacts/header-formats';


export interface ServedRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

export interface StaticServer {
  url: string;
  requests: ServedRequest[];
  /** Answers this path with the given status instead of the file, until cleared. */
  fail(urlPath: string, status?: number): void;
  clearFailures(): void;
  close(): Promise<void>;
}

/**
 * Serves a built `dist/` on 127.0.0.1 the way the production bucket does: `/career` is
 * `career/index.html` (no redirect), unknown paths get `404.html` with status 404, and HTML is
 * revalidated on every request. Every response carries the headers `_headers` names for its
 * path, as Netlify or a CDN policy would send them: the Content-Security-Policy is enforced.
 * With `compress`, text is sent gzipped to clients that accept it, as a CDN does (the
 * Lighthouse benchmark).
 */
export async function serveDist(dir: string, options: { compress?: boolean } = {}): Promise<StaticServer> {
  const requests: ServedRequest[] = [];
  const failures = new Map<string, number>();
  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    requests.push({ path: urlPath, headers: request.headers });
    // Read on every request: a test may build into the folder again.
    const headersFile = await readFile(path.join(dir, HEADERS_FILE), 'utf8').catch(() => '');
    for (const [name, value] of headersForPath(headersFile, urlPath)) response.setHeader(name, value);
    const failure = failures.get(urlPath);
    if (failure) {
      response.writeHead(failure, { 'content-type': 'text/plain' }).end('failure injected by the test');
      return;
    }
    const file = await resolveFile(dir, urlPath);
    if (!file) {
      const body = await readFile(path.join(dir, '404.html'));
      response.writeHead(404, { 'content-type': contentTypeOf('404.html'), 'cache-control': 'no-cache' }).end(body);
      return;
    }
    const body = await readFile(file);
    const type = contentTypeOf(file);
    const immutable = urlPath.startsWith('/_sitegen/assets/');
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
    const gzip = options.compress && /gzip/.test(String(request.headers['accept-encoding'])) && /^(text\/|application\/(json|xml|javascript)|image\/svg)/.test(type);
    if (gzip) {
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    response.writeHead(200, headers).end(gzip ? gzipSync(body) : body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (urlPath, status = 500) => void failures.set(urlPath, status),
    clearFailures: () => failures.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The file production would serve for a URL path (see outputFileCandidates), if it exists. */
async function resolveFile(dir: string, urlPath: string): Promise<string | undefined> {
  for (const name of outputFileCandidates(urlPath)) {
    const candidate = path.join(dir, name);
    if (!candidate.startsWith(dir + path.sep)) return undefined;
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}
