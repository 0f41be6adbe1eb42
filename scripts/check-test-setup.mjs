// Before the slow set: says in one line what it needs that this machine lacks, and the command
// that installs it (`npm run test:setup`), instead of letting suites fail one by one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { importTs } from './import-ts.mjs';

const { readPins, executablePath, SERVER_NAMES } = await importTs('scripts/backend/pins.ts');

const missing = [];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) missing.push(`Chromium (${chromium})`);
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!existsSync(nginx)) missing.push(`nginx (${nginx})`);
try {
  execFileSync('script', ['--version'], { stdio: 'ignore' });
} catch {
  missing.push("util-linux's script");
}
for (const [command, args, name] of [['java', ['-version'], 'Java'], ['python3', ['-c', 'import sqlite3, zipfile'], 'Python 3']]) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
  } catch {
    missing.push(name);
  }
}
const pins = readPins();
for (const name of SERVER_NAMES) {
  const exe = executablePath(pins.servers[name].version);
  if (!existsSync(exe)) missing.push(`PocketBase ${pins.servers[name].version} (${exe})`);
}
if (missing.length > 0) {
  console.error(`The slow set needs ${missing.join(', ')}: run npm run test:setup`);
  process.exit(1);
}
