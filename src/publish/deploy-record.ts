import { z } from 'zod';
import type { ObjectHeaders } from './object-kinds';
import type { Policy } from './policy';

/**
 * What a publish of one build puts in the bucket, written to
 * `_sitegen/builds/deploys/<id>.json` before anything else of that build. Later publishes
 * read it to know which hashed assets an earlier build's open pages still load (retention),
 * which headers its objects were given (a changed header is uploaded again even when the
 * bytes are the same), which keys sitegen published (only those are ever deleted), and the
 * security headers the build needs from its host (`policy`: a publish whose policy differs from
 * the live build's stops until the host is updated).
 */
export interface DeployRecord {
  id: string;
  timestamp: number;
  /** Absent in records of earlier sitegen versions. */
  policy?: Policy | undefined;
  files: Record<string, RecordedFile>;
}

export interface RecordedFile extends ObjectHeaders {
  md5: string;
  size: number;
}

const recordSchema = z.object({
  id: z.string().regex(/^[0-9a-z-]+$/),
  timestamp: z.number(),
  policy: z.object({ hash: z.string(), headers: z.array(z.tuple([z.string(), z.string()])) }).optional(),
  files: z.record(
    z.string(),
    z.object({ md5: z.string(), size: z.number(), contentType: z.string(), cacheControl: z.string(), redirectLocation: z.string().optional() }),
  ),
});

/** The record's bytes: keys sorted, so the same build always gives the same object (and ETag). */
export function serializeRecord(record: DeployRecord): string {
  const files = Object.fromEntries(Object.keys(record.files).sort().map((key) => [key, record.files[key]!]));
  const policy = record.policy ? { policy: record.policy } : {};
  return `${JSON.stringify({ id: record.id, timestamp: record.timestamp, ...policy, files })}\n`;
}

/** A record read back from the bucket; undefined when it is not one (edited or truncated by hand). */
export function parseRecord(text: string): DeployRecord | undefined {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const pointerSchema = z.object({ id: z.string(), release: z.string().optional(), timestamp: z.number() });

/** The `{ id, release, timestamp }` of a `latest.json`, or undefined when the text is not one. */
export function parsePointer(text: string): { id: string; release?: string | undefined; timestamp: number } | undefined {
  try {
    const parsed = pointerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
