import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { CacheDamaged, checksum } from '../base/sealed-file';
import { leftBehind, temporaryName, writeInPlaceSync } from '../base/temporary-file';

/** Where one rendered Markdown body lies: in which pack, from which byte, how many bytes (UTF-8). */
export interface BodyLocation extends BodySpan {
  /** The pack's name: a hash of its bytes. */
  pack: string;
}

/** A body's bytes in a pack, and their checksum (checked when it is read: `CacheDamaged`). */
export interface BodySpan {
  start: number;
  length: number;
  sum: number;
}


/** Edits one at a time add small packs: past this many, the live entries are written into one. */
const MAX_PACKS = 16;

/**
 * Whether the live entries (those in packs, `packed`, and those in this build's `stream`,
 * `streamed`) should be written into one new pack: they are under half of the bytes the packs
 * and the stream hold, or there would be too many packs.
 */
export function compactionDue(packed: readonly BodyLocation[], streamed: readonly BodySpan[], stream: PackStream | undefined): boolean {
  const live = [...packed, ...streamed].reduce((sum, entry) => sum + entry.length, 0);
  const ends = packEnds(packed);
  const held = [...ends.values()].reduce((sum, bytes) => sum + bytes, 0) + (stream?.bytes ?? 0);
  return live < held / 2 || ends.size + (streamed.length > 0 ? 1 : 0) >= MAX_PACKS;
}

/** How far into its pack the furthest of `bodies` reaches, by pack: the bytes each pack must hold. */
export function packEnds(bodies: Iterable<BodyLocation>): Map<string, number> {
  const ends = new Map<string, number>();
  for (const { pack, start, length } of bodies) ends.set(pack, Math.max(ends.get(pack) ?? 0, start + length));
  return ends;
}

/**
 * The rendered Markdown of the build cache, kept beside its index (`build.bin`) in pack files
 * (`bodies-<hash>.bin`): every body a build rendered goes into one new pack, written in one go.
 * A pack is named by its bytes, so two builds of one site at once never write into each other's
 * packs: at worst one deletes a pack the other's index names, which the next build finds
 * missing and renders again.
 * The index only says where each body lies, so a build reads the bodies of the pages it renders
 * and nothing else: an unchanged site reads none. Bodies no longer used are dropped by writing
 * the live ones into a new pack once they are under half of what the packs hold.
 */
export class BodyPacks {
  private readonly open = new Map<string, number>();
  private readonly name: RegExp;

  /** `kind`: what the packs hold, the start of their names (`bodies`; `pages` for `cached-pages.ts`). */
  constructor(
    private readonly dir: string,
    private readonly kind = 'bodies',
  ) {
    this.name = new RegExp(`^${kind}-([0-9a-f]+)\\.bin$`);
  }

  /** The packs that exist and hold at least `bytes` (their furthest body's end). */
  readable(bytes: ReadonlyMap<string, number>): Set<string> {
    const readable = new Set<string>();
    for (const [pack, end] of bytes) {
      const size = statSync(this.fileOf(pack), { throwIfNoEntry: false })?.size;
      if (size !== undefined && size >= end) readable.add(pack);
    }
    return readable;
  }

  read(location: BodyLocation): string {
    return this.readBytes(location).toString('utf8');
  }

  readBytes(location: BodyLocation): Buffer {
    const { pack } = location;
    let fd = this.open.get(pack);
    if (fd === undefined) {
      fd = openSync(this.fileOf(pack), 'r');
      this.open.set(pack, fd);
    }
    return readSpan(fd, location, this.fileOf(pack));
  }

  /** A new pack to append bodies to as a build renders them (see PackStream). */
  stream(): PackStream {
    return new PackStream(this.dir, this.kind, (pack) => this.fileOf(pack));
  }

  /** Writes `bodies` (text, or bytes as they are) into a new pack (through a temporary file); where each one lies. */
  write(bodies: ReadonlyArray<string | Uint8Array>): BodyLocation[] {
    const buffers = bodies.map((body) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body));
    const bytes = Buffer.concat(buffers);
    const pack = createHash('sha1').update(bytes).digest('hex').slice(0, 20);
    let start = 0;
    const locations = buffers.map((buffer) => {
      const location = { pack, start, length: buffer.length, sum: checksum(buffer) };
      start += buffer.length;
      return location;
    });
    writeInPlaceSync(this.fileOf(pack), bytes);
    return locations;
  }

  /** Closes the packs read so far and deletes every pack (or stray temporary file) not in `keep`. */
  finish(keep: ReadonlySet<string>): void {
    this.close();
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const pack = this.name.exec(name);
      // A temporary file of a build still running (here or in another process) is its own.
      const stray = name.startsWith(`${this.kind}-`) && leftBehind(name);
      if ((pack && !keep.has(pack[1]!)) || stray) rmSync(path.join(this.dir, name), { force: true });
    }
  }

  close(): void {
    for (const fd of this.open.values()) closeSync(fd);
    this.open.clear();
  }

  private fileOf(pack: string): string {
    return path.join(this.dir, `${this.kind}-${pack}.bin`);
  }
}

/**
 * A pack written body by body as a build renders them, so that no build holds every rendered
 * body at once: each is appended as it arrives and read back when a page asks for it. It gets
 * its name (a hash of its bytes) once the build has succeeded (`finish`); a failed build
 * deletes it (`abandon`), and a killed one leaves a temporary file the next build removes.
 */
export class PackStream {
  private fd: number | undefined;
  private readonly hash = createHash('sha1');
  private size = 0;
  private readonly temporary: string;
  private named: string | undefined;

  constructor(
    private readonly dir: string,
    kind: string,
    private readonly fileOf: (pack: string) => string,
  ) {
    this.temporary = temporaryName(path.join(dir, `${kind}-stream`));
  }

  /** Where `html` (text, or bytes as they are) lies in this pack. */
  append(html: string | Uint8Array): BodySpan {
    if (this.named !== undefined) throw new Error('the pack is finished');
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true });
      this.fd = openSync(this.temporary, 'w+');
    }
    const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
    for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done, this.size + done);
    this.hash.update(bytes);
    const at = { start: this.size, length: bytes.length, sum: checksum(bytes) };
    this.size += bytes.length;
    return at;
  }

  read(span: BodySpan): string {
    return this.readBytes(span).toString('utf8');
  }

  readBytes(span: BodySpan): Buffer {
    if (this.fd !== undefined) return readSpan(this.fd, span, this.temporary);
    if (this.named === undefined) throw new Error('the pack was abandoned');
    const fd = openSync(this.fileOf(this.named), 'r');
    try {
      return readSpan(fd, span, this.fileOf(this.named));
    } finally {
      closeSync(fd);
    }
  }

  get bytes(): number {
    return this.size;
  }

  /** Closes the pack and names it by its bytes; undefined when nothing was appended. */
  finish(): string | undefined {
    if (this.fd === undefined) return this.named;
    closeSync(this.fd);
    this.fd = undefined;
    this.named = this.hash.digest('hex').slice(0, 20);
    renameSync(this.temporary, this.fileOf(this.named));
    return this.named;
  }

  /** Deletes the pack unless it was finished. */
  abandon(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.temporary, { force: true });
  }
}

function readSpan(fd: number, { start, length, sum }: BodySpan, file: string): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, bytes, done, length - done, start + done);
    if (read === 0) throw new CacheDamaged(`${file} ends before byte ${start + length}`);
    done += read;
  }
  if (checksum(bytes) !== sum) throw new CacheDamaged(`${file}: the entry at byte ${start} does not match its checksum`);
  return bytes;
}
