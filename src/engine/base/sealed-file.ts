import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * The build cache's files carry a checksum: a cache cut short, damaged on disk or restored
 * badly by CI is noticed and not used, never turned into a wrong page. CRC-32 finds damage
 * (it is no defence against someone who writes the cache on purpose, nor needs to be: the
 * cache is the site developer's own folder).
 */
const MAGIC = Buffer.from('sitegen-cache\n', 'utf8');
/** The magic, then the payload's CRC-32 and length (32 bits each). */
const HEADER_LENGTH = MAGIC.length + 8;

/**
 * A sealed file's contents: a header that `unseal` checks, then the payload, given in parts
 * that are written one after the other (`fs.writeFile` takes them as they are). Joined, a
 * 78 MB cache index (10,000 articles x 3) was copied once more at the build's peak of memory.
 */
export function seal(...payload: Uint8Array[]): Uint8Array[] {
  const sum = payload.reduce((crc, part) => crc32(part, crc), 0);
  return [headerOf(sum, payload.reduce((length, part) => length + part.length, 0)), ...payload];
}

/** The header of a payload with this CRC-32 and length. */
function headerOf(sum: number, length: number): Buffer {
  const header = Buffer.alloc(HEADER_LENGTH);
  MAGIC.copy(header);
  header.writeUInt32BE(sum, MAGIC.length);
  header.writeUInt32BE(length, MAGIC.length + 4);
  return header;
}

/**
 * Writes a sealed file whose payload is made part by part as it is written (`parts` is asked
 * for the next one only once the last is on disk): the header goes last, at the start, once
 * the checksum and length are known. Holds one part at a time where `seal` needs them all.
 */
export async function writeSealed(file: string, parts: Iterable<Uint8Array>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    // Room for the header, written once the payload's checksum and length are known.
    await writeWhole(handle, Buffer.alloc(HEADER_LENGTH));
    let sum = 0;
    let length = 0;
    for (const part of parts) {
      sum = crc32(part, sum);
      length += part.length;
      await writeWhole(handle, part);
    }
    await handle.write(headerOf(sum, length), 0, HEADER_LENGTH, 0);
  } finally {
    await handle.close();
  }
}

/** Appends all of `bytes` (a write may take fewer). */
async function writeWhole(handle: Awaited<ReturnType<typeof open>>, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done, null)).bytesWritten;
}

/** The payload of a sealed file, or undefined when it is not one or was damaged. */
export function unseal(file: Buffer): Buffer | undefined {
  if (file.length < HEADER_LENGTH || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const payload = file.subarray(HEADER_LENGTH);
  const sum = file.readUInt32BE(MAGIC.length);
  const length = file.readUInt32BE(MAGIC.length + 4);
  return payload.length === length && crc32(payload) === sum ? payload : undefined;
}

/** The CRC-32 of some bytes: kept with each body in the packs and checked when it is read. */
export function checksum(bytes: Uint8Array): number {
  return crc32(bytes);
}

/**
 * A part of the cache was found damaged while the build used it (a body whose bytes do not
 * match their checksum). The build starts again without the cache; no template sees this.
 */
export class CacheDamaged extends Error {
  override name = 'CacheDamaged';
}
