import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Files are written under a temporary name beside their own and renamed into place, so a
 * reader (another build, in this process or another) never sees half of one. The temporary
 * name carries the writer's process id: what a process that is gone left behind may be removed.
 */
export function temporaryName(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function writeInPlaceSync(file: string, data: string | NodeJS.ArrayBufferView): void {
  const temporary = temporaryName(file);
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Whether `name` is a temporary file whose writer is no longer running. */
export function leftBehind(name: string): boolean {
  const writer = /\.tmp-(\d+)-[0-9a-f]+$/.exec(name);
  return writer !== null && !running(Number(writer[1]));
}

/** Whether a process with this id exists (one that is not ours to signal exists too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
