import { createHash } from 'node:crypto';

/**
 * A part of the configuration: a value together with the hash of everything it was made from.
 * A view of the configuration is a record of parts, so its hash (`hashOfParts`) covers every
 * field it has: a field cannot be added without a hash, nor left out of the view's hash.
 */
export interface Part<T> {
  readonly value: T;
  readonly hash: string;
}

/** A part whose hash the caller knows (of the files it was made from). */
export function part<T>(value: T, hash: string): Part<T> {
  return Object.freeze({ value, hash });
}

/** A part of plain data, hashed by its canonical JSON (keys sorted). */
export function dataPart<T>(value: T): Part<T> {
  return part(value, hashOf(canonicalJson(value)));
}

/** The hash of a view (an object whose every field is a part): every part by name, in name order. */
export function hashOfParts(view: object): string {
  const parts = view as Readonly<Record<string, Part<unknown>>>;
  const hash = createHash('sha256');
  for (const name of Object.keys(parts).sort()) hash.update(name).update('\0').update(parts[name]!.hash).update('\0');
  return hash.digest('hex');
}

/** A SHA-256 of some strings, hex. */
export function hashOf(...parts: ReadonlyArray<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const piece of parts) hash.update(piece).update('\0');
  return hash.digest('hex');
}

/** JSON with object keys sorted, so equal data always gives equal text; maps become sorted objects. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) item = Object.fromEntries(item);
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return item;
  }) ?? 'undefined';
}
