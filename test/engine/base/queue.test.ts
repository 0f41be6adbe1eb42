import { describe, expect, it } from 'vitest';
import { Queue } from '../../../src/engine/base/queue';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the queue of the output writer and the image encodings', () => {
  it('runs at most its concurrency at once, starts waiting jobs in order and drains them all', async () => {
    const queue = new Queue(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (index: number) => async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      for (let wait = index % 4; wait >= 0; wait--) await tick();
      running--;
    };
    // Callers await each add, as the writer does, and a few add at once.
    await Promise.all(
      [0, 1, 2].map(async (caller) => {
        for (let index = caller; index < 60; index += 3) await queue.add(job(index));
      }),
    );
    await queue.drain();
    expect(running).toBe(0);
    expect(most).toBe(3);
    expect(started.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index));
  });

  it('stops taking jobs after a failure and gives the first one to drain and later adds', async () => {
    const queue = new Queue(2);
    const ran: string[] = [];
    await queue.add(async () => {
      await tick();
      throw new Error('disk full');
    });
    await queue.add(async () => {
      await tick();
      await tick();
      throw new Error('second failure');
    });
    // Waits for a place, then finds the failure.
    await expect(queue.add(async () => void ran.push('late'))).rejects.toThrow('disk full');
    await expect(queue.drain()).rejects.toThrow('disk full');
    expect(queue.failed).toBe(true);
    expect(ran).toEqual([]);
  });

  it('drains at once when idle, and every drain waits for the jobs under way', async () => {
    const queue = new Queue(4);
    await queue.drain();
    let done = 0;
    for (let index = 0; index < 10; index++) {
      await queue.add(async () => {
        await tick();
        done++;
      });
    }
    await Promise.all([queue.drain(), queue.drain()]);
    expect(done).toBe(10);
  });
});
