import type { RemoteObject } from './bucket';
import type { ExecuteEvents, Step } from './execute';
import type { LocalSite } from './local-site';
import { allDeletes, totals, type PublishPlan, type Upload } from './plan';

/** What a publish tells the person or CI log watching it. */
export interface PublishReporter extends ExecuteEvents {
  planned(summary: PlanSummary): void;
  retrying(what: string, attempt: number, error: unknown, delayMs: number): void;
  warn(message: string): void;
  /** Ends any progress line before the caller prints its own. */
  close(): void;
}

export interface PlanSummary {
  local: LocalSite;
  plan: PublishPlan;
  target: string;
  keptBuilds: readonly string[];
  dryRun: boolean;
  /** The security headers policy of the build and of the live build (hashes), and whether --policy-changed was given. */
  policy?: { build: string | undefined; live: string | undefined; changedByFlag: boolean };
}

/** Objects left alone listed one by one, at most this many unless on a dry run. */
const LEFT_ALONE_SHOWN = 10;

const STEP_NAMES: Readonly<Record<Step, string>> = {
  record: 'deploy record',
  assets: 'assets',
  pages: 'pages',
  pointer: 'latest.json',
  delete: 'delete',
};

/** Reports nothing (the programmatic API's default). */
export const silentReporter: PublishReporter = {
  planned() {},
  retrying() {},
  warn() {},
  step() {},
  uploaded() {},
  deleted() {},
  close() {},
};

/**
 * Progress for a terminal (one bar redrawn in place) or for a log (plain lines: one per
 * object uploaded or deleted). `write` receives text with its own line ends.
 */
export function createReporter(options: { interactive: boolean; write: (text: string) => void }): PublishReporter {
  const { interactive, write } = options;
  let bar: { step: Step; total: number; bytes: number; done: number; doneBytes: number; drawnAt: number } | undefined;

  const draw = (force = false) => {
    if (!interactive || !bar) return;
    const now = performance.now();
    if (!force && now - bar.drawnAt < 80) return;
    bar.drawnAt = now;
    const width = 24;
    const filled = bar.total === 0 ? width : Math.round((bar.done / bar.total) * width);
    const line = `  ${STEP_NAMES[bar.step].padEnd(13)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${bar.done}/${bar.total}  ${formatBytes(bar.doneBytes)} of ${formatBytes(bar.bytes)}`;
    write(`\r\x1b[2K${line}`);
  };
  const endBar = () => {
    if (interactive && bar) {
      draw(true);
      write('\n');
    }
    bar = undefined;
  };
  const line = (text: string) => {
    if (interactive && bar) write('\r\x1b[2K');
    write(`${text}\n`);
    draw(true);
  };
  const advance = (count: number, bytes: number) => {
    if (!bar) return;
    bar.done += count;
    bar.doneBytes += bytes;
    draw(bar.done === bar.total);
  };

  return {
    planned(summary) {
      for (const text of describePlan(summary)) write(`${text}\n`);
    },
    retrying(what, attempt, error, delayMs) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      line(`  retrying to ${what} in ${(delayMs / 1000).toFixed(1)} s (try ${attempt + 1}; ${reason.split('\n')[0]})`);
    },
    warn(message) {
      line(`  warning: ${message}`);
    },
    step(step, count, bytes) {
      endBar();
      if (interactive) {
        bar = { step, total: count, bytes, done: 0, doneBytes: 0, drawnAt: 0 };
        draw(true);
      } else {
        write(`${STEP_NAMES[step]}: ${step === 'delete' ? 'deleting' : 'uploading'} ${count} (${formatBytes(bytes)})\n`);
      }
    },
    uploaded(upload: Upload) {
      if (interactive) advance(1, upload.object.size);
      else write(`  uploaded ${upload.object.key} (${upload.reason}, ${formatBytes(upload.object.size)})\n`);
    },
    deleted(objects: readonly RemoteObject[]) {
      if (interactive) advance(objects.length, totals(objects).bytes);
      else for (const object of objects) write(`  deleted ${object.key}\n`);
    },
    close() {
      endBar();
    },
  };
}

/** The plan as lines: totals, then (on a dry run) every action. */
export function describePlan({ local, plan, target, keptBuilds, dryRun, policy }: PlanSummary): string[] {
  const uploads = plan.phases.flatMap((entry) => entry.uploads);
  const up = totals(uploads);
  const skip = totals(plan.skipped);
  const deletes = allDeletes(plan);
  const del = totals(deletes);
  const byPhase = plan.phases
    .filter((entry) => entry.uploads.length > 0)
    .map((entry) => `${STEP_NAMES[entry.phase]} ${entry.uploads.length}`)
    .join(', ');
  const lines = [
    `sitegen: ${dryRun ? 'dry run: would publish' : 'publishing'} build ${local.buildId} from ${local.dir} to ${target}`,
    `  upload ${count(up.count)} (${formatBytes(up.bytes)})${byPhase ? `: ${byPhase}` : ''}`,
    `  skip   ${count(skip.count)} (${formatBytes(skip.bytes)}) unchanged`,
    `  delete ${count(del.count)} (${formatBytes(del.bytes)})`,
  ];
  if (plan.kept.length > 0 || keptBuilds.length > 0) {
    lines.push(`  keep   ${count(plan.kept.length)} of ${keptBuilds.length} earlier build${keptBuilds.length === 1 ? '' : 's'} (${keptBuilds.join(', ')}) for pages still open`);
  }
  if (plan.leftAlone.length > 0) lines.push(...describeLeftAlone(plan, dryRun));
  if (policy?.build) {
    const state =
      policy.live === undefined ? 'none recorded for the live build' : policy.live === policy.build ? 'the same as the live build' : `the live build has ${policy.live}${policy.changedByFlag ? '; the host was updated (--policy-changed)' : ''}`;
    lines.push(`  policy ${policy.build} (${state})`);
  }
  if (dryRun) {
    for (const { phase, uploads: list } of plan.phases) {
      for (const upload of list) lines.push(`  would upload ${upload.object.key} (${STEP_NAMES[phase]}, ${upload.reason}, ${formatBytes(upload.object.size)})`);
    }
    for (const object of deletes) lines.push(`  would delete ${object.key}`);
  }
  return lines;
}

/** What the publish does not touch: other sites inside the prefix by folder, other objects by key. */
function describeLeftAlone(plan: PublishPlan, dryRun: boolean): string[] {
  const all = totals(plan.leftAlone.map((entry) => entry.object));
  const lines = [`  leave  ${count(all.count)} (${formatBytes(all.bytes)}) alone: no deploy record lists them, or another site owns them`];
  const sites = new Map<string, number>();
  const others: string[] = [];
  for (const { object, site } of plan.leftAlone) {
    if (site === undefined) others.push(object.key);
    else sites.set(site, (sites.get(site) ?? 0) + 1);
  }
  for (const [site, n] of sites) lines.push(`    ${site} (another site: it has its own _sitegen/builds/latest.json): ${count(n)}`);
  const shown = dryRun ? others : others.slice(0, LEFT_ALONE_SHOWN);
  for (const key of shown) lines.push(`    ${key} (not published by sitegen)`);
  if (shown.length < others.length) lines.push(`    ... and ${others.length - shown.length} more (--dry-run lists them all)`);
  return lines;
}

function count(n: number): string {
  return `${n} object${n === 1 ? '' : 's'}`;
}

/** 1,234,567 bytes as "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
