import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { smallSite } from '../../helpers/small-site';
import { runCli, snapshotTree } from '../../helpers/site';

const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

/**
 * The pages' copies in the build cache when page workers render (a large build; `--parallel
 * always` for a small one): each worker compresses the pages it renders. Through the bundled
 * command line, where the page workers run (lib/page-worker.js).
 */
describe('page copies made on page workers', { timeout: 180_000 }, () => {
  it('are written for a build without the output: no page rendered, the same bytes', async () => {
    const root = await smallSite();
    const out = path.join(root, 'dist');
    const cli = (...more: string[]) => runCli(['build', '--root', root, '--out', out, '--verbose', ...more], { env: EPOCH });
    const rendered = await cli('--parallel', 'always');
    expect(rendered.code, rendered.stderr).toBe(0);
    expect(rendered.stdout).toMatch(/pages on \d+ workers/);
    const pages = Number(/pages: (\d+) rendered, 0 written from the cache/.exec(rendered.stdout)?.[1]);
    expect(pages).toBeGreaterThan(0);
    const first = await snapshotTree(out);
    await rm(out, { recursive: true, force: true });
    await rm(path.join(root, '.dist.sitegen'), { recursive: true, force: true });
    const copied = await cli();
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain(`pages: 0 rendered, ${pages} written from the cache`);
    expect(await snapshotTree(out)).toEqual(first);
  });
});
