import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/publish/deploy-record';
import { readLocalSite } from '../../src/publish/local-site';
import { tempDir } from '../helpers/site';

/** A small output folder as `sitegen build` lays it out. */
async function outputFolder(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('sitegen-out-');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

const BUILD = {
  '_sitegen/builds/latest.json': '{"id":"abc123","timestamp":1}',
  '_sitegen/builds/meta/abc123.json': '{"id":"abc123","timestamp":1,"routes":{"/":{},"/en":{},"/hu/karrier":{}}}',
  'index.html': '<p>home</p>',
  'en/index.html': '<p>home</p>',
  'hu/karrier/index.html': '<p>karrier</p>',
  'hu/karrier/_payload.json': '{}',
  'downloads/price-list.xyz': 'binary',
};

describe('reading the output folder', () => {
  it('lists every file, a bare-path copy of every page but the home, and the deploy record', async () => {
    const site = await readLocalSite(await outputFolder(BUILD));
    expect(site.buildId).toBe('abc123');
    expect(site.objects.map((object) => `${object.key} ${object.kind} ${object.contentType}`)).toEqual([
      '_sitegen/builds/deploys/abc123.json record application/json; charset=utf-8',
      '_sitegen/builds/latest.json pointer application/json; charset=utf-8',
      '_sitegen/builds/meta/abc123.json manifest application/json; charset=utf-8',
      'downloads/price-list.xyz static application/octet-stream',
      'en page text/html; charset=utf-8',
      'en/index.html page text/html; charset=utf-8',
      'hu/karrier page text/html; charset=utf-8',
      'hu/karrier/_payload.json payload application/json; charset=utf-8',
      'hu/karrier/index.html page text/html; charset=utf-8',
      'index.html page text/html; charset=utf-8',
    ]);
    const copy = site.objects.find((object) => object.key === 'hu/karrier')!;
    expect(copy.md5).toBe(site.objects.find((object) => object.key === 'hu/karrier/index.html')!.md5);
    expect(site.untyped).toEqual(['downloads/price-list.xyz']);

    const record = site.objects[0]!;
    if (!('bytes' in record.body)) throw new Error('the record is made in memory');
    const parsed = parseRecord(record.body.bytes.toString());
    expect(Object.keys(parsed!.files).sort()).toEqual(site.objects.slice(1).map((object) => object.key).sort());
    // The same build gives the same record, byte for byte (so a re-publish skips it).
    const again = await readLocalSite(await outputFolder(BUILD));
    expect(again.objects[0]!.md5).toBe(record.md5);
  });

  it('refuses a folder that is not a complete build, saying what to do', async () => {
    await expect(readLocalSite(await outputFolder({ 'index.html': 'x' }))).rejects.toThrow(/is not the output of sitegen build: _sitegen\/builds\/latest.json is missing/);
    const incomplete = await outputFolder(BUILD);
    await rm(path.join(incomplete, 'hu/karrier/index.html'));
    await expect(readLocalSite(incomplete)).rejects.toThrow(/hu\/karrier\/index.html is missing: the build's route manifest lists \/hu\/karrier/);
    await expect(readLocalSite(incomplete)).rejects.toMatchObject({ hint: expect.stringMatching(/sitegen build/) });
  });
});
