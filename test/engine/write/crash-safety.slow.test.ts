import { spawn } from 'node:child_process';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, REPO, runCli, snapshotTree } from '../../helpers/site';

const TRIALS = 20;
// Without it the build's time would come from the sources' modification times, which each trial changes.
const env = { SOURCE_DATE_EPOCH: '1767225600' };
const SEED = 0x5eed;

/** A small deterministic generator, so a failing trial can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Starts `sitegen build` and kills it with SIGKILL after `ms`, unless it finished first (then: how long it took). */
function buildKilledAfter(root: string, ms: number): Promise<{ outcome: 'killed' | 'finished'; took: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(REPO, 'bin/sitegen.js'), 'build', '--root', root], { stdio: 'ignore', env: { ...process.env, ...env } });
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  return new Promise((resolve) =>
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ outcome: signal === 'SIGKILL' ? 'killed' : 'finished', took: performance.now() - started });
    }),
  );
}

describe('a build killed at any moment', () => {
  it(`leaves the output as the complete previous build or the complete new one (${TRIALS} SIGKILL trials)`, { timeout: 600_000 }, async () => {
    const root = await copySite();
    const article = path.join(root, 'content/en/blog/clickup-as-erp.md');
    const messages = path.join(root, 'locales/en.json');
    // Two versions of the sources: the second changes an article and a message every page shows.
    const versions = [
      { article: await readFile(article, 'utf8'), messages: await readFile(messages, 'utf8') },
      {
        article: `${await readFile(article, 'utf8')}\nA sentence added by the second version.\n`,
        messages: (await readFile(messages, 'utf8')).replace('"Skip to content"', '"Skip to the content"'),
      },
    ];
    const use = async (index: number) => {
      await writeFile(article, versions[index]!.article);
      await writeFile(messages, versions[index]!.messages);
    };
    const out = path.join(root, 'dist');
    const complete: Array<Map<string, string>> = [];
    // How long a build that switches versions takes here (the second: the cache is there, as in the trials).
    let duration = 0;
    for (const index of [1, 0]) {
      await use(index);
      const started = performance.now();
      expect((await runCli(['build', '--root', root], { env })).code).toBe(0);
      duration = performance.now() - started;
      complete[index] = await snapshotTree(out);
    }
    expect(complete[0]).not.toEqual(complete[1]);

    const next = random(SEED);
    let live = 0;
    const outcomes = { killed: 0, finished: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const target = 1 - live;
      await use(target);
      // Kill times spread over a whole build, start-up included, and a little beyond.
      const { outcome, took } = await buildKilledAfter(root, 30 + Math.floor(next() * duration * 1.25));
      outcomes[outcome]++;
      // The machine may have been busier while the build was timed: the kills follow the
      // fastest build seen, so that most trials still kill one.
      if (outcome === 'finished') duration = Math.min(duration, took);
      const now = await snapshotTree(out);
      const which = complete.findIndex((snapshot) => snapshot.size === now.size && [...snapshot].every(([file, hash]) => now.get(file) === hash));
      expect(which, `trial ${trial} (seed ${SEED}): the output is neither complete build`).not.toBe(-1);
      live = which;
    }
    expect(outcomes.killed).toBeGreaterThan(TRIALS / 2);

    // The next build completes, and cleans up what the killed ones left.
    await use(1);
    expect((await runCli(['build', '--root', root], { env })).code).toBe(0);
    expect(await snapshotTree(out)).toEqual(complete[1]);
    const beside = await readdir(root);
    expect(beside.filter((name) => name.includes('.tmp-') || name.includes('.old-'))).toEqual([]);
    expect((await readdir(path.join(root, '.dist.sitegen'))).sort()).toEqual(['manifests', 'standby']);
    expect((await lstat(out)).isDirectory()).toBe(true);
  });
});
