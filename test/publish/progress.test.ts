import { describe, expect, it } from 'vitest';
import type { RemoteObject } from '../../src/publish/bucket';
import { headersOf, kindOf } from '../../src/publish/object-kinds';
import type { LocalObject } from '../../src/publish/local-site';
import type { Upload } from '../../src/publish/plan';
import { createReporter, formatBytes } from '../../src/publish/progress';

function upload(key: string, size: number): Upload {
  const kind = kindOf(key);
  const object: LocalObject = { key, kind, md5: '0'.repeat(32), size, body: { bytes: Buffer.alloc(0) }, ...headersOf(key, kind) };
  return { object, reason: 'changed' };
}

function run(interactive: boolean): string {
  let out = '';
  const reporter = createReporter({ interactive, write: (text) => (out += text) });
  reporter.step('pages', 2, 3000);
  reporter.uploaded(upload('career/index.html', 1000));
  reporter.retrying('upload blog/index.html', 1, Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' }), 250);
  reporter.uploaded(upload('blog/index.html', 2000));
  reporter.step('delete', 1, 10);
  reporter.deleted([{ key: 'old/index.html', md5: undefined, size: 10, lastModified: new Date(0) } satisfies RemoteObject]);
  reporter.close();
  return out;
}

describe('progress output', () => {
  it('prints one plain line per step and per object for logs', () => {
    expect(run(false)).toBe(
      [
        'pages: uploading 2 (3.0 kB)',
        '  uploaded career/index.html (changed, 1.0 kB)',
        '  retrying to upload blog/index.html in 0.3 s (try 2; SlowDown: Please reduce your request rate.)',
        '  uploaded blog/index.html (changed, 2.0 kB)',
        'delete: deleting 1 (10 B)',
        '  deleted old/index.html',
        '',
      ].join('\n'),
    );
  });

  it('redraws one bar per step on a terminal, keeping retries above it', () => {
    const out = run(true);
    expect(out).not.toContain('uploaded career');
    const lines = out.split('\n');
    expect(out.startsWith('\r\x1b[2K  pages         [------------------------] 0/2  0 B of 3.0 kB')).toBe(true);
    // Redrawn at most every 80 ms, and always when a step completes.
    expect(lines.find((line) => line.includes('retrying'))).toMatch(/\r\x1b\[2K {2}retrying to upload blog\/index.html in 0.3 s/);
    expect(out).toContain('  pages         [########################] 2/2  3.0 kB of 3.0 kB\n');
    expect(out).toContain('  delete        [########################] 1/1  10 B of 10 B\n');
  });

  it('formats sizes', () => {
    expect([formatBytes(999), formatBytes(1000), formatBytes(1_234_567)]).toEqual(['999 B', '1.0 kB', '1.2 MB']);
  });
});
