/**
 * The defaults of `sitegen publish`, written once: the publish resolves its options with them
 * and the CLI's help shows them. A module of its own, importing nothing, so that `--help` stays fast.
 */
export const PUBLISH_DEFAULTS = {
  /** More deletions than this stop the publish before it changes anything. */
  maxDeletes: 50,
  /** Requests at a time. */
  concurrency: 8,
  /** Earlier builds whose hashed assets stay for pages still open. */
  keepBuilds: 3,
} as const;
