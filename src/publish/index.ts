/** `sitegen publish`: deploys a built site to S3-compatible object storage (docs/publish.md). */
export { publish, type PublishOptions, type PublishResult } from './publish';
export { PublishError } from './errors';
export { createReporter, formatBytes, type PublishReporter } from './progress';
