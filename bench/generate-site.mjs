// A synthetic site for benchmarks: the real site plus N extra articles in every locale, each
// about 600 words of realistic Markdown (headings, lists, links, code, a table, emphasis).
// Deterministic: the same N gives the same files.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WORDS = (
  'system integration workflow automation process team client project data report invoice approval ' +
  'migration server cloud network security backup release review customer portal dashboard field ' +
  'status task deadline budget quality support ticket incident change request document template ' +
  'analysis design build test deploy monitor improve measure plan decide deliver agree explain'
).split(' ');

function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function sentence(next, words = 12) {
  const parts = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]);
  parts[0] = parts[0][0].toUpperCase() + parts[0].slice(1);
  if (words > 6) parts[3] = `*${parts[3]}*`;
  if (words > 9) parts[7] = `**${parts[7]}**`;
  return `${parts.join(' ')}.`;
}

function article(index, locale) {
  const next = random(index * 7919 + locale.length);
  const paragraph = () => Array.from({ length: 5 }, () => sentence(next, 10 + Math.floor(next() * 6))).join(' ');
  return [
    '---',
    `title: "Generated article ${index} (${locale})"`,
    `description: "A generated article used to measure builds of a large site, number ${index}, in ${locale}."`,
    `date: 20${20 + (index % 6)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
    'author: Benchmark Team',
    'tags: [automation, it-services]',
    '---',
    '',
    paragraph(),
    '',
    '## Background',
    '',
    paragraph(),
    '',
    `- ${sentence(next, 8)}`,
    `- ${sentence(next, 8)} See [the contact page](route:contact).`,
    `- ${sentence(next, 8)}`,
    '',
    '## Details',
    '',
    paragraph(),
    '',
    '```ts',
    `export const step${index} = (input: string) => input.trim();`,
    '```',
    '',
    '| step | owner | result |',
    '|---|---|---|',
    `| ${WORDS[index % WORDS.length]} | team | ${WORDS[(index * 3) % WORDS.length]} |`,
    `| ${WORDS[(index + 5) % WORDS.length]} | client | ${WORDS[(index * 7) % WORDS.length]} |`,
    '',
    paragraph(),
    '',
    '## Summary',
    '',
    paragraph(),
    paragraph(),
    '',
  ].join('\n');
}

/** The `search:` block of a site.yaml, with its own lines (indented or blank) under it. */
const SEARCH_BLOCK = /^search:[^\n]*\n(?:(?:[ \t]+[^\n]*)?\n)*/m;

/**
 * Sets a site's search (docs/content.md, "Search") on, with the legal pages left out, or off:
 * the site.yaml block is replaced, or added.
 */
export function setSearch(root, enabled) {
  const file = path.join(root, 'content/site.yaml');
  const block = enabled ? 'search:\n  enabled: true\n  exclude: [imprint, privacy-policy]\n\n' : 'search:\n  enabled: false\n\n';
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, SEARCH_BLOCK.test(text) ? text.replace(SEARCH_BLOCK, block) : `${text}\n${block}`);
}

/**
 * Copies the real site's sources from `repo` into `root` and adds `count` articles per locale.
 * Search is off unless asked for: an index of a thousand generated articles would add a minute
 * and a half to every build that measures something else (the search benchmark asks for it).
 */
export function generateSite(repo, root, count, { search = false } = {}) {
  for (const part of ['content', 'locales', 'public']) cpSync(path.join(repo, part), path.join(root, part), { recursive: true });
  setSearch(root, search);
  let routes = readFileSync(path.join(root, 'content/routes.yaml'), 'utf8');
  for (const locale of ['en', 'hu', 'de']) mkdirSync(path.join(root, 'content', locale, 'generated'), { recursive: true });
  for (let index = 1; index <= count; index++) {
    for (const locale of ['en', 'hu', 'de']) {
      writeFileSync(path.join(root, 'content', locale, 'generated', `article-${index}.md`), article(index, locale));
    }
    routes += `\n  - id: generated-${index}\n    template: article\n    content: generated/article-${index}\n    parent: blog\n    paths: { en: /generated/article-${index}, hu: /generalt/cikk-${index}, de: /generiert/artikel-${index} }\n`;
  }
  writeFileSync(path.join(root, 'content/routes.yaml'), routes);
}
