import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watch } from '../../../src/engine';
import { smallSite } from '../../helpers/small-site';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sitegen watch when the site goes away under it', () => {
  it('reports the failed build without building it again and again, and closes', { timeout: 120_000 }, async () => {
    const root = await smallSite();
    const reports: string[] = [];
    let builds = 0;
    const watcher = await watch({ root, port: 0, log: () => void builds++, error: (text) => void reports.push(text) });
    try {
      const failed = watcher.nextBuild();
      // A branch switched to one without the settings, an edit saved beside it.
      await rm(path.join(root, 'content/site.yaml'));
      await writeFile(path.join(root, 'content/en/about-us.md'), '---\ntitle: About\n---\nGone soon.\n');
      await rm(path.join(root, 'content/de'), { recursive: true });
      expect((await failed).ok).toBe(false);
      // chokidar reports the removals in a few batches, each built once, and the rechecks (one at
      // once, one after 60 ms) may build once more; then it waits for edits. (Before the fix it
      // built again and again, hundreds of times a second, and never settled.)
      await sleep(3_000);
      const settled = reports.length;
      await sleep(1_000);
      expect(reports.length).toBe(settled);
      expect(settled).toBeLessThanOrEqual(12);
      expect(reports.join('\n')).toContain('content/site.yaml is missing');
    } finally {
      const closing = watcher.close();
      expect(await Promise.race([closing.then(() => 'closed'), sleep(20_000).then(() => 'still open')])).toBe('closed');
    }
  });
});
