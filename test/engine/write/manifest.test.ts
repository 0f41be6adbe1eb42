import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestOf, readManifest, writeManifest } from '../../../src/engine/write/copy-manifest';
import { folderKey, layoutOf } from '../../../src/engine/write/output-folder';
import { tempDir } from '../../helpers/site';

describe("a copy's manifest", () => {
  it('is written in parts as the JSON of the whole, and reads back as the same files', async () => {
    const root = await tempDir();
    const layout = layoutOf(path.join(root, 'dist'));
    await mkdir(layout.standby, { recursive: true });
    const key = folderKey(layout.standby)!;
    // Past a part of a megabyte several times over, with names JSON must escape.
    const files = new Map<string, string>();
    for (let index = 0; index < 30_000; index++) files.set(`hu/generált/cikk-${index}/index.html`, index.toString(16).padStart(40, '0'));
    files.set('odd "name"\\with\u2028breaks\n and 😀.html', 'f'.repeat(40));
    writeManifest(layout, key, files, false);
    const text = await readFile(path.join(layout.manifests, `${key}.json`), 'utf8');
    expect(text.length).toBeGreaterThan(2 * 2 ** 20);
    expect(JSON.parse(text)).toEqual({ files: Object.fromEntries(files), complete: false });
    expect(readManifest(layout, key)).toEqual({ files: Object.fromEntries(files), complete: false });
    // The standby copy is not checked against a latest.json: its manifest is the same map.
    expect(manifestOf(layout, layout.standby, false)).toEqual(files);
  });

  it('of no files is an empty one', async () => {
    const root = await tempDir();
    const layout = layoutOf(path.join(root, 'dist'));
    await mkdir(layout.standby, { recursive: true });
    const key = folderKey(layout.standby)!;
    writeManifest(layout, key, new Map(), true);
    expect(readManifest(layout, key)).toEqual({ files: {}, complete: true });
  });
});
