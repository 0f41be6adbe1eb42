import type { RemoteObject } from './bucket';
import type { DeployRecord } from './deploy-record';
import { isBuildScoped, RECORDS_DIR, recordKey } from './object-kinds';

const RECORD_KEY = new RegExp(`^${RECORDS_DIR}/([0-9a-z-]+)\\.json$`);

/**
 * The earlier builds whose hashed assets stay: the `keepBuilds` most recently recorded ones
 * (by when their record was first uploaded), and always the build that is live now, since
 * pages of it are open while this publish runs.
 */
export function chooseKeptBuilds(remote: ReadonlyMap<string, RemoteObject>, currentId: string, liveId: string | undefined, keepBuilds: number): string[] {
  const recorded = [...remote.values()]
    .map((object) => ({ id: RECORD_KEY.exec(object.key)?.[1], at: object.lastModified.getTime() }))
    .filter((entry): entry is { id: string; at: number } => entry.id !== undefined && entry.id !== currentId)
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
  const ids = recorded.slice(0, keepBuilds).map((entry) => entry.id);
  if (liveId !== undefined && liveId !== currentId && !ids.includes(liveId)) ids.push(liveId);
  return ids;
}

/**
 * The remote keys that kept builds' open pages may still load. A build without a record
 * (published before records existed, or by hand) keeps every hashed asset, message file and
 * route manifest in the bucket: there is no telling which ones its pages use.
 */
export function keptKeys(remote: ReadonlyMap<string, RemoteObject>, builds: ReadonlyArray<{ id: string; record: DeployRecord | undefined }>): Set<string> {
  const kept = new Set<string>();
  for (const { id, record } of builds) {
    const own = recordKey(id);
    const candidates = record ? [...Object.keys(record.files), own] : remote.keys();
    for (const key of candidates) {
      if (!remote.has(key) || !isBuildScoped(key)) continue;
      // Of the records, only the kept build's own.
      if (key.startsWith(`${RECORDS_DIR}/`) && key !== own) continue;
      kept.add(key);
    }
  }
  return kept;
}

/** The build id of a deploy record's key, or undefined for any other key. */
export function recordIdOf(key: string): string | undefined {
  return RECORD_KEY.exec(key)?.[1];
}

/** Whether anything under the prefix shows that sitegen published there. */
export function publishedBySitegen(remote: ReadonlyMap<string, RemoteObject>, pointerKey: string): boolean {
  if (remote.has(pointerKey)) return true;
  for (const key of remote.keys()) if (RECORD_KEY.test(key)) return true;
  return false;
}
