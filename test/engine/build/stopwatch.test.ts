import { describe, expect, it } from 'vitest';
import { stopwatch } from '../../../src/engine/steps/run';

describe("a build's stopwatch", () => {
  it('times each step, with the resident memory after it unless told not to read it', () => {
    const measured = stopwatch();
    measured.lap('read sources');
    const [[step, ms, residentMb]] = measured.laps as [[string, number, number]];
    expect(step).toBe('read sources');
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(residentMb).toBeGreaterThan(10);
    const lean = stopwatch({ memory: false });
    lean.lap('read sources');
    expect(lean.laps[0]![2]).toBeUndefined();
  });
});
