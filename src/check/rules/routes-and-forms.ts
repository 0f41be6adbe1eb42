import path from 'node:path';
import type { PagePlan } from '../../engine/inspect';
import { inFile, onPage, type Finding } from '../finding';
import type { BuiltOutput } from '../read-output';

const REBUILD = 'the output is older than content/routes.yaml, or was changed after the build: run `sitegen build`';

/**
 * Every route of the route table is in the output in every form (the default locale
 * unprefixed, then each locale with its prefix), each in the build manifest with its route and locale; the manifest and
 * the output hold no page the route table does not have.
 */
export function checkRoutesAndForms(plans: readonly PagePlan[], output: BuiltOutput): Finding[] {
  const findings: Finding[] = [];
  const planned = new Set<string>();
  for (const plan of plans) {
    planned.add(plan.url);
    const form = `${plan.locale}${plan.prefixed ? '' : ', unprefixed'}`;
    if (!output.files.has(plan.outputPath)) {
      findings.push(onPage('check/missing-page', plan.url, `the page of route "${plan.routeId}" (${form}) is missing: the output has no ${plan.outputPath}`, REBUILD));
    }
    const entry = output.manifest.get(plan.url);
    if (!entry) {
      findings.push(onPage('check/manifest-mismatch', plan.url, `the page of route "${plan.routeId}" (${form}) is not in the build manifest`, REBUILD));
    } else if (entry.route !== plan.routeId || entry.locale !== plan.locale) {
      findings.push(
        onPage('check/manifest-mismatch', plan.url, `the build manifest has this page as route "${entry.route}" in ${entry.locale}, the route table as "${plan.routeId}" in ${plan.locale}`, REBUILD),
      );
    }
  }
  for (const [url, entry] of output.manifest) {
    if (!planned.has(url)) findings.push(onPage('check/manifest-mismatch', url, `is in the build manifest (route "${entry.route}"), but no route of content/routes.yaml has this URL`, REBUILD));
  }
  for (const document of output.documents) {
    const url = `/${document.file.replace(/\/?index\.html$/, '')}`;
    if (!document.entry && document.file.endsWith('index.html') && !planned.has(url) && !output.redirects.has(url)) {
      findings.push(
        inFile('check/stray-page', path.join(output.dir, document.file), `is a page of no route: neither the route table nor the build manifest has ${url}`, 'remove it: sitegen build writes the whole folder, so it was added afterwards'),
      );
    }
  }
  return findings;
}
