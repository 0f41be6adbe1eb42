/**
 * The steps `sitegen build --verbose` reports, as [name, ms] in order: its lines
 * `  <step>  <ms> ms  <MB> MB resident` (src/cli/run-build.ts). The bench names them for a case
 * that misses its target; `test/engine/scale/execution-modes.test.ts` holds the pattern to the CLI's output.
 * @param {string} output
 * @returns {Array<[string, number]>}
 */
export function stepsOf(output) {
  return [...output.matchAll(/^ {2}(\S.*?)\s+([\d.]+) ms\s+\S+ MB resident$/gm)].map((match) => [match[1], Number(match[2])]);
}
