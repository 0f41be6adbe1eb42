// `npm run dev`: the site in `sitegen watch` with a local PocketBase beside it, the forms pointed
// at it (docs/widgets.md, "Forms in development"). The newest pinned PocketBase is installed
// first if it isn't there; its data stays in .backend/dev/ between runs. Ctrl-C stops both.
//
//   npm run dev [-- --port 3000 --backend-port 8090]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importTs, repo } from './import-ts.mjs';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3000' }, 'backend-port': { type: 'string', default: '8090' } } });
const { installServer, InstallError } = await importTs('scripts/backend/install.ts');
const { readPins, backendRoot } = await importTs('scripts/backend/pins.ts');
const { startServer } = await importTs('scripts/backend/server.ts');

const pins = readPins();
const devDir = path.join(backendRoot(), 'dev');
await mkdir(devDir, { recursive: true });

// One superuser for this checkout's development data, made on the first run and kept.
const credentialsFile = path.join(devDir, 'superuser.json');
if (!existsSync(credentialsFile)) {
  await writeFile(credentialsFile, `${JSON.stringify({ email: 'dev@localhost.test', password: randomBytes(9).toString('base64url') }, null, 2)}\n`, { mode: 0o600 });
}
const superuser = JSON.parse(readFileSync(credentialsFile, 'utf8'));

try {
  await installServer(pins.servers.newest, pins, (line) => console.error(line));
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`dev: ${error.message}`);
  process.exit(1);
}
const backend = await startServer({
  version: pins.servers.newest.version,
  dataDir: path.join(devDir, 'pb_data'),
  port: Number(values['backend-port']),
  superuser,
  watchHooks: true,
});

const site = spawn(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'watch', '--port', values.port], {
  cwd: repo,
  env: { ...process.env, SITEGEN_POCKETBASE_URL: backend.url },
  stdio: ['ignore', 'inherit', 'inherit'],
});

console.log(`PocketBase ${backend.version}: ${backend.url} (data in ${path.relative(repo, backend.dataDir)})`);
console.log(`Dashboard: ${backend.url}/_/ (sign in as ${superuser.email} with password ${superuser.password}; kept in ${path.relative(repo, credentialsFile)})`);
console.log(`The site's forms send to ${backend.url}. Ctrl-C stops the site and PocketBase.`);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (site.exitCode === null && site.signalCode === null) {
    const exited = new Promise((resolve) => site.once('exit', resolve));
    site.kill('SIGINT');
    await exited;
  }
  await backend.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
site.on('exit', (code) => {
  if (!stopping) {
    console.error(`dev: sitegen watch stopped (exit code ${code}); stopping PocketBase`);
    void stop(code || 1);
  }
});
