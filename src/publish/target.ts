import { PublishError } from './errors';

/** Where a site is published: a bucket and a key prefix ('' or ending in '/'). */
export interface PublishTarget {
  bucket: string;
  prefix: string;
}

// S3's rules for bucket names, loosened to what S3-compatible servers also accept (dots, capitals are not).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses `s3://bucket` or `s3://bucket/some/prefix`. */
export function parseTarget(text: string): PublishTarget {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(text.trim());
  const hint = 'write the target as s3://bucket or s3://bucket/prefix, e.g. s3://www-example-com/site';
  if (!match) throw new PublishError('publish/invalid-target', `--target "${text}" is not an s3:// URL`, { hint });
  const bucket = match[1]!;
  if (!BUCKET_NAME.test(bucket)) {
    throw new PublishError('publish/invalid-target', `--target "${text}": "${bucket}" is not a valid bucket name`, {
      hint: 'bucket names have 3 to 63 lower-case letters, digits, dots and hyphens, and start and end with a letter or digit',
    });
  }
  const parts = (match[2] ?? '').split('/').filter((part) => part !== '');
  if (parts.some((part) => part === '.' || part === '..')) {
    throw new PublishError('publish/invalid-target', `--target "${text}": the prefix may not contain "." or ".." segments`, { hint });
  }
  return { bucket, prefix: parts.length === 0 ? '' : `${parts.join('/')}/` };
}

/** `s3://bucket/prefix` for messages. */
export function formatTarget(target: PublishTarget): string {
  return `s3://${target.bucket}/${target.prefix}`;
}
