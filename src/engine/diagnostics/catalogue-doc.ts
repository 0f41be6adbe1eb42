import { CATALOGUE, type CatalogueEntry } from './catalogue';

/** The areas of the codes, in the order the reference lists them, with a heading each. */
const AREAS: ReadonlyArray<[prefix: string, heading: string]> = [
  ['config', 'Configuration: options, environment variables, `content/site.yaml`'],
  ['read', 'Reading the site folder'],
  ['yaml', 'YAML: the route table, `site.yaml`, `redirects.yaml`, front matter'],
  ['routes', 'The route table and the pages it plans'],
  ['content', 'Content files'],
  ['markdown', 'Markdown bodies'],
  ['messages', 'Locale files and messages'],
  ['translations', 'Translations: outdated translations, `sitegen translations`'],
  ['templates', 'Templates'],
  ['images', 'Images: every `<img>` a page renders'],
  ['widgets', 'Widgets'],
  ['redirects', 'Redirects'],
  ['output', 'The output folder'],
  ['cache', 'The build cache'],
  ['serve', '`sitegen watch`'],
  ['check', '`sitegen check`'],
  ['publish', '`sitegen publish`'],
];

/** `docs/errors.md`: every code with what it means, how it reads and how to fix it. */
export function catalogueDoc(): string {
  const lines = [
    '# Errors and warnings',
    '',
    'Every error and warning sitegen prints ends with its code in brackets, like',
    '`content/routes.yaml:42:15: error: unknown template "blag" [routes/unknown-template]`;',
    'this page lists them all. It is generated from `src/engine/diagnostics/catalogue.ts`',
    '(`npm run errors-doc`); a test fails while it is stale. Errors stop the command with exit',
    'code 1 and leave the output as it was; warnings let it go on.',
    '',
  ];
  const entries = Object.entries(CATALOGUE) as Array<[string, CatalogueEntry]>;
  for (const [prefix, heading] of AREAS) {
    const area = entries.filter(([code]) => code.startsWith(`${prefix}/`));
    if (area.length === 0) continue;
    lines.push(`## ${heading}`, '');
    for (const [code, entry] of area) {
      lines.push(`### \`${code}\``, '', `**${entry.severity}**: ${entry.title}.`, '', '```', entry.example, '```', '', entry.fix, '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The areas codes may belong to. */
export const AREA_PREFIXES = AREAS.map(([prefix]) => prefix);
