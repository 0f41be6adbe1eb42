import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Holds this process's Pagefind service still until the returned function is called: SIGSTOP
 * now, SIGCONT then. `sitegen watch` makes the search index after an edit's pages are served,
 * and on a large site it is still being made when the next edit comes; Pagefind's service then
 * ran its threads on both cores beside the rebuild, and the edited page came about a quarter
 * later (docs/performance.md, "Watch: Pagefind held while a rebuild runs"). Lowering its
 * priority did not do it: on Linux `renice` of a process reaches only its first thread.
 *
 * The service is found as a child process of this one whose command is Pagefind's binary with
 * `--service` (the `pagefind` package starts it and does not say its process id), from
 * `/proc`; where there is no `/proc` (macOS, Windows) this does nothing. Whatever is held is
 * let go before the service is closed (`pagefind-service.ts`) and when this process exits.
 */
export function holdPagefindStill(): () => void {
  const held = pagefindServices().filter((pid) => signal(pid, 'SIGSTOP'));
  for (const pid of held) stopped.add(pid);
  if (held.length > 0 && !exitHooked) {
    exitHooked = true;
    process.once('exit', letPagefindGo);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const pid of held) {
      stopped.delete(pid);
      signal(pid, 'SIGCONT');
    }
  };
}

/** Lets every service this process holds still go on (before it is closed: a stopped process does not take SIGTERM). */
export function letPagefindGo(): void {
  for (const pid of stopped) signal(pid, 'SIGCONT');
  stopped.clear();
}

const stopped = new Set<number>();
let exitHooked = false;

function signal(pid: number, name: 'SIGSTOP' | 'SIGCONT'): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    // Gone meanwhile, or signals this platform does not have.
    return false;
  }
}

/** The process ids of this process's children that are Pagefind's service, from `/proc` (none without it). */
export function pagefindServices(): number[] {
  const services: number[] = [];
  for (const child of childProcesses()) {
    const argv = readOr(`/proc/${child}/cmdline`).split('\0');
    if (/^pagefind/.test(path.basename(argv[0] ?? '')) && argv.includes('--service')) services.push(child);
  }
  return services;
}

/** The direct children of this process: each of its threads' (`/proc/<pid>/task/<tid>/children`). */
function childProcesses(): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${process.pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => readOr(`/proc/${process.pid}/task/${task}/children`).split(' ').filter(Boolean).map(Number));
}

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
