/**
 * Debian's nginx with the repo's recommended configuration (pocketbase/deploy/nginx.conf), its
 * lines marked "site" dropped and the upstream pointed at a test server, listening on a free
 * loopback port; stopped, and its folder removed, by `stop`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/backend/server';
import { REPO } from './site';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function startNginx(upstream: number): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX}: run npm run test:setup`);
  const dir = await mkdtemp(path.join(tmpdir(), 'sitegen-nginx-'));
  // nginx's workers (user nobody) write a large body to client_body_temp_path inside it.
  await chmod(dir, 0o755);
  const port = await freePort();
  const recommended = await readFile(path.join(REPO, 'pocketbase/deploy/nginx.conf'), 'utf8');
  const site = recommended
    .split('\n')
    .filter((line) => !/#\s*site\s*$/.test(line))
    .join('\n')
    .replace('server 127.0.0.1:8090;', `server 127.0.0.1:${upstream};`)
    .replace(/server \{\n/, `server {\n    listen 127.0.0.1:${port};\n`);
  await writeFile(path.join(dir, 'site.conf'), site);
  for (const temp of ['body', 'proxy']) await mkdir(path.join(dir, temp), { mode: 0o777 });
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
