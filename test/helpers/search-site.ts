import { copySite, edit } from './site';

/** The real site with search on and its legal pages left out of it. */
export async function siteWithSearch(): Promise<string> {
  const root = await copySite();
  await edit(root, 'content/site.yaml', (text) => `${text}\nsearch:\n  enabled: true\n  exclude: [imprint, privacy-policy]\n`);
  return root;
}
