import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { smallSite } from './small-site';
import { REAL_SETTINGS, REPO } from './site';

const { setSearch } = (await import(pathToFileURL(path.join(REPO, 'bench/generate-site.mjs')).href)) as {
  setSearch(root: string, enabled: boolean): void;
};

/** The small site (`small-site.ts`): the real site's settings, which have search on with the legal pages left out of it. */
export async function siteWithSearch(): Promise<string> {
  if (!REAL_SETTINGS.search.enabled) throw new Error('content/site.yaml: the real site is expected to have search on');
  return smallSite();
}

/** The small site with search off. */
export async function siteWithoutSearch(): Promise<string> {
  const root = await smallSite();
  setSearch(root, false);
  return root;
}
