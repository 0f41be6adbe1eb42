/**
 * Runs jobs a given number at a time (the output's file operations a few dozen, the image
 * encodings one per core); `add` waits while that many are under way. A finished job hands its
 * place to the longest waiting `add`, so each costs the same whatever the number under way
 * (waiting with `Promise.race` over them all costs one reaction per job under way for every
 * file: half a second of this thread per 40,000 files). After a failure it takes no more jobs,
 * and `drain` and later `add`s throw the first failure.
 */
export class Queue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly idle: Array<() => void> = [];
  private error: unknown;
  failed = false;

  constructor(private readonly concurrency: number) {}

  async add(job: () => Promise<unknown>): Promise<void> {
    if (this.active < this.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failed) {
      this.release();
      throw this.error;
    }
    job().then(
      () => this.release(),
      (error: unknown) => {
        if (!this.failed) {
          this.failed = true;
          this.error = error;
        }
        this.release();
      },
    );
  }

  /** Waits for every job; throws the first failure. */
  async drain(): Promise<void> {
    if (this.active > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failed) throw this.error;
  }

  /** A job is over: its place goes to the next waiting `add`, or is free. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) return next();
    this.active--;
    if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
}
