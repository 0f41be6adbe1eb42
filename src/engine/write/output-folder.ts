import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILDS_DIR } from '../base/output-paths';
import { BuildFailure, SiteError } from '../diagnostics/diagnostic';
import { temporaryName } from '../base/temporary-file';

/**
 * The output folder is a plain folder: copy it, archive it, serve it. Beside it, in
 * `.<name>.sitegen/`, sitegen keeps a standby copy of the site and the manifests of both:
 *
 * - a build brings the standby copy up to date (writing only what differs from what it holds,
 *   hard-linking what the live output holds unchanged), then swaps the two folders with renames:
 *   the output goes to `retiring/`, the standby copy takes the output's name, and the old output
 *   becomes the next standby copy;
 * - `manifests/<device>-<inode>.json` is each copy's manifest (file -> hash of its bytes), named
 *   by the folder's identity, which renames keep; `swap.json`, while a swap is under way, says
 *   which folder becomes live. A swap a kill interrupted is finished by the next sitegen command
 *   that opens the folder (`repairOutput`).
 *
 * Until the first rename the output is untouched, so a failed or killed build leaves the
 * previous site whole; between the two renames (two system calls) the output folder is
 * missing, and the complete previous site is in `retiring/` until the repair.
 */
export interface OutputLayout {
  outDir: string;
  slotsDir: string;
  standby: string;
  retiring: string;
  manifests: string;
  swapFile: string;
}

export function layoutOf(outDir: string): OutputLayout {
  const slotsDir = path.join(path.dirname(outDir), `.${path.basename(outDir)}.sitegen`);
  return {
    outDir,
    slotsDir,
    standby: path.join(slotsDir, 'standby'),
    retiring: path.join(slotsDir, 'retiring'),
    manifests: path.join(slotsDir, 'manifests'),
    swapFile: path.join(slotsDir, 'swap.json'),
  };
}

/** A swap under way: the copy that becomes live, and the one that was. */
export interface Swap {
  next: string;
  previous: string | undefined;
}

/** The file that names the build a folder holds: sitegen wrote a folder that has it. */
export const LATEST = `${BUILDS_DIR}/latest.json`;

/** A folder's identity across renames: its device and inode. */
export function folderKey(dir: string): string | undefined {
  const stat = statSync(dir, { throwIfNoEntry: false, bigint: true });
  return stat?.isDirectory() ? `${stat.dev}-${stat.ino}` : undefined;
}

export function writeSwap(layout: OutputLayout, swap: Swap): void {
  writeAtomically(layout.swapFile, JSON.stringify(swap));
}

export function clearSwap(layout: OutputLayout): void {
  rmSync(layout.swapFile, { force: true });
}

function readSwap(layout: OutputLayout): Swap | undefined {
  try {
    return JSON.parse(readFileSync(layout.swapFile, 'utf8')) as Swap;
  } catch {
    return undefined;
  }
}

/** Written through a temporary file: a reader sees the old version or the new one, whole. */
function writeAtomically(file: string, text: string): void {
  const temporary = temporaryName(file);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * Finishes a swap a killed build left half done, turns an output of the earlier link layout
 * into a plain folder, and removes what stopped builds left. Every sitegen command that reads
 * or writes the output calls it first; it does nothing when there is nothing to do.
 */
export function repairOutput(outDir: string): void {
  const layout = layoutOf(outDir);
  if (!existsSync(layout.slotsDir)) return;
  fromLinkLayout(layout);
  const swap = readSwap(layout);
  if (swap) {
    finishSwap(layout, swap);
    clearSwap(layout);
  }
  for (const name of readdirSync(layout.slotsDir)) {
    if (name.startsWith('previous-') || name.startsWith('swap.json.tmp-') || name === 'state.json') rmSync(path.join(layout.slotsDir, name), { recursive: true, force: true });
  }
}

/**
 * The swap, step by step; each step can be repeated after a kill. `next` (the standby copy)
 * becomes the output; the output, if there was one, becomes the standby copy.
 */
export function swapSteps(layout: OutputLayout): Array<() => void> {
  return [
    () => existsSync(layout.outDir) && renameSync(layout.outDir, layout.retiring),
    () => renameSync(layout.standby, layout.outDir),
    () => existsSync(layout.retiring) && renameSync(layout.retiring, layout.standby),
  ];
}

/** Where a swap stopped, from the folders that exist: the steps still to take. */
function finishSwap(layout: OutputLayout, swap: Swap): void {
  const live = folderKey(layout.outDir);
  if (live === swap.previous && live !== undefined) return; // Not begun: the old output stays.
  if (live === undefined && folderKey(layout.standby) === swap.next) renameSync(layout.standby, layout.outDir);
  if (folderKey(layout.outDir) === swap.next && existsSync(layout.retiring)) renameSync(layout.retiring, layout.standby);
}

/**
 * An output folder an earlier sitegen wrote was a link to `.<name>.sitegen/a` or `/b`: the
 * copy it pointed at becomes the output folder, the other one the standby copy.
 */
function fromLinkLayout(layout: OutputLayout): void {
  const link = lstatSync(layout.outDir, { throwIfNoEntry: false });
  const slots = ['a', 'b'].map((slot) => path.join(layout.slotsDir, slot));
  if (link?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(layout.outDir), readlinkSync(layout.outDir));
    if (!slots.includes(target) || !existsSync(target)) return;
    unlinkSync(layout.outDir);
    renameSync(target, layout.outDir);
  }
  for (const slot of slots) {
    if (!existsSync(slot)) continue;
    if (!existsSync(layout.standby)) renameSync(slot, layout.standby);
    else rmSync(slot, { recursive: true, force: true });
  }
  for (const manifest of ['a.json', 'b.json']) rmSync(path.join(layout.slotsDir, manifest), { force: true });
}

/** Refuses to replace a folder that sitegen did not write: a mistyped --out must not delete anything. */
export function assertReplaceable(outDir: string): void {
  const stat = lstatSync(outDir, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory() && (readdirSync(outDir).length === 0 || existsSync(path.join(outDir, LATEST)))) return;
  throw new BuildFailure([
    new SiteError('output/not-sitegen', `the output folder ${outDir} holds files that sitegen did not write`, {
      file: outDir,
      hint: 'choose an empty or new folder with --out, or delete this one yourself',
    }),
  ]);
}
