import { describe, expect, it } from 'vitest';
import type { RemoteObject } from '../../src/publish/bucket';
import type { DeployRecord } from '../../src/publish/deploy-record';
import { PublishError } from '../../src/publish/errors';
import type { LocalObject, LocalSite } from '../../src/publish/local-site';
import { headersOf, isBuildScoped, kindOf, phaseOf } from '../../src/publish/object-kinds';
import { executePlan } from '../../src/publish/execute';
import type { Bucket } from '../../src/publish/bucket';
import { allDeletes, otherSitePrefixes, planPublish } from '../../src/publish/plan';
import { silentReporter } from '../../src/publish/progress';
import { chooseKeptBuilds, keptKeys } from '../../src/publish/retention';
import { runPool } from '../../src/publish/run-pool';
import { parseTarget } from '../../src/publish/target';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

function local(key: string, md5 = `${key.length}`.padStart(32, '0'), cleanUrl = false): LocalObject {
  const kind = kindOf(key, cleanUrl);
  return { key, kind, md5, size: 10, body: { bytes: Buffer.alloc(10) }, ...headersOf(key, kind) };
}

function remote(key: string, md5: string | undefined, minutesAgo = 0): RemoteObject {
  return { key, md5, size: 10, lastModified: new Date(Date.UTC(2026, 0, 1) - minutesAgo * 60_000) };
}

function site(objects: LocalObject[]): LocalSite {
  return { dir: '/dist', buildId: 'b2', timestamp: 0, objects, untyped: [], policy: undefined };
}

describe('targets', () => {
  it('reads the bucket and a normalized prefix', () => {
    expect(parseTarget('s3://www-example')).toEqual({ bucket: 'www-example', prefix: '' });
    expect(parseTarget('s3://www-example/')).toEqual({ bucket: 'www-example', prefix: '' });
    expect(parseTarget('s3://www-example/site/v1/')).toEqual({ bucket: 'www-example', prefix: 'site/v1/' });
  });

  it('rejects what is not an s3:// URL or a bucket name, with a hint', () => {
    expect(() => parseTarget('www-example')).toThrow(PublishError);
    expect(() => parseTarget('https://www-example/site')).toThrow(/not an s3:\/\/ URL/);
    expect(() => parseTarget('s3://Www_Example')).toThrow(/not a valid bucket name/);
    expect(() => parseTarget('s3://www-example/../x')).toThrow(/"\." or "\.\."/);
    try {
      parseTarget('bucket');
    } catch (error) {
      expect((error as PublishError).hint).toMatch(/s3:\/\/bucket\/prefix/);
    }
  });
});

