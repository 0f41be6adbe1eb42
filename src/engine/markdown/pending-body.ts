import { lazyFields } from '../base/lazy-fields';
import type { RenderedMarkdown } from './markdown';

/**
 * Thrown when a page reads a Markdown body that has not arrived from its worker yet. The page
 * is rendered again once every body is there; no template sees it.
 */
export class BodyPending extends Error {
  constructor() {
    super('a Markdown body is still being rendered');
  }
}

/** A body on its way: reading it before it is there throws `BodyPending`. */
export interface PendingBody {
  body: RenderedMarkdown;
  /** Resolves when it is there; undefined once it is. */
  arrived: Promise<void> | undefined;
  fill(value: RenderedMarkdown): void;
}

/** A body to fill when it arrives from the Markdown stage. */
export function pendingBody(): PendingBody {
  return new WaitedBody();
}

class WaitedBody implements PendingBody {
  readonly body: RenderedMarkdown = bodyWhenThere({}, this);
  arrived: Promise<void> | undefined;
  private value: RenderedMarkdown | undefined;
  private resolve!: () => void;

  constructor() {
    this.arrived = new Promise((done) => (this.resolve = done));
  }

  /** The body, or `BodyPending` thrown while it is on its way. */
  current(): RenderedMarkdown {
    if (!this.value) throw new BodyPending();
    return this.value;
  }

  fill(next: RenderedMarkdown): void {
    if (this.value) return;
    this.value = next;
    this.arrived = undefined;
    this.resolve();
  }
}

const bodyWhenThere = lazyFields<WaitedBody, RenderedMarkdown>({
  html: (pending) => pending.current().html,
  headings: (pending) => pending.current().headings,
  words: (pending) => pending.current().words,
});
