/**
 * Python 3 for the tests that write a SQLite database or a zip the way other programs do
 * (test/leads/): run a script, or fail at once with one line naming the set-up command.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function python(script: string, args: string[]): Promise<void> {
  try {
    await run('python3', ['-c', 'import sqlite3, zipfile'], { timeout: 20_000 });
  } catch {
    throw new Error('Python 3 (with sqlite3 and zipfile) is not installed: run npm run test:setup');
  }
  await run('python3', ['-c', script, ...args], { timeout: 60_000 });
}
