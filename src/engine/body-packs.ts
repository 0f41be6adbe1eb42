import { closeSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where one rendered Markdown body lies: in which pack, from which byte, how many bytes (UTF-8). */
export interface BodyLocation {
  pack: number;
  start: number;
  length: number;
}

const PACK = /^bodies-(\d+)\.bin$/;

/**
 * The rendered Markdown of the build cache, kept beside its index (`build.bin`) in pack files
 * (`bodies-<n>.bin`): every body a build rendered goes into one new pack, written in one go.
 * The index only says where each body lies, so a build reads the bodies of the pages it renders
 * and nothing else: an unchanged site reads none. Bodies no longer used are dropped by writing
 * the live ones into a new pack once they are under half of what the packs hold.
 */
export class BodyPacks {
  private readonly open = new Map<number, number>();

  constructor(private readonly dir: string) {}

  /** The packs that exist and hold at least `bytes` (their furthest body's end). */
  readable(bytes: ReadonlyMap<number, number>): Set<number> {
    const readable = new Set<number>();
    for (const [pack, end] of bytes) {
      const size = statSync(this.fileOf(pack), { throwIfNoEntry: false })?.size;
      if (size !== undefined && size >= end) readable.add(pack);
    }
    return readable;
  }

  read({ pack, start, length }: BodyLocation): string {
    let fd = this.open.get(pack);
    if (fd === undefined) {
      fd = openSync(this.fileOf(pack), 'r');
      this.open.set(pack, fd);
    }
    const bytes = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const read = readSync(fd, bytes, done, length - done, start + done);
      if (read === 0) throw new Error(`${this.fileOf(pack)} ends before byte ${start + length}`);
      done += read;
    }
    return bytes.toString('utf8');
  }

  /** Writes `bodies` into pack number `pack` (through a temporary file); where each one lies. */
  write(pack: number, bodies: readonly string[]): BodyLocation[] {
    const buffers = bodies.map((body) => Buffer.from(body, 'utf8'));
    let start = 0;
    const locations = buffers.map((buffer) => {
      const location = { pack, start, length: buffer.length };
      start += buffer.length;
      return location;
    });
    const file = this.fileOf(pack);
    const temporary = `${file}.tmp-${process.pid}`;
    writeFileSync(temporary, Buffer.concat(buffers));
    renameSync(temporary, file);
    return locations;
  }

  /** Closes the packs read so far and deletes every pack (or stray temporary file) not in `keep`. */
  finish(keep: ReadonlySet<number>): void {
    this.close();
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const pack = PACK.exec(name);
      const stray = name.startsWith('bodies-') && name.includes('.tmp-');
      if ((pack && !keep.has(Number(pack[1]))) || stray) rmSync(path.join(this.dir, name), { force: true });
    }
  }

  close(): void {
    for (const fd of this.open.values()) closeSync(fd);
    this.open.clear();
  }

  private fileOf(pack: number): string {
    return path.join(this.dir, `bodies-${pack}.bin`);
  }
}
