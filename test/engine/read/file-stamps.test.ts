import { mkdir, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstDifference, stampTree } from '../../../src/engine/read/file-stamps';
import { tempDir } from '../../helpers/site';

describe('stampTree', () => {
  it('stamps every file under a folder by its path inside it, sorted, with its size and modification time', async () => {
    const root = await tempDir();
    const dir = path.join(root, 'dist');
    await mkdir(path.join(dir, 'hu/blog/page/2'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), 'home');
    await writeFile(path.join(dir, 'hu/blog/page/2/index.html'), 'második oldal');
    await writeFile(path.join(dir, 'hu/blog/feed.xml'), '<feed/>');
    await utimes(path.join(dir, 'hu/blog/feed.xml'), 1_700_000_000, 1_700_000_000.5);
    await symlink('index.html', path.join(dir, 'hu/link.html'));
    const stamps = stampTree(dir);
    expect(stamps.map(([file, size]) => [file, size])).toEqual([
      ['hu/blog/feed.xml', 7],
      ['hu/blog/page/2/index.html', Buffer.byteLength('második oldal')],
      ['hu/link.html', -2],
      ['index.html', 4],
    ]);
    expect(stamps[0]![2]).toBe(1_700_000_000_500);
    // The same stamps however the folder is named: with a slash at its end, or relative.
    expect(stampTree(`${dir}/`)).toEqual(stamps);
    expect(stampTree(path.relative(process.cwd(), dir))).toEqual(stamps);
    expect(firstDifference(stamps, stampTree(dir))).toBeUndefined();
    await writeFile(path.join(dir, 'hu/blog/new.html'), 'new');
    expect(firstDifference(stamps, stampTree(dir))).toBe('hu/blog/new.html is new');
  });

  it('is empty for a folder that is not there', async () => {
    expect(stampTree(path.join(await tempDir(), 'missing'))).toEqual([]);
  });
});
