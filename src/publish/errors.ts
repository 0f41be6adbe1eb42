import { SiteError, type Code, type Where } from '../engine/inspect';

/**
 * A publish that cannot go on: a diagnostic (its code under `publish/`) that says what happened
 * and, in `hint`, what to do. It concerns a target, an endpoint or the output folder rather than
 * a line of a source file.
 */
export class PublishError extends SiteError {
  override name = 'PublishError';

  constructor(code: Code, message: string, where: Pick<Where, 'hint' | 'cause'> = {}) {
    super(code, message, where);
  }
}