describe('headers by kind of file', () => {
  it.each([
    ['_sitegen/assets/loader-LZTJPPXU.js', 'text/javascript; charset=utf-8', YEAR],
    ['_sitegen/assets/site-675dea863d.css', 'text/css; charset=utf-8', YEAR],
    ['_sitegen/assets/search-hu-0123456789/pagefind.js', 'text/javascript; charset=utf-8', YEAR],
    ['_sitegen/assets/search-hu-0123456789/wasm.hu.pagefind', 'application/octet-stream', YEAR],
    ['_sitegen/assets/search-hu-0123456789/pagefind-entry.json', 'application/json; charset=utf-8', REVALIDATE],
    ['_sitegen/assets/search-hu-2-0123456789/pagefind.hu_4a90197de6.pf_meta', 'application/octet-stream', 'public, max-age=3600'],
    ['_sitegen/assets/search-hu-0123456789/fragment/hu_0e3bc81.pf_fragment', 'application/octet-stream', 'public, max-age=3600'],
    ['_sitegen/assets/search-hu-0123456789/index/hu_3f45efa.pf_index', 'application/octet-stream', 'public, max-age=3600'],
    ['_sitegen/builds/meta/067745313f59.json', 'application/json; charset=utf-8', YEAR],
    ['_sitegen/builds/latest.json', 'application/json; charset=utf-8', REVALIDATE],
    ['_sitegen/builds/deploys/067745313f59.json', 'application/json; charset=utf-8', REVALIDATE],
    ['_i18n/067745313f59/hu/messages.json', 'application/json; charset=utf-8', 'public, max-age=86400'],
    ['career/index.html', 'text/html; charset=utf-8', REVALIDATE],
    ['index.html', 'text/html; charset=utf-8', REVALIDATE],
    ['404.html', 'text/html; charset=utf-8', REVALIDATE],
    ['career/_payload.json', 'application/json; charset=utf-8', REVALIDATE],
    ['_payload.json', 'application/json; charset=utf-8', REVALIDATE],
    ['flags/hu.svg', 'image/svg+xml', 'public, max-age=3600'],
    ['images/photo.webp', 'image/webp', 'public, max-age=3600'],
    ['docs/brochure.pdf', 'application/pdf', 'public, max-age=3600'],
  ])('%s: %s, %s', (key, type, cache) => {
    expect(headersOf(key, kindOf(key))).toEqual({ contentType: type, cacheControl: cache });
  });

  it("sends a search index's entry after the files it names, and keeps those files for open pages like other assets", () => {
    const entry = '_sitegen/assets/search-hu-0123456789/pagefind-entry.json';
    const fragment = '_sitegen/assets/search-hu-0123456789/fragment/hu_0e3bc81.pf_fragment';
    expect([phaseOf(kindOf(fragment)), phaseOf(kindOf(entry))]).toEqual(['assets', 'pages']);
    // The entry is replaced in place; the fragments an earlier entry named stay a few builds.
    expect([isBuildScoped(fragment), isBuildScoped(entry)]).toEqual([true, false]);
  });

  it('serves a clean URL key (no extension) as HTML', () => {
    expect(headersOf('hu/karrier', kindOf('hu/karrier', true))).toEqual({ contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
  });
});

describe('the plan', () => {
  const objects = [
    local('_sitegen/builds/deploys/b2.json'),
    local('_sitegen/assets/app-2.js'),
    local('career/index.html'),
    local('career', undefined, true),
    local('career/_payload.json'),
    local('_sitegen/builds/latest.json'),
  ];

  it('uploads what is missing or different, by phase, and skips equal MD5s', () => {
    const bucket = new Map([
      ['career/index.html', remote('career/index.html', objects[2]!.md5)],
      ['career/_payload.json', remote('career/_payload.json', 'f'.repeat(32))],
      ['career', remote('career', undefined)],
    ]);
    const plan = planPublish({ local: site(objects), remote: bucket, liveRecord: undefined, kept: new Set(), published: new Set(), otherSites: [] });
    expect(plan.phases.map((entry) => [entry.phase, entry.uploads.map((upload) => `${upload.object.key}:${upload.reason}`)])).toEqual([
      ['record', ['_sitegen/builds/deploys/b2.json:new']],
      ['assets', ['_sitegen/assets/app-2.js:new']],
      // An ETag that is not an MD5 (multipart, KMS) cannot be compared: uploaded again.
      ['pages', ['career:changed', 'career/_payload.json:changed']],
      ['pointer', ['_sitegen/builds/latest.json:new']],
    ]);
    expect(plan.skipped.map((object) => object.key)).toEqual(['career/index.html']);
  });

  it('uploads again an object whose recorded headers differ, though its bytes are equal', () => {
    const bucket = new Map(objects.map((object) => [object.key, remote(object.key, object.md5)]));
    const record: DeployRecord = { id: 'b1', timestamp: 0, files: {} };
    for (const object of objects) record.files[object.key] = { md5: object.md5, size: object.size, contentType: object.contentType, cacheControl: object.cacheControl };
    record.files['career'] = { ...record.files['career']!, contentType: 'application/octet-stream' };
    const plan = planPublish({ local: site(objects), remote: bucket, liveRecord: record, kept: new Set(), published: new Set(), otherSites: [] });
    expect(plan.phases.flatMap((entry) => entry.uploads.map((upload) => `${upload.object.key}:${upload.reason}`))).toEqual(['career:headers']);
  });

  it('deletes stale pages before stale assets, and keeps what earlier builds still use', () => {
    const bucket = new Map(
      [
        remote('old/index.html', 'a'.repeat(32)),
        remote('old', 'a'.repeat(32)),
        remote('_sitegen/assets/app-1.js', 'b'.repeat(32)),
        remote('_sitegen/assets/app-0.js', 'c'.repeat(32)),
        remote('_i18n/b1/en/messages.json', 'd'.repeat(32)),
      ].map((object) => [object.key, object]),
    );
    const plan = planPublish({
      local: site(objects),
      remote: bucket,
      liveRecord: undefined,
      kept: new Set(['_sitegen/assets/app-1.js', '_i18n/b1/en/messages.json']),
      published: new Set(['old', 'old/index.html']),
      otherSites: [],
    });
    expect(plan.deletes.map((group) => group.map((object) => object.key))).toEqual([['old', 'old/index.html'], ['_sitegen/assets/app-0.js']]);
    expect(plan.kept.map((object) => object.key)).toEqual(['_i18n/b1/en/messages.json', '_sitegen/assets/app-1.js']);
    expect(plan.leftAlone).toEqual([]);
    expect(allDeletes(plan)).toHaveLength(3);
  });

  it('deletes only what a deploy record lists or sitegen keeps in its own folders; never under another site', () => {
    const bucket = new Map(
      [
        remote('old/index.html', 'a'.repeat(32)),
        remote('uploads/report.pdf', 'a'.repeat(32)),
        remote('index.htm', 'a'.repeat(32)),
        remote('_sitegen/assets/app-0.js', 'c'.repeat(32)),
        remote('staging/_sitegen/builds/latest.json', 'a'.repeat(32)),
        remote('staging/_sitegen/assets/app-9.js', 'a'.repeat(32)),
        remote('staging/career/index.html', 'a'.repeat(32)),
        remote('staging/old/index.html', 'a'.repeat(32)),
      ].map((object) => [object.key, object]),
    );
    const otherSites = otherSitePrefixes(bucket.keys());
    expect(otherSites).toEqual(['staging/']);
    // An earlier build of this site had a page at staging/old: another site lives there now.
    const plan = planPublish({ local: site(objects), remote: bucket, liveRecord: undefined, kept: new Set(), published: new Set(['old/index.html', 'staging/old/index.html']), otherSites });
    expect(allDeletes(plan).map((object) => object.key)).toEqual(['old/index.html', '_sitegen/assets/app-0.js']);
    expect(plan.leftAlone.map(({ object, site: owner }) => [object.key, owner])).toEqual([
      ['index.htm', undefined],
      ['staging/_sitegen/assets/app-9.js', 'staging/'],
      ['staging/_sitegen/builds/latest.json', 'staging/'],
      ['staging/career/index.html', 'staging/'],
      ['staging/old/index.html', 'staging/'],
      ['uploads/report.pdf', undefined],
    ]);
  });

  it('finds the sites inside the prefix by their own latest.json or deploy record, outermost only', () => {
    expect(
      otherSitePrefixes([
        '_sitegen/builds/latest.json',
        'staging/_sitegen/builds/latest.json',
        'staging/v2/_sitegen/builds/latest.json',
        'preview/pr-12/_sitegen/builds/deploys/abc123.json',
        'docs/_sitegen/builds/meta/x.json',
        'notes/_sitegen/builds/latest.json.bak',
      ]),
    ).toEqual(['preview/pr-12/', 'staging/']);
  });
});

describe('retention', () => {
  const bucket = new Map(
    [
      remote('_sitegen/builds/deploys/b0.json', 'a'.repeat(32), 40),
      remote('_sitegen/builds/deploys/b1.json', 'a'.repeat(32), 30),
      remote('_sitegen/builds/deploys/b2.json', 'a'.repeat(32), 20),
      remote('_sitegen/builds/deploys/b3.json', 'a'.repeat(32), 10),
      remote('_sitegen/assets/app-0.js', 'a'.repeat(32)),
      remote('_sitegen/assets/app-1.js', 'a'.repeat(32)),
      remote('_i18n/b0/en/messages.json', 'a'.repeat(32)),
      remote('_i18n/b1/en/messages.json', 'a'.repeat(32)),
      remote('_sitegen/builds/meta/b1.json', 'a'.repeat(32)),
      remote('career/index.html', 'a'.repeat(32)),
    ].map((object) => [object.key, object]),
  );

  it('keeps the newest recorded builds, and always the live one', () => {
    expect(chooseKeptBuilds(bucket, 'b3', 'b2', 2)).toEqual(['b2', 'b1']);
    expect(chooseKeptBuilds(bucket, 'b3', 'b0', 1)).toEqual(['b2', 'b0']);
    expect(chooseKeptBuilds(bucket, 'b3', 'b2', 0)).toEqual(['b2']);
    expect(chooseKeptBuilds(bucket, 'b2', 'b2', 1)).toEqual(['b3']);
  });

  it("keeps a recorded build's assets, messages, manifest and record, not its pages", () => {
    const record: DeployRecord = {
      id: 'b1',
      timestamp: 0,
      files: Object.fromEntries(
        ['_sitegen/assets/app-1.js', '_i18n/b1/en/messages.json', '_sitegen/builds/meta/b1.json', 'career/index.html', '_sitegen/assets/gone.js'].map((key) => [
          key,
          { md5: 'a'.repeat(32), size: 1, contentType: 'x', cacheControl: 'y' },
        ]),
      ),
    };
    expect([...keptKeys(bucket, [{ id: 'b1', record }])].sort()).toEqual([
      '_i18n/b1/en/messages.json',
      '_sitegen/assets/app-1.js',
      '_sitegen/builds/deploys/b1.json',
      '_sitegen/builds/meta/b1.json',
    ]);
  });

  it('keeps every hashed asset, message file and route manifest for a live build without a record', () => {
    expect([...keptKeys(bucket, [{ id: 'b0', record: undefined }])].sort()).toEqual([
      '_i18n/b0/en/messages.json',
      '_i18n/b1/en/messages.json',
      '_sitegen/assets/app-0.js',
      '_sitegen/assets/app-1.js',
      '_sitegen/builds/deploys/b0.json',
      '_sitegen/builds/meta/b1.json',
    ]);
  });
});

describe('the pool', () => {
  it('runs at most N tasks at once and starts none after a failure', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const failure = new Error('boom');
    await expect(
      runPool([...Array(20).keys()], 3, async (item) => {
        started.push(item);
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (item === 4) throw failure;
      }),
    ).rejects.toBe(failure);
    expect(peak).toBe(3);
    expect(Math.max(...started)).toBeLessThan(8);
    expect(running).toBe(0);
  });

  it('stops starting tasks once the signal aborts, and throws its reason', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await expect(
      runPool([...Array(20).keys()], 2, async (item) => {
        started.push(item);
        if (item === 3) controller.abort(new Error('stop'));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }, controller.signal),
    ).rejects.toThrow('stop');
    expect(started.length).toBeLessThanOrEqual(5);
  });
});

