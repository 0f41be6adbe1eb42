// `npm test`: the type checks and the quick set of suites, side by side rather than one after
// the other (docs/testing.md "Timing"). Vitest's output streams as it runs; the type checker's
// is held and printed after it, so the two never interleave. Fails when either fails.
// Arguments go to vitest (`npm test -- test/site`).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const started = performance.now();
const typecheck = new Promise((resolve) => {
  const child = spawn(bin('tsc'), ['--noEmit', '--pretty', String(Boolean(process.stdout.isTTY))], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  // At a lower priority: it takes the cores the suites leave idle (while global setup builds,
  // and at the end, when one worker has finished), not the ones they are using.
  try {
    if (child.pid !== undefined) setPriority(child.pid, 10);
  } catch {
    // Not allowed here: it runs at the same priority.
  }
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('error', (error) => resolve({ code: 1, output: `could not run tsc: ${error.message}\n`, seconds: 0 }));
  child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }));
});
const tests = new Promise((resolve) => {
  const child = spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('error', () => resolve(1));
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

const [types, vitest] = await Promise.all([typecheck, tests]);
if (types.code === 0) {
  console.log(`\ntype checks (tsc --noEmit): no errors, ${types.seconds.toFixed(1)} s`);
} else {
  process.stdout.write(`\n${types.output}`);
  console.log(`type checks (tsc --noEmit): failed, ${types.seconds.toFixed(1)} s`);
}
process.exitCode = types.code !== 0 || vitest !== 0 ? 1 : 0;
