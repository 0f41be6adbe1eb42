import type { OutputFiles } from '../base/output-paths';
import { HEADERS_FILE } from '../artifacts/header-formats';

/** How many pages asked for last count as in view, beside those with a live-reload connection. */
const RECENT = 4;

/**
 * The pages a developer is looking at: each open page's live-reload connection names it, and
 * the last pages asked for count too (a page opened without the client, a tab that reconnects).
 * A rebuild renders them first and serves them before the rest (`steps/preview-step.ts`).
 */
export class OpenPages<Client> {
  private readonly clients = new Map<Client, string | undefined>();
  private recent: string[] = [];

  /** A live-reload connection of the page served from `page` (an output path; undefined when unknown). */
  connect(client: Client, page: string | undefined): void {
    this.clients.set(client, page);
  }

  disconnect(client: Client): void {
    this.clients.delete(client);
  }

  /** An HTML page was served. */
  served(page: string): void {
    this.recent = [page, ...this.recent.filter((other) => other !== page)].slice(0, RECENT);
  }

  /** The output paths of the pages in view. */
  paths(): Set<string> {
    const paths = new Set(this.recent);
    for (const page of this.clients.values()) if (page !== undefined) paths.add(page);
    return paths;
  }

  /** Each live-reload connection, with its page. */
  entries(): IterableIterator<[Client, string | undefined]> {
    return this.clients.entries();
  }
}

/**
 * Whether a page shown from an early preview (`shown`, served over the files before it) needs
 * no reload once the build's end publishes `next`: its bytes, its headers and the files there
 * are to link to are the same.
 */
export function previewHolds(shown: { pages: OutputFiles; files: OutputFiles }, next: OutputFiles, page: string | undefined): boolean {
  if (page === undefined || !shown.pages.has(page)) return false;
  if (!sameBytes(shown.pages.get(page), next.get(page)) || !sameBytes(shown.files.get(HEADERS_FILE), next.get(HEADERS_FILE))) return false;
  // A file the preview lacked (an image encoded after it) may be one the page links to.
  for (const name of next.keys()) if (!shown.files.has(name)) return false;
  return true;
}

function sameBytes(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}
