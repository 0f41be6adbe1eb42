import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../src/engine/base/sealed-file';
import { readCacheFile, writeCacheFile, type SavedCache } from '../../../src/engine/cache/cache-file';
import { tempDir } from '../../helpers/site';

const ENGINE = 'sitegen 1.0.0+0123456789abcdef on Node.js v20.20.2 (ICU 78.2)';
const cache: SavedCache = { content: new Map(), pages: new Map(), routes: { key: 'k', routes: [] }, translations: new Map(), memos: new Map([['messages', { key: 'm', value: { en: 1 } }]]) };

/** A build.bin of this layout: the stamp's length, the stamp, then `body` as it is. */
function file(stamp: object, body: Uint8Array): Buffer {
  const serialized = serialize(stamp);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(serialized.length);
  return Buffer.concat(seal(length, serialized, body));
}

describe("the build cache's index (build.bin)", () => {
  it('reads back what was written, for the engine that wrote it', async () => {
    const dir = await tempDir();
    await writeCacheFile(dir, ENGINE, cache);
    expect(await readCacheFile(dir, ENGINE)).toEqual(cache);
  });

  it("is discarded by another engine from its stamp alone: the rest is not decoded", async () => {
    const dir = await tempDir();
    await writeCacheFile(dir, ENGINE, cache);
    const payload = unseal(await readFile(path.join(dir, 'build.bin')))!;
    const stampEnd = 4 + payload.readUInt32BE(0);
    // The same stamp before a body that cannot be decoded: another engine never tries.
    const stamp = payload.subarray(4, stampEnd);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(stamp.length);
    await writeFile(path.join(dir, 'build.bin'), Buffer.concat(seal(length, stamp, Buffer.from('not a serialized value'))));
    expect(await readCacheFile(dir, 'sitegen 1.0.1+fedcba9876543210 on Node.js v20.20.2 (ICU 78.2)')).toEqual({ discarded: expect.stringMatching(/was written by sitegen 1\.0\.0\+0123456789abcdef .*, not sitegen 1\.0\.1\+fedcba9876543210 .*: building without it/) });
    expect(await readCacheFile(dir, ENGINE)).toEqual({ discarded: expect.stringMatching(/is damaged or cut short/) });
  });

  it('names the format of a cache from before the stamp, and of a stamp of another format', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'build.bin'), Buffer.concat(seal(serialize({ format: 12, version: ENGINE, ...cache }))));
    expect(await readCacheFile(dir, ENGINE)).toEqual({ discarded: expect.stringMatching(/was written by an earlier sitegen \(format 12 or older\)/) });
    await writeFile(path.join(dir, 'build.bin'), file({ format: 99, version: ENGINE }, serialize(cache)));
    expect(await readCacheFile(dir, ENGINE)).toEqual({ discarded: expect.stringMatching(/\(format 99\), not sitegen 1\.0\.0/) });
  });

  it('reads back maps written in many parts, each entry once and in its order', async () => {
    const dir = await tempDir();
    const pages = new Map(Array.from({ length: 2_345 }, (_, index) => [`page-${index}/index.html`, { hash: `h${index}` }] as [string, never]));
    const large: SavedCache = { ...cache, pages, translations: new Map([['a.md', { role: 'source', hash: 'x' } as never]]), routes: undefined };
    await writeCacheFile(dir, ENGINE, large);
    const read = (await readCacheFile(dir, ENGINE)) as SavedCache;
    expect(read).toEqual(large);
    expect([...read.pages.keys()]).toEqual([...pages.keys()]);
    expect('routes' in read).toBe(true);
  });

  it('is discarded as damaged when cut short, and is not there before a first build', async () => {
    const dir = await tempDir();
    expect(await readCacheFile(dir, ENGINE)).toBeUndefined();
    await writeCacheFile(dir, ENGINE, cache);
    const whole = await readFile(path.join(dir, 'build.bin'));
    await writeFile(path.join(dir, 'build.bin'), whole.subarray(0, whole.length - 3));
    expect(await readCacheFile(dir, ENGINE)).toEqual({ discarded: expect.stringMatching(/is damaged or cut short/) });
  });
});
