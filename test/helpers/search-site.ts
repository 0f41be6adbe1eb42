import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { copySite, REAL_SETTINGS, REPO } from './site';

const { setSearch } = (await import(pathToFileURL(path.join(REPO, 'bench/generate-site.mjs')).href)) as {
  setSearch(root: string, enabled: boolean): void;
};

/** A copy of the real site, which has search on with its legal pages left out of it. */
export async function siteWithSearch(): Promise<string> {
  if (!REAL_SETTINGS.search.enabled) throw new Error('content/site.yaml: the real site is expected to have search on');
  return copySite();
}

/** A copy of the real site with search off. */
export async function siteWithoutSearch(): Promise<string> {
  const root = await copySite();
  setSearch(root, false);
  return root;
}
