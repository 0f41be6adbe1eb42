/**
 * The forms' spam check, a proof of work in ALTCHA's v1 format: the company's PocketBase hands
 * out a challenge signed with its secret (`GET /api/sitegen/challenge`), a Web Worker finds the
 * number while the visitor types, and the number goes with the record as `altcha`; the server's
 * hook refuses a record without a valid, unexpired, unused one (pocketbase/README.md). Nothing
 * is shown, nothing is stored in the browser, no other host is asked.
 */
import { solveChallenge } from 'altcha-lib/v1';

export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** What the record carries as `altcha`. */
export interface PowSolution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
  /** Milliseconds the search took (ALTCHA's `took`). */
  took: number;
}

/** A solution whose challenge expires sooner than this is not sent: a fresh one is solved. */
const EXPIRY_MARGIN_MS = 60_000;

/** The backend has no challenge route (hooks not loaded): it checks nothing, so nothing is sent. */
export const NO_CHECK = null;

export class ProofOfWork {
  private pending: Promise<PowSolution | typeof NO_CHECK> | undefined;

  constructor(
    private readonly backendUrl: string,
    /** The same-origin worker file; without one, the search runs on the page (slower to share). */
    private readonly workerUrl: string | undefined,
  ) {}

  /** Starts fetching and solving a challenge, once, in the background. */
  start(): void {
    if (this.pending) return;
    const pending = this.solveNew();
    // A failure now is not the visitor's yet: `solution()` tries again when they send.
    pending.catch(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    this.pending = pending;
  }

  /**
   * A solution to send: the one solved in the background, or a fresh one if it expired or failed;
   * `NO_CHECK` when the backend hands out no challenges.
   */
  async solution(): Promise<PowSolution | typeof NO_CHECK> {
    this.start();
    try {
      const solved = await this.pending!;
      if (solved === NO_CHECK || expiresAt(solved.salt) - Date.now() > EXPIRY_MARGIN_MS) return solved;
    } catch {
      // fetched or solved badly: once more below
    }
    this.pending = undefined;
    this.start();
    return this.pending!;
  }

  /** The solution was sent (a server spends it either way): solve the next one in the background. */
  renew(): void {
    this.pending = undefined;
    this.start();
  }

  private async solveNew(): Promise<PowSolution | typeof NO_CHECK> {
    const response = await fetch(`${this.backendUrl.replace(/\/+$/, '')}/api/sitegen/challenge`, { cache: 'no-store', credentials: 'omit' });
    // A backend without the lead pipeline's hooks (deployed before them) takes records without.
    if (response.status === 404) return NO_CHECK;
    if (!response.ok) throw new Error(`challenge: ${response.status}`);
    const challenge = (await response.json()) as PowChallenge;
    const found = await (this.workerUrl && typeof Worker === 'function' ? inWorker(this.workerUrl, challenge) : onPage(challenge));
    return { algorithm: challenge.algorithm, challenge: challenge.challenge, number: found.number, salt: challenge.salt, signature: challenge.signature, took: found.took };
  }
}

/** The expiry a salt carries (`?expires=<unix seconds>&`), or now when it has none. */
export function expiresAt(salt: string): number {
  const match = /[?&]expires=(\d+)/.exec(salt);
  return match ? Number(match[1]) * 1000 : Date.now();
}

function inWorker(url: string, challenge: PowChallenge): Promise<{ number: number; took: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url);
    worker.onmessage = (event: MessageEvent<{ number: number; took: number } | null>) => {
      worker.terminate();
      if (event.data) resolve(event.data);
      else reject(new Error('no solution in range'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      // A worker that cannot start (an old browser, a blocked file): the page does the work.
      onPage(challenge).then(resolve, reject);
    };
    worker.postMessage({ type: 'work', payload: { algorithm: challenge.algorithm, challenge: challenge.challenge, salt: challenge.salt, max: challenge.maxnumber, start: 0 } });
  });
}

async function onPage(challenge: PowChallenge): Promise<{ number: number; took: number }> {
  const found = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!found) throw new Error('no solution in range');
  return found;
}
