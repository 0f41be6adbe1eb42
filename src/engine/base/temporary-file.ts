import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, writeFileSync, writevSync } from 'node:fs';

/**
 * Files are written under a temporary name beside their own and renamed into place, so a
 * reader (another build, in this process or another) never sees half of one. The temporary
 * name carries the writer's process id: what a process that is gone left behind may be removed.
 */
export function temporaryName(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Writes the file's new contents (`data`, or its parts one after the other) under a temporary name, then renames it into place. */
export function writeInPlaceSync(file: string, data: string | NodeJS.ArrayBufferView | readonly NodeJS.ArrayBufferView[]): void {
  const temporary = temporaryName(file);
  if (Array.isArray(data)) writePartsSync(temporary, data);
  else writeFileSync(temporary, data as string | NodeJS.ArrayBufferView);
  renameSync(temporary, file);
}

function writePartsSync(file: string, parts: readonly NodeJS.ArrayBufferView[]): void {
  const descriptor = openSync(file, 'w');
  try {
    let left = parts.reduce((sum, part) => sum + part.byteLength, 0);
    let pending = parts;
    // writev may write less than asked (a full disk, a signal): the rest is written after.
    while (left > 0) {
      const written = writevSync(descriptor, pending);
      left -= written;
      pending = rest(pending, written);
    }
  } finally {
    closeSync(descriptor);
  }
}

/** `parts` without their first `written` bytes. */
function rest(parts: readonly NodeJS.ArrayBufferView[], written: number): NodeJS.ArrayBufferView[] {
  const left: NodeJS.ArrayBufferView[] = [];
  for (const part of parts) {
    if (written >= part.byteLength) {
      written -= part.byteLength;
      continue;
    }
    left.push(written === 0 ? part : new Uint8Array(part.buffer, part.byteOffset + written, part.byteLength - written));
    written = 0;
  }
  return left;
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
