import { copySite, edit } from './site';

/** The real site with its search switched off (the real site has it on, its legal pages left out). */
export async function siteWithoutSearch(): Promise<string> {
  const root = await copySite();
  await edit(root, 'content/site.yaml', (text) => text.replace(/^search:\n  enabled: true\n/m, 'search:\n  enabled: false\n'));
  return root;
}
