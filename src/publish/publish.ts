import { Bucket } from './bucket';
import { parsePointer, parseRecord } from './deploy-record';
import { PublishError } from './errors';
import { executePlan } from './execute';
import { readLocalSite } from './local-site';
import { POINTER_KEY, recordKey } from './object-kinds';
import { allDeletes, otherSitePrefixes, planPublish, totals, type PublishPlan } from './plan';
import { policyDiff } from './policy';
import { silentReporter, type PublishReporter } from './progress';
import { chooseKeptBuilds, keptKeys, publishedBySitegen, recordIdOf } from './retention';
import { resolvePublishOptions, type PublishOptions } from './options';
import type { RetryPolicy } from './retry';
import { formatTarget } from './target';

export interface PublishResult {
  buildId: string;
  target: string;
  plan: PublishPlan;
  dryRun: boolean;
  uploaded: { count: number; bytes: number };
  deleted: { count: number; bytes: number };
  skipped: { count: number; bytes: number };
}

/**
 * Publishes a built site to S3-compatible object storage. Reads like the steps it takes:
 * read the build, read the bucket, plan, check the plan, upload in phases, delete.
 */
export type { PublishOptions };

export async function publish(options: PublishOptions): Promise<PublishResult> {
  const resolved = resolvePublishOptions(options);
  const { target, outDir, maxDeletes, concurrency, keepBuilds } = resolved;
  const reporter = options.reporter ?? silentReporter;
  const where = formatTarget(target);

  // 1. The build: every file with its MD5, a copy of each page at its bare path, the deploy record.
  const local = await readLocalSite(outDir);
  for (const file of local.untyped) reporter.warn(`${file} has no known Content-Type; it is sent as application/octet-stream`);

  // 2. The bucket: what is there, which build is live, the records of the builds to keep.
  const retry: RetryPolicy = { ...resolved.retry, onRetry: (...args) => reporter.retrying(...args) };
  const bucket = new Bucket(resolved.connection, target, retry);
  const remote = await bucket.list();
  if (remote.size > 0 && !publishedBySitegen(remote, POINTER_KEY) && !resolved.force) {
    throw new PublishError('publish/foreign-target', `${where} holds ${remote.size} object(s) that sitegen did not publish (no ${POINTER_KEY})`, {
      hint: 'check --target; to publish there anyway pass --force, which also deletes every object that is not part of the build',
    });
  }
  const liveId = remote.has(POINTER_KEY) ? parsePointer((await bucket.getText(POINTER_KEY)) ?? '')?.id : undefined;
  const keptIds = chooseKeptBuilds(remote, local.buildId, liveId, keepBuilds);
  // Every record in the bucket: together they list what sitegen published, which alone may be deleted.
  const recordIds = [...remote.keys()].map(recordIdOf).filter((id): id is string => id !== undefined);
  const records = await Promise.all(recordIds.map(async (id) => ({ id, record: parseRecord((await bucket.getText(recordKey(id))) ?? '') })));
  const otherSites = otherSitePrefixes(remote.keys());
  const inOtherSite = local.objects.filter((object) => otherSites.some((prefix) => object.key.startsWith(prefix)));
  if (inOtherSite.length > 0 && !resolved.force) {
    const prefix = otherSites.find((candidate) => inOtherSite[0]!.key.startsWith(candidate))!;
    throw new PublishError('publish/other-site', `${where}${prefix} holds another site (${prefix}${POINTER_KEY}), and this build has ${inOtherSite.length} object(s) there (${inOtherSite[0]!.key}); nothing was changed`, {
      hint: `publish one of the two sites to another prefix; --force overwrites that site's objects`,
    });
  }

  // 3. The plan: skip what the bucket has with the same MD5 and headers, upload the rest by phase, delete what sitegen published and no build keeps.
  const liveRecord = records.find((entry) => entry.id === liveId)?.record;
  const plan = planPublish({
    local,
    remote,
    liveRecord,
    kept: keptKeys(remote, keptIds.map((id) => ({ id, record: records.find((entry) => entry.id === id)?.record }))),
    published: new Set(records.flatMap((entry) => (entry.record ? Object.keys(entry.record.files) : []))),
    otherSites,
  });
  const livePolicy = liveRecord?.policy;
  reporter.planned({
    local,
    plan,
    target: where,
    keptBuilds: keptIds,
    dryRun: resolved.dryRun,
    policy: { build: local.policy?.hash, live: livePolicy?.hash, changedByFlag: resolved.policyChanged },
  });
  if (local.policy && !livePolicy) {
    reporter.warn(`no earlier policy to compare with (${liveId ? `the live build ${liveId} recorded none` : 'nothing is live here yet'}): the host must send the security headers of this build, policy ${local.policy.hash} (docs/security.md, "Hosts")`);
  }

  // The host sends the security headers (set by hand behind S3): pages of a build whose policy it does not send break.
  if (local.policy && livePolicy && livePolicy.hash !== local.policy.hash && !resolved.policyChanged) {
    const diff = policyDiff(livePolicy, local.policy).map((line) => `  ${line}`);
    throw new PublishError(
      'publish/policy-changed',
      `${where}: the security headers of build ${local.buildId} (policy ${local.policy.hash}) differ from those the host sends for the live build ${liveId} (policy ${livePolicy.hash}); nothing was changed\n${diff.join('\n')}`,
      {
        hint: 'update the host first: give its headers the + sources and keep the - ones until this publish has completed, so pages of both builds work (CloudFront: `npm run headers-docs` writes docs/security/cloudfront-response-headers-policy.json for `aws cloudfront update-response-headers-policy`; nginx: docs/security/nginx-security-headers.conf; docs/security.md, "Hosts"). Then publish again with --policy-changed',
      },
    );
  }

  // 4. A large deletion is more often a wrong --target or a broken build than a real change: stop before changing anything.
  const deletes = allDeletes(plan);
  if (deletes.length > maxDeletes && !resolved.force) {
    const sample = deletes.slice(0, 5).map((object) => object.key).join(', ');
    throw new PublishError('publish/too-many-deletes', `${where}: the publish would delete ${deletes.length} objects, more than --max-deletes ${maxDeletes} (${sample}${deletes.length > 5 ? ', ...' : ''}); nothing was changed`, {
      hint: `check --target and the output folder; if the deletions are intended, pass --force or --max-deletes ${deletes.length}`,
    });
  }

  const result = {
    buildId: local.buildId,
    target: where,
    plan,
    dryRun: resolved.dryRun,
    skipped: totals(plan.skipped),
  };
  if (resolved.dryRun) return { ...result, uploaded: { count: 0, bytes: 0 }, deleted: { count: 0, bytes: 0 } };

  // 5. Upload phase by phase (record, assets, pages, latest.json), then delete.
  try {
    await executePlan(plan, bucket, concurrency, reporter, options.signal);
  } finally {
    reporter.close();
  }
  return { ...result, uploaded: totals(plan.phases.flatMap((entry) => entry.uploads)), deleted: totals(deletes) };
}
