import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type stream from 'node:stream';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutBucketWebsiteCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { tempDir } from './site';

/**
 * s3rver makes the continuation token of a listing of more than 1,000 keys with single DES,
 * which OpenSSL 3 (Node 20's) keeps in its legacy provider: such a listing fails with a 500.
 * Triple DES with one key three times is single DES, and is in the default provider.
 */
function singleDesAsTripleDes(): void {
  const [cipher, decipher] = [crypto.createCipheriv, crypto.createDecipheriv];
  const triple = (key: crypto.CipherKey) => Buffer.concat([key, key, key] as Uint8Array[]);
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: stream.TransformOptions) =>
      algorithm === 'des' ? cipher('des-ede3-cbc', triple(key), iv, options) : cipher(algorithm, key, iv, options),
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: stream.TransformOptions) =>
      algorithm === 'des' ? decipher('des-ede3-cbc', triple(key), iv, options) : decipher(algorithm, key, iv, options),
  });
}
singleDesAsTripleDes();

interface ListedObject {
  key: string;
}
interface Listing {
  objects: ListedObject[];
  isTruncated: boolean;
}
type ListObjects = (this: unknown, bucket: string, options: { maxKeys?: number }) => Promise<Listing>;

/**
 * s3rver lists a bucket in the order it walks its folders (the file system's order, with a
 * key's own object among the folders of the keys under it), not in S3's order of the keys'
 * bytes. A listing cut at 1,000 keys then loses, from its next page, every key walked after
 * the continuation key that sorts before it: a bucket holding two builds of the site (over
 * 1,400 objects) lost three. Here it lists everything after the continuation key, sorts, and
 * cuts, as S3 does.
 */
function listInKeyOrder(): void {
  const store = (createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as { prototype: { listObjects: ListObjects } }).prototype;
  const walked = store.listObjects;
  store.listObjects = async function (bucket, options) {
    const all = await walked.call(this, bucket, { ...options, maxKeys: Infinity });
    const maxKeys = options.maxKeys ?? Infinity;
    const sorted = all.objects.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    return { ...all, objects: sorted.slice(0, maxKeys), isTruncated: sorted.length > maxKeys };
  };
}
listInKeyOrder();

/** One request the server answered, with its place in the order requests started and ended. */
export interface RecordedRequest {
  method: string;
  bucket: string;
  /** The object key, decoded ('' for bucket requests). */
  key: string;
  query: string;
  started: number;
  ended: number;
  /** 0 when the connection closed before the answer was sent. */
  status: number;
}

/** The requests that changed the bucket: uploads, and deletions (S3's DeleteObjects is a POST). */
export const changes = (requests: readonly RecordedRequest[]): RecordedRequest[] =>
  requests.filter((request) => request.method === 'PUT' || request.method === 'POST' || request.method === 'DELETE');

export interface Fault {
  /** Which requests it hits. */
  match: (request: { method: string; key: string; query: string }) => boolean;
  /** How many of them. */
  times: number;
  /** 503 SlowDown as S3 throttles, or a connection closed without an answer. */
  kind: 'slowdown' | 'drop';
}

export interface S3TestServer {
  endpoint: string;
  requests: RecordedRequest[];
  /** A client of this server, for reading back what a publish did. */
  client: S3Client;
  /** Environment for `sitegen publish` child processes: this server's credentials, nothing from the machine. */
  env: NodeJS.ProcessEnv;
  createBucket(name: string, website?: { errorDocument: string }): Promise<void>;
  inject(fault: Fault): void;
  /** Waits this long before answering each PUT (to interrupt a publish mid-way). */
  delayPuts(ms: number): void;
  onRequest(listener: (request: RecordedRequest) => void): void;
  /** Resolves once no request is being answered (e.g. those a killed client had sent). */
  idle(): Promise<void>;
  /** Runs `step`, and gives its result with the requests this server answered meanwhile, in order. */
  during<T>(step: () => Promise<T>): Promise<{ result: T; requests: RecordedRequest[] }>;
  /** key -> ETag (MD5 hex) of every object under the prefix, keys relative to it. */
  list(bucket: string, prefix?: string): Promise<Map<string, string>>;
  head(bucket: string, key: string): Promise<{ contentType: string | undefined; cacheControl: string | undefined; etag: string }>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
// The SDK warns on Node 20 about its releases after January 2027; the lockfile pins one before.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * s3rver (a real S3-protocol server on the file system) on 127.0.0.1, with every request
 * recorded in order and faults injected on demand.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await tempDir('sitegen-s3-');
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = (await s3rver.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const listeners: Array<(request: RecordedRequest) => void> = [];
  let putDelay = 0;
  let sequence = 0;
  let active = 0;

  // s3rver answers through its Koa callback; putting ours in front records and injects.
  const httpServer = (s3rver as unknown as { httpServer: Server }).httpServer;
  const answer = s3rver.callback();
  httpServer.removeAllListeners('request');
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', endpoint);
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      bucket: decodeURIComponent(bucket),
      key: decodeURIComponent(rest.join('/')),
      query: url.search.slice(1),
      started: sequence++,
      ended: -1,
      status: 0,
    };
    active++;
    response.on('close', () => {
      active--;
      record.ended = sequence++;
      // A connection closed before the answer was sent (a killed client) has no status.
      record.status = response.writableFinished ? response.statusCode : 0;
      requests.push(record);
      for (const listener of listeners) listener(record);
    });
    const fault = faults.find((candidate) => candidate.times > 0 && candidate.match(record));
    if (fault) {
      fault.times--;
      if (fault.kind === 'drop') {
        request.socket.destroy();
        return;
      }
      response
        .writeHead(503, { 'content-type': 'application/xml' })
        .end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
      return;
    }
    if (record.method === 'PUT' && putDelay > 0) await sleep(putDelay);
    answer(request, response);
  }

  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    requests,
    client,
    env: {
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_REGION: '',
      AWS_PROFILE: '',
      AWS_CONFIG_FILE: '/dev/null',
      AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
      AWS_EC2_METADATA_DISABLED: 'true',
      CI: 'true',
    },
    async createBucket(name, website) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      if (website) {
        await client.send(
          new PutBucketWebsiteCommand({
            Bucket: name,
            WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: website.errorDocument } },
          }),
        );
      }
    },
    inject: (fault) => void faults.push(fault),
    delayPuts: (ms) => void (putDelay = ms),
    onRequest: (listener) => void listeners.push(listener),
    async idle() {
      while (active > 0) await sleep(10);
    },
    async during(step) {
      const before = requests.length;
      const result = await step();
      return { result, requests: requests.slice(before) };
    },
    async list(bucket, prefix = '') {
      const objects = new Map<string, string>();
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const item of page.Contents ?? []) objects.set(item.Key!.slice(prefix.length), item.ETag!.replaceAll('"', ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async head(bucket, key) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: head.ContentType, cacheControl: head.CacheControl, etag: head.ETag!.replaceAll('"', '') };
    },
    async close() {
      client.destroy();
      httpServer.closeAllConnections();
      await s3rver.close();
    },
  };
}
