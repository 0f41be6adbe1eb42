/**
 * A publish that cannot go on: says what happened and, in `hint`, what to do. It concerns a
 * target, an endpoint or the output folder rather than a line of a source file.
 */
export class PublishError extends Error {
  override name = 'PublishError';
  readonly hint: string | undefined;

  constructor(message: string, where: { hint?: string; cause?: unknown } = {}) {
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    this.hint = where.hint;
  }
}
