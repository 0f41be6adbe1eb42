import { cp } from 'node:fs/promises';
import path from 'node:path';
import { smallSite } from './small-site';
import { copySite, REPO } from './site';

/**
 * A copy of the site with its own copy of the templates and widgets (and the shared modules
 * both import), so a test can change them as a site's developers would.
 */
export async function withOwnCode(root: string): Promise<string> {
  for (const part of ['src/templates', 'src/shared', 'src/widgets']) {
    await cp(path.join(REPO, part), path.join(root, part), { recursive: true });
  }
  return root;
}

/** The real site with its own templates and widgets. */
export async function siteWithOwnCode(): Promise<string> {
  return withOwnCode(await copySite());
}

/** The small site (21 routes, 84 pages, and the detail routes `alsoKeep` names) with its own templates and widgets. */
export async function smallSiteWithOwnCode(alsoKeep: readonly string[] = []): Promise<string> {
  return withOwnCode(await smallSite(alsoKeep));
}
