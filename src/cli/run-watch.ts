import { reportFailure } from './report';

export interface WatchFlags {
  root: string;
  host: string;
  port: string;
  open: boolean;
  drafts: boolean;
  future: boolean;
  verbose: boolean;
}

/** `sitegen watch`: serve, rebuild on change, stop cleanly on Ctrl-C. */
export async function runWatch(flags: WatchFlags): Promise<void> {
  const { watch } = await import('../engine/index');
  try {
    const watcher = await watch({ root: flags.root, host: flags.host, port: Number(flags.port), drafts: flags.drafts, future: flags.future, verbose: flags.verbose });
    console.log(`sitegen: serving ${watcher.url} and watching for changes (Ctrl-C stops)`);
    if (flags.open) await openBrowser(watcher.url);
    // A second Ctrl-C stops at once, whatever the first is still waiting for.
    let stopping = false;
    const stop = () => {
      if (stopping) process.exit(130);
      stopping = true;
      void watcher.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    await reportFailure(error, flags.verbose, 'watch');
  }
}

/**
 * The default browser, through `open` (which knows macOS, Windows, WSL, Linux desktops and
 * containers); a machine without one only gets the address to visit.
 */
async function openBrowser(url: string): Promise<void> {
  const { default: open } = await import('open');
  try {
    const child = await open(url);
    child.once('error', () => console.error(`sitegen: could not open a browser; visit ${url}`));
  } catch {
    console.error(`sitegen: could not open a browser; visit ${url}`);
  }
}
