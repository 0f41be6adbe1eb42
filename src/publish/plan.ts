import type { RemoteObject } from './bucket';
import type { DeployRecord } from './deploy-record';
import type { LocalObject, LocalSite } from './local-site';
import { PHASES, phaseOf, type Phase } from './object-kinds';

export type UploadReason = 'new' | 'changed' | 'headers';

export interface Upload {
  object: LocalObject;
  reason: UploadReason;
}

/** What a publish will do, in the order it does it. */
export interface PublishPlan {
  buildId: string;
  /** Uploads by phase, in PHASES order; every phase is listed, empty or not. */
  phases: ReadonlyArray<{ phase: Phase; uploads: Upload[] }>;
  skipped: LocalObject[];
  /** Deletions in two steps, pages and other files first, then the hashed assets of dropped builds. */
  deletes: readonly [RemoteObject[], RemoteObject[]];
  /** Objects of earlier builds that stay although this build does not have them. */
  kept: RemoteObject[];
  /** Objects under the prefix that sitegen did not publish (or another site did): never deleted. */
  leftAlone: LeftAlone[];
}

/** An object the publish does not touch, and why. */
export interface LeftAlone {
  object: RemoteObject;
  /** The prefix of another site published inside this one (its own `latest.json`), or undefined: no deploy record lists it. */
  site: string | undefined;
}

export interface PlanInput {
  local: LocalSite;
  remote: ReadonlyMap<string, RemoteObject>;
  /** The record of the build live now: objects whose headers it recorded differently are uploaded again. */
  liveRecord: DeployRecord | undefined;
  /** Remote keys that stay for earlier builds (see retention.ts). */
  kept: ReadonlySet<string>;
  /** Remote keys that a deploy record in the bucket lists: sitegen published them. */
  published: ReadonlySet<string>;
  /** Prefixes (relative to the target's, ending in `/`) where another site is published. */
  otherSites: readonly string[];
}

/**
 * Compares the build with the bucket: an object whose MD5 equals the remote ETag, with the
 * headers the live build recorded for it, is skipped; others are uploaded in phase order;
 * remote objects that are neither in the build nor kept are deleted when sitegen published them
 * (a deploy record lists them, or they are in its own `_sitegen/` and `_i18n/` folders) and they
 * are not in another site's prefix; the rest are left alone.
 */
export function planPublish({ local, remote, liveRecord, kept, published, otherSites }: PlanInput): PublishPlan {
  const phases = PHASES.map((phase) => ({ phase, uploads: [] as Upload[] }));
  const skipped: LocalObject[] = [];
  for (const object of local.objects) {
    const reason = uploadReason(object, remote.get(object.key), liveRecord);
    if (reason) phases.find((entry) => entry.phase === phaseOf(object.kind))!.uploads.push({ object, reason });
    else skipped.push(object);
  }
  const wanted = new Set(local.objects.map((object) => object.key));
  const pagesFirst: RemoteObject[] = [];
  const assetsLast: RemoteObject[] = [];
  const keptObjects: RemoteObject[] = [];
  const leftAlone: LeftAlone[] = [];
  for (const object of [...remote.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    if (wanted.has(object.key)) continue;
    const site = otherSites.find((prefix) => object.key.startsWith(prefix));
    const own = isOwnNamespace(object.key);
    if (site !== undefined || !(own || published.has(object.key))) leftAlone.push({ object, site });
    else if (kept.has(object.key)) keptObjects.push(object);
    else if (own) assetsLast.push(object);
    else pagesFirst.push(object);
  }
  return { buildId: local.buildId, phases, skipped, deletes: [pagesFirst, assetsLast], kept: keptObjects, leftAlone };
}

/** sitegen's own folders: hashed assets, builds, records and messages. */
const isOwnNamespace = (key: string) => key.startsWith('_sitegen/') || key.startsWith('_i18n/');

/**
 * Prefixes inside the target where another site is published: folders holding their own
 * `_sitegen/builds/latest.json` or deploy record. Everything under them belongs to that site.
 */
export function otherSitePrefixes(keys: Iterable<string>): string[] {
  const prefixes = new Set<string>();
  for (const key of keys) {
    const match = /^(.+\/)_sitegen\/builds\/(?:latest\.json|deploys\/[^/]+\.json)$/.exec(key);
    if (match) prefixes.add(match[1]!);
  }
  // A site inside another site inside this one is that one's business.
  return [...prefixes].filter((prefix) => ![...prefixes].some((outer) => outer !== prefix && prefix.startsWith(outer))).sort();
}

function uploadReason(object: LocalObject, remote: RemoteObject | undefined, liveRecord: DeployRecord | undefined): UploadReason | undefined {
  if (!remote) return 'new';
  if (remote.md5 !== object.md5 || remote.size !== object.size) return 'changed';
  const recorded = liveRecord?.files[object.key];
  if (
    recorded &&
    recorded.md5 === object.md5 &&
    (recorded.contentType !== object.contentType || recorded.cacheControl !== object.cacheControl || recorded.redirectLocation !== object.redirectLocation)
  ) {
    return 'headers';
  }
  return undefined;
}

/** Every deletion of the plan, in order. */
export function allDeletes(plan: PublishPlan): RemoteObject[] {
  return [...plan.deletes[0], ...plan.deletes[1]];
}

/** Count and bytes of a list of uploads or objects. */
export function totals(items: ReadonlyArray<Upload | LocalObject | RemoteObject>): { count: number; bytes: number } {
  let bytes = 0;
  for (const item of items) bytes += 'object' in item ? item.object.size : item.size;
  return { count: items.length, bytes };
}
