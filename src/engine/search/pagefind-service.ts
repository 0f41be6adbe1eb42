import { letPagefindGo } from './pagefind-pause';

/**
 * Who uses Pagefind's service in this process. Pagefind runs one service (a child process) for
 * the whole process, which its `close()` stops: two builds at once (the API, a watch session's
 * index beside a build) share it, and the last one out stops it (closing it under another's
 * indexes loses them).
 */
let pagefindUsers = 0;

/**
 * Keeps Pagefind's service running until the returned function is called: each indexing holds
 * it while it works, and a watch session for its whole length (it indexes after each edit,
 * and starting the service took a new process each time).
 */
export function holdPagefind(): () => Promise<void> {
  pagefindUsers++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--pagefindUsers > 0) return;
    letPagefindGo();
    await (await import('pagefind')).close();
  };
}
