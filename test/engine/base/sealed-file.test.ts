import { statSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seal, unseal, writeSealed } from '../../../src/engine/base/sealed-file';
import { writeInPlaceSync } from '../../../src/engine/base/temporary-file';
import { tempDir } from '../../helpers/site';

describe('a sealed cache file', () => {
  const payload = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));

  it('is written from its two parts, by the async and the sync writer alike, and reads back whole', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'async.bin'), seal(payload));
    writeInPlaceSync(path.join(dir, 'sync.bin'), seal(payload));
    for (const name of ['async.bin', 'sync.bin']) expect(unseal(await readFile(path.join(dir, name)))?.equals(payload)).toBe(true);
    // Renamed into place: no temporary file stays beside it.
    expect((await readdir(dir)).sort()).toEqual(['async.bin', 'sync.bin']);
  });

  it('is not read when cut short or damaged', async () => {
    const file = Buffer.concat(seal(payload));
    expect(unseal(file.subarray(0, file.length - 1))).toBeUndefined();
    const damaged = Buffer.from(file);
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 1;
    expect(unseal(damaged)).toBeUndefined();
  });

  it('keeps the parts of a sync write in order, whatever their offsets', async () => {
    const file = path.join(await tempDir(), 'parts.bin');
    const whole = Buffer.from('abcdefghij');
    writeInPlaceSync(file, [whole.subarray(2, 5), Buffer.from('-'), whole.subarray(7)]);
    expect(await readFile(file, 'utf8')).toBe('cde-hij');
  });
});

describe('a payload sealed in parts', () => {
  it('is the file its parts joined would make', () => {
    const parts = [Buffer.from('stamp'), Buffer.alloc(0), Buffer.from('body of the cache')];
    expect(Buffer.concat(seal(...parts)).equals(Buffer.concat(seal(Buffer.concat(parts))))).toBe(true);
    expect(unseal(Buffer.concat(seal(...parts)))?.toString()).toBe('stampbody of the cache');
  });
});

describe('a sealed file written part by part', () => {
  it('is the file `seal` makes of the same parts, each part asked for once the last is written', async () => {
    const file = path.join(await tempDir(), 'streamed.bin');
    const parts = [Buffer.from('stamp'), Buffer.alloc(0), Buffer.from(Array.from({ length: 200_000 }, (_, index) => index % 253)), Buffer.from('end')];
    const sizesWhenAsked: number[] = [];
    function* lazily() {
      for (const part of parts) {
        sizesWhenAsked.push(statSync(file).size);
        yield part;
      }
    }
    await writeSealed(file, lazily());
    expect((await readFile(file)).equals(Buffer.concat(seal(...parts)))).toBe(true);
    // The header's room first, then each part on disk before the next is made.
    const header = Buffer.concat(seal()).length;
    expect(sizesWhenAsked).toEqual([header, header + 5, header + 5, header + 5 + 200_000]);
  });
});
