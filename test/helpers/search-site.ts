import { smallSite } from './small-site';
import { REAL_SETTINGS } from './site';

/** The small site (`small-site.ts`): the real site's settings, which have search on with the legal pages left out of it. */
export async function siteWithSearch(): Promise<string> {
  if (!REAL_SETTINGS.search.enabled) throw new Error('content/site.yaml: the real site is expected to have search on');
  return smallSite();
}