describe('carrying out a plan', () => {
  const objects = [local('_sitegen/builds/deploys/b2.json'), local('_sitegen/assets/app-2.js'), local('career/index.html'), local('_sitegen/builds/latest.json')];
  const stale = new Map([['old/index.html', remote('old/index.html', 'a'.repeat(32))]]);
  const plan = planPublish({ local: site(objects), remote: stale, liveRecord: undefined, kept: new Set(), published: new Set(['old/index.html']), otherSites: [] });

  function fakeBucket(calls: string[], failDelete = false): Bucket {
    return {
      put: async (object: LocalObject) => void calls.push(`put ${object.key}`),
      delete: async (keys: readonly string[]) => {
        if (failDelete) throw new PublishError('publish/storage', 's3://b/: access denied while trying to delete 1 object', { hint: 'the credentials need s3:DeleteObject' });
        calls.push(`delete ${keys.join(',')}`);
      },
    } as unknown as Bucket;
  }

  it('uploads phase by phase, then deletes', async () => {
    const calls: string[] = [];
    await executePlan(plan, fakeBucket(calls), 4, silentReporter);
    expect(calls).toEqual(['put _sitegen/builds/deploys/b2.json', 'put _sitegen/assets/app-2.js', 'put career/index.html', 'put _sitegen/builds/latest.json', 'delete old/index.html']);
  });

  it('says whether the new build went live when it stopped', async () => {
    await expect(executePlan(plan, fakeBucket([], true), 4, silentReporter)).rejects.toThrow(
      's3://b/: access denied while trying to delete 1 object; build b2 is live, but some stale objects were not deleted yet',
    );
    const controller = new AbortController();
    controller.abort();
    const calls: string[] = [];
    await expect(executePlan(plan, fakeBucket(calls), 4, silentReporter, controller.signal)).rejects.toThrow(
      'stopped before the publish completed; latest.json was not written, so the site still serves the previous build',
    );
    expect(calls).toEqual([]);
  });
});
