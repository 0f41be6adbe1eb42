import { readFile } from 'node:fs/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { PublishError } from './errors';
import type { LocalObject } from './local-site';
import { ReportedRetries, type RetryPolicy } from './retry';
import { formatTarget, type PublishTarget } from './target';

// sitegen pins an SDK release that supports Node 20; the warning concerns later releases,
// which the lockfile does not install.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** An object in the bucket, by its key relative to the target's prefix. */
export interface RemoteObject {
  key: string;
  /** The MD5 of its bytes, when its ETag is one (not for multipart or KMS-encrypted objects). */
  md5: string | undefined;
  size: number;
  lastModified: Date;
}

export interface ConnectionOptions {
  /** An S3-compatible endpoint (MinIO, R2, a test server); addressed path-style. */
  endpoint?: string;
  region?: string;
  /** Fixed credentials; otherwise the AWS SDK's default chain (environment, shared files, SSO, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** The requests a publish makes, under the target's prefix, each retried on throttling and network errors. */
export class Bucket {
  private readonly client: S3Client;
  private readonly retries: ReportedRetries;

  constructor(
    connection: ConnectionOptions,
    readonly target: PublishTarget,
    retry: RetryPolicy,
  ) {
    this.retries = new ReportedRetries(retry);
    this.client = createClient(connection, this.retries);
  }

  /** Every object under the prefix. */
  async list(): Promise<Map<string, RemoteObject>> {
    const objects = new Map<string, RemoteObject>();
    let token: string | undefined;
    do {
      const page = await this.send('list the bucket', () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.target.bucket, Prefix: this.target.prefix || undefined, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        const etag = item.ETag?.replaceAll('"', '').toLowerCase();
        objects.set(item.Key.slice(this.target.prefix.length), {
          key: item.Key.slice(this.target.prefix.length),
          md5: etag && /^[0-9a-f]{32}$/.test(etag) ? etag : undefined,
          size: item.Size ?? 0,
          lastModified: item.LastModified ?? new Date(0),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  /** The text of an object, or undefined when there is none. */
  async getText(key: string): Promise<string | undefined> {
    try {
      // The body is read inside the request: the SDK retries the request, not the reading of
      // its body, and the objects read (the deploy records, latest.json) are small.
      return await this.send(`read ${key}`, async () => {
        const response = await this.client.send(new GetObjectCommand({ Bucket: this.target.bucket, Key: this.target.prefix + key }));
        return response.Body!.transformToString('utf8');
      });
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** Uploads one object with its headers; Content-MD5 makes the server reject damaged bytes. */
  async put(object: LocalObject): Promise<void> {
    const body = 'bytes' in object.body ? object.body.bytes : await readFile(object.body.file);
    await this.send(`upload ${object.key}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.target.bucket,
          Key: this.target.prefix + object.key,
          Body: body,
          ContentType: object.contentType,
          CacheControl: object.cacheControl,
          WebsiteRedirectLocation: object.redirectLocation,
          ContentMD5: Buffer.from(object.md5, 'hex').toString('base64'),
        }),
      ),
    );
  }

  /** Deletes up to 1,000 objects in one request. */
  async delete(keys: readonly string[]): Promise<void> {
    const response = await this.send(`delete ${keys.length} object${keys.length === 1 ? '' : 's'}`, () =>
      this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.target.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: this.target.prefix + key })), Quiet: true },
        }),
      ),
    );
    const failed = response.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0]!;
      throw new PublishError('publish/storage', `${formatTarget(this.target)}: ${failed.length} object(s) could not be deleted, e.g. ${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim(), {
        hint: 'check that the credentials allow s3:DeleteObject on the bucket, then run the same publish again',
      });
    }
  }

  private send<T>(what: string, request: () => Promise<T>): Promise<T> {
    return this.retries.request(what, request).catch((error: unknown) => {
      throw explain(error, what, this.target);
    });
  }
}

/** An S3 client for the target: path-style addressing on custom endpoints, the SDK's retries with the publish's backoff and progress. */
export function createClient(options: ConnectionOptions, retryStrategy: ReportedRetries, requestTimeoutMs = 60_000): S3Client {
  const config: S3ClientConfig = {
    retryStrategy,
    requestHandler: { requestTimeout: requestTimeoutMs, connectionTimeout: 10_000 },
    // Compatible servers do not all understand the SDK's newer default checksums; Content-MD5
    // guards uploads everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
    config.forcePathStyle = true;
  }
  if (options.region) config.region = options.region;
  if (options.credentials) config.credentials = options.credentials;
  return new S3Client(config);
}

/** A failed request as a message saying what to check. */
export function explain(error: unknown, what: string, target: PublishTarget): unknown {
  if (error instanceof PublishError || !(error instanceof Error)) return error;
  const where = formatTarget(target);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const detail = `${error.name}${status ? ` (HTTP ${status})` : ''}: ${error.message}`;
  const make = (message: string, hint: string) => new PublishError('publish/storage', `${where}: ${message}`, { hint, cause: error });
  if (error.name === 'CredentialsProviderError' || /Could not load credentials/i.test(error.message)) {
    return make('no AWS credentials were found', 'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE for a profile of ~/.aws/credentials');
  }
  if (/Region is missing/i.test(error.message)) {
    return make('no region is set', 'pass --region (e.g. --region eu-central-1) or set AWS_REGION');
  }
  if (error.name === 'NoSuchBucket') return make(`the bucket ${target.bucket} does not exist`, 'create it first, or check the bucket name in --target and the --endpoint');
  if (error.name === 'InvalidAccessKeyId' || error.name === 'SignatureDoesNotMatch') {
    return make(`the endpoint refused the credentials (${error.name})`, 'check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and --region');
  }
  if (error.name === 'AccessDenied' || error.name === 'Forbidden' || status === 403) {
    return make(`access denied while trying to ${what}`, 'the credentials need s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject on the bucket and prefix');
  }
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return make(`cannot reach the endpoint (${code}) to ${what}`, 'check --endpoint and the network, then run the same command again');
  }
  return make(`could not ${what}: ${detail}`, 'run the same command again: it sends only what is missing');
}
