import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/engine/diagnostics/diagnostic';
import { contentSource, letBytesGo } from '../../../src/engine/read/text-files';
import { tempDir } from '../../helpers/site';

async function markdownFile(text: string): Promise<string> {
  const file = path.join(await tempDir(), 'post.md');
  await writeFile(file, text);
  return file;
}

describe('a content file known by its hash', () => {
  it('is read again from its file once its bytes are let go, with the same text', async () => {
    const file = await markdownFile('---\ntitle: Árvíztűrő\n---\nTükörfúrógép\n');
    const source = contentSource(file, await readFile(file), 'when-read');
    letBytesGo([source]);
    // The file is moved aside: a text taken from memory would not notice.
    await writeFile(`${file}.kept`, await readFile(file));
    await writeFile(file, '');
    expect(() => source.text).toThrow(SiteError);
    await writeFile(file, await readFile(`${file}.kept`));
    expect(source.text).toBe('---\ntitle: Árvíztűrő\n---\nTükörfúrógép\n');
  });

  it('stops the build with the file named when it was saved again after the build hashed it', async () => {
    const file = await markdownFile('---\ntitle: One\n---\nBody\n');
    const source = contentSource(file, await readFile(file), 'when-read');
    letBytesGo([source]);
    await writeFile(file, '---\ntitle: Two\n---\nBody\n');
    let error: unknown;
    try {
      void source.text;
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ code: 'read/changed-during-build', file, line: 1, column: 1 });
    expect((error as SiteError).hint).toMatch(/build again/);
  });

  it('stops the build the same way when the file was removed since', async () => {
    const file = await markdownFile('---\ntitle: Gone\n---\n');
    const source = contentSource(file, await readFile(file), 'when-read');
    letBytesGo([source]);
    await rm(file);
    expect(() => source.text).toThrow(expect.objectContaining({ code: 'read/changed-during-build', file }));
  });

  it('keeps a text already decoded, and a source decoded at once, in memory', async () => {
    const file = await markdownFile('---\ntitle: Kept\n---\n');
    const decoded = contentSource(file, await readFile(file), 'now');
    const read = contentSource(file, await readFile(file), 'when-read');
    expect(read.text).toBe('---\ntitle: Kept\n---\n');
    letBytesGo([decoded, read]);
    await writeFile(file, 'changed');
    expect(decoded.text).toBe('---\ntitle: Kept\n---\n');
    expect(read.text).toBe('---\ntitle: Kept\n---\n');
  });
});
