import { readdirSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../helpers/site';

/** Node 22.1 and later: V8's compiled code kept between runs (`module.enableCompileCache`). */
const nodeKeepsCode = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** Every file under `dir`. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe("the CLI's compiled code", () => {
  it.runIf(nodeKeepsCode)('is kept between runs where Node can keep it, and a second run takes it from there', async () => {
    // Where Node keeps it unless told otherwise (NODE_COMPILE_CACHE, which would turn it on by itself).
    const temporary = await tempDir('sitegen-compile-cache-');
    const cache = path.join(temporary, 'node-compile-cache');
    const env = { TMPDIR: temporary, NODE_COMPILE_CACHE: undefined };
    const first = await runCli(['--version'], { env });
    expect(first.code).toBe(0);
    const kept = filesUnder(cache);
    expect(kept.length).toBeGreaterThan(0);
    const second = await runCli(['--version'], { env });
    expect(second).toMatchObject({ code: 0, stdout: first.stdout });
    // Nothing new to compile: the same entries, not one more per run.
    expect(filesUnder(cache).sort()).toEqual(kept.sort());
  });

  it.runIf(!nodeKeepsCode)('runs as before where Node cannot keep it (Node 20)', async () => {
    const temporary = await tempDir('sitegen-compile-cache-');
    const run = await runCli(['--version'], { env: { TMPDIR: temporary, NODE_COMPILE_CACHE: undefined } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(filesUnder(temporary)).toEqual([]);
  });
});
