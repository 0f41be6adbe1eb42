import { spawn } from 'node:child_process';
import { reportFailure } from './report';

export interface WatchFlags {
  root: string;
  host: string;
  port: string;
  open: boolean;
  verbose: boolean;
}

/** `sitegen watch`: serve, rebuild on change, stop cleanly on Ctrl-C. */
export async function runWatch(flags: WatchFlags): Promise<void> {
  const { watch } = await import('../engine/index');
  try {
    const watcher = await watch({ root: flags.root, host: flags.host, port: Number(flags.port), verbose: flags.verbose });
    console.log(`sitegen: serving ${watcher.url} and watching for changes (Ctrl-C stops)`);
    if (flags.open) openBrowser(watcher.url);
    const stop = () => {
      void watcher.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    await reportFailure(error, flags.verbose, 'watch');
  }
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => console.error(`sitegen: could not open a browser; visit ${url}`));
  child.unref();
}
