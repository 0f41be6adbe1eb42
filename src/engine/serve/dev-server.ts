import { createServer, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { OutputFiles } from '../base/output-paths';
import { contentTypeOf, outputFileCandidates } from './content-types';
import { HEADERS_FILE, headersForPath } from '../artifacts/header-formats';
import { BuildFailure, SiteError } from '../diagnostics/diagnostic';
import { OpenPages, previewHolds } from './open-pages';

const EVENTS_PATH = '/_sitegen/dev/events';
const CLIENT_PATH = '/_sitegen/dev/client.js';
const CLIENT_TAG = `<script type="module" src="${CLIENT_PATH}"></script>`;

/** What the dev server shows beside the pages, never part of a build. */
export interface DevNotes {
  /** The build's warnings, formatted: listed over every page. */
  warnings?: string | undefined;
  /** Pages (by output file, `hu/rolunk/index.html`) that get a visible marker, with its text: outdated translations. */
  marked?: ReadonlyMap<string, string> | undefined;
}

export interface DevServer {
  url: string;
  /**
   * Serves these files from now on, with `notes` over them, and tells every open page to reload
   * (but a page a preview showed as it is now).
   */
  publish(files: OutputFiles, notes?: DevNotes): void;
  /** Serves these files over the last published until the next publish, and reloads the open pages among them. */
  preview(files: OutputFiles): void;
  /** The output paths of the pages open in a browser or asked for last. */
  pagesInView(): Set<string>;
  /** Serves these files from now on, with no reload of the open pages (the search index, made after the pages). */
  update(files: OutputFiles): void;
  /** Shows the problems over every open page (and pages opened later) until the next publish; drops a preview. */
  showProblems(text: string): void;
  close(): Promise<void>;
}

/**
 * Serves the last good build from memory as production would (`/career` is `career/index.html`,
 * unknown paths get `404.html` with status 404), with `Cache-Control: no-store`. HTML pages get
 * the live-reload client; the build output itself never contains it.
 */
export async function startDevServer(options: { host: string; port: number; widgetsDir: string }): Promise<DevServer> {
  let published: OutputFiles = new Map();
  // Pages served ahead of the rest of their build, and the files served with them.
  let preview: { pages: OutputFiles; files: OutputFiles } | undefined;
  const served = () => preview?.files ?? published;
  let notes: DevNotes = {};
  let problems: string | undefined;
  const clients = new OpenPages<ServerResponse>();
  const client = await bundleClient(options.widgetsDir);

  const send = (response: ServerResponse, event: string, data: string) => {
    response.write(`event: ${event}\ndata: ${data.split('\n').join('\ndata: ')}\n\n`);
  };

  const server = createServer((request, response) => {
    // A page of another site can reach a local server through a name it points at 127.0.0.1
    // (DNS rebinding): such a request names that site's host.
    if (!hostAllowed(request.headers.host, options.host)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(`sitegen watch answers only to localhost, IP addresses and the host given with --host (${options.host}), not to ${request.headers.host}.\n`);
      return;
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('Bad request: the path is not valid percent-encoded UTF-8.\n');
      return;
    }
    // The build's security headers, so a page that breaks its policy breaks here first. The
    // live-reload client is an external script and its events same-origin: the policy allows
    // both. HSTS is left out: it means nothing over http and would pin a dev host to https.
    const files = served();
    const headersFile = files.get(HEADERS_FILE);
    if (headersFile !== undefined) {
      for (const [name, value] of headersForPath(String(headersFile), urlPath)) {
        if (name.toLowerCase() !== 'strict-transport-security') response.setHeader(name, value);
      }
    }
    if (urlPath === EVENTS_PATH) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      response.write(': connected\n\n');
      if (problems) send(response, 'problems', problems);
      else if (notes.warnings) send(response, 'warnings', notes.warnings);
      const open = new URL(request.url ?? '/', 'http://localhost').searchParams.get('page');
      clients.connect(response, open === null ? undefined : outputFileCandidates(open).find((candidate) => files.has(candidate)));
      request.on('close', () => clients.disconnect(response));
      return;
    }
    if (urlPath === CLIENT_PATH) {
      response.writeHead(200, { 'content-type': contentTypeOf('client.js'), 'cache-control': 'no-store' }).end(client);
      return;
    }
    if (files.size === 0) {
      // No good build yet: a blank page that shows the errors and reloads once they are fixed.
      response.writeHead(503, { 'content-type': contentTypeOf('x.html'), 'cache-control': 'no-store' });
      response.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>sitegen</title></head><body>${CLIENT_TAG}</body></html>`);
      return;
    }
    const name = outputFileCandidates(urlPath).find((candidate) => files.has(candidate));
    const status = name ? 200 : 404;
    const file = name ?? '404.html';
    let body = files.get(file) ?? 'Not found';
    if (name?.endsWith('.html')) clients.served(name);
    if (file.endsWith('.html')) body = withMarker(String(body), notes.marked?.get(file)).replace('</body>', `${CLIENT_TAG}</body>`);
    response.writeHead(status, { 'content-type': contentTypeOf(file), 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, options.host, options.port)));
    // Rebuilds run on this thread and can hold it for seconds on a large site: with Node's 5 s
    // default, an idle browser connection could be closed just as the browser reuses it.
    server.keepAliveTimeout = 60_000;
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    url: `http://${host}:${port}`,
    publish(next, nextNotes = {}) {
      const shown = preview;
      const sameNotes = (page: string | undefined) => nextNotes.warnings === notes.warnings && page !== undefined && nextNotes.marked?.get(page) === notes.marked?.get(page);
      const reload = [...clients.entries()].filter(([, page]) => !(shown && problems === undefined && sameNotes(page) && previewHolds(shown, next, page)));
      published = next;
      preview = undefined;
      notes = nextNotes;
      problems = undefined;
      for (const [response] of reload) send(response, 'reload', '');
    },
    preview(files) {
      preview = { pages: files, files: new Map([...published, ...files]) };
      for (const [response, page] of clients.entries()) if (page !== undefined && files.has(page)) send(response, 'reload', '');
    },
    pagesInView: () => clients.paths(),
    update(next) {
      published = next;
      if (preview) preview = { pages: preview.pages, files: new Map([...next, ...preview.pages]) };
    },
    showProblems(text) {
      problems = text;
      preview = undefined;
      for (const [response] of clients.entries()) send(response, 'problems', text);
    },
    close: () =>
      new Promise((resolve) => {
        for (const [response] of clients.entries()) response.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A page with a marker at the top of its body: plain text in an element the live-reload client
 * styles (the page's Content-Security-Policy allows no inline style), readable without it too.
 */
function withMarker(html: string, text: string | undefined): string {
  if (text === undefined) return html;
  const marker = `<div id="${MARKER_ID}" role="note">${escapeHtml(text)}</div>`;
  return html.replace(/<body\b[^>]*>/, (tag) => tag + marker);
}

/** The element of a marked page: the client styles it. */
export const MARKER_ID = 'sitegen-dev-marker';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Whether a request's `Host` names this server as its user means it: an IP address (no name
 * to rebind), `localhost` and its subdomains, or the host given with `--host`. A request
 * without the header names no other site either.
 */
export function hostAllowed(header: string | undefined, configured: string): boolean {
  if (header === undefined) return true;
  const name = (header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.replace(/:\d*$/, '')).toLowerCase();
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name === configured.toLowerCase().replace(/^\[|\]$/g, '');
}

/** A port that cannot be used, said with what to do about it. */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): unknown {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (error.code === 'EADDRINUSE') {
    return new BuildFailure([new SiteError('serve/port-in-use', `port ${port} is already in use on ${where}`, { hint: `stop the program that uses it, or pick another port: sitegen watch --port ${port + 1} (--port 0 picks a free one)`, cause: error })]);
  }
  if (error.code === 'EACCES') {
    return new BuildFailure([new SiteError('serve/port-denied', `no permission to serve on ${where}`, { hint: 'ports below 1024 need privileges: pick another, e.g. --port 3000', cause: error })]);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new BuildFailure([new SiteError('serve/no-such-address', `cannot serve on ${where}: this machine has no such address`, { hint: 'use --host 127.0.0.1 (the default), or an address of this machine', cause: error })]);
  }
  return error;
}

async function bundleClient(widgetsDir: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(widgetsDir, 'runtime', 'dev-client.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
