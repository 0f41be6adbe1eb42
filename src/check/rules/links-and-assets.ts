import path from 'node:path';
import { messagesUrl, type RuntimeConfig } from '../../shared/runtime-config';
import { aboutDocument, shown, type CheckContext } from '../context';
import type { Code } from '../../engine/inspect';
import { inFile, type Finding } from '../finding';
import type { OutputDocument } from '../read-output';
import { stylesheetReferences } from '../parse-page';
import { fileServing } from '../resolve';

const PAGE_HINT = 'no page or file is served at this path: link a route by its id (route:<id> in Markdown, links.path() in templates) or a file of public/';
const FILE_HINT = 'put the file in public/, or fix the reference; a page left from an older build names assets that are gone: rebuild';

/**
 * Every internal reference resolves to a file of the output: links (with their `#fragment`
 * naming an id of the target page), images, scripts, stylesheets, icons, island scripts and
 * props, the files the runtime config names, `url()` and `@import` in stylesheets, and the
 * relative imports of scripts.
 */
export function checkLinksAndAssets(context: CheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const document of context.output.documents) {
    const report = (code: Code, message: string, hint?: string) => findings.push(aboutDocument(context, document, code, message, hint));
    checkReferences(context, document, report);
    for (const id of document.facts.islandProps) {
      if (!document.facts.ids.has(id)) report('check/island', `an island names its props script "${id}", which is not on the page`, 'render islands with <Island>, which writes the props script beside them');
    }
    if (document.facts.runtimeConfig !== undefined) checkRuntimeConfig(context, document.facts.runtimeConfig, report);
  }
  for (const [file, text] of context.output.stylesheets) {
    for (const raw of stylesheetReferences(text)) {
      const target = context.resolve(raw, `/${file}`);
      if (target.kind === 'internal' && !fileServing(target.path, context.output.files)) {
        findings.push(inFile('check/broken-link', path.join(context.output.dir, file), `url(${shown(raw, target.path)}) is not in the output`, FILE_HINT));
      }
    }
  }
  for (const [file, text] of context.output.scripts) {
    for (const raw of scriptImports(text)) {
      const target = context.resolve(raw, `/${file}`);
      if (target.kind === 'internal' && !fileServing(target.path, context.output.files)) {
        findings.push(inFile('check/broken-link', path.join(context.output.dir, file), `imports ${shown(raw, target.path)}, which is not in the output`, FILE_HINT));
      }
    }
  }
  return findings;
}

function checkReferences(context: CheckContext, document: OutputDocument, report: (code: Code, message: string, hint?: string) => void): void {
  const seen = new Set<string>();
  for (const { kind, url: raw } of document.facts.references) {
    const key = `${kind} ${raw}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (raw === '') {
      // `href=""` is the page itself; an empty `src` is a request for the page as an image or script.
      if (kind !== 'link' && kind !== 'form action') report('check/invalid-url', `has an empty ${kind} URL`);
      continue;
    }
    const target = context.resolve(raw, document.url);
    if (target.kind === 'external') continue;
    if (target.kind === 'invalid') {
      report('check/invalid-url', kind === 'link' ? `links to "${raw}", which ${target.reason}` : `${kind} "${raw}" ${target.reason}`);
      continue;
    }
    const file = fileServing(target.path, context.output.files);
    if (!file) {
      report('check/broken-link', kind === 'link' ? `links to ${shown(raw, target.path)}, which is not in the output` : `${kind} ${shown(raw, target.path)} is not in the output`, kind === 'link' ? PAGE_HINT : FILE_HINT);
      continue;
    }
    const { fragment } = target;
    if (fragment === undefined || fragment.startsWith(':~:') || fragment.toLowerCase() === 'top') continue;
    const linked = context.documentByFile.get(file);
    if (linked && !linked.facts.ids.has(fragment)) {
      const where = linked === document ? 'this page has' : `${linked.url} has`;
      report('check/missing-fragment', `links to ${shown(raw, target.path, fragment)}, but ${where} no element with id "${fragment}"`, 'link an id that exists on the page: headings get theirs from their text');
    }
  }
}

function checkRuntimeConfig(context: CheckContext, parsed: { value: unknown } | { error: string }, report: (code: Code, message: string, hint?: string) => void): void {
  if ('error' in parsed) {
    report('check/runtime-config', `the runtime config is not valid JSON: ${parsed.error}`);
    return;
  }
  const config = (parsed.value ?? {}) as Partial<RuntimeConfig>;
  if (config.dev) return;
  if (config.release !== context.output.release) {
    report('check/runtime-config', `belongs to release ${String(config.release)}, but the output is release ${context.output.release}`, 'a page of an older build was left behind: build the whole folder again');
  }
  const named: Array<[string, unknown]> = [
    ['the latest-build document', config.latestBuild],
    ['the build manifest', config.manifest],
    ...Object.entries(config.scripts ?? {}).map(([name, url]): [string, unknown] => [`the ${name} script`, url]),
  ];
  if (typeof config.release === 'string' && typeof config.locale === 'string') named.push(['the widget messages', messagesUrl(config.release, config.locale)]);
  for (const [what, url] of named) {
    if (typeof url !== 'string') continue;
    const target = context.resolve(url, '/');
    if (target.kind === 'internal' && !fileServing(target.path, context.output.files)) {
      report('check/runtime-config', `the runtime config names ${what} ${url}, which is not in the output`, FILE_HINT);
    }
  }
}

/** The relative module specifiers a script imports (`from"./chunk-X.js"`, `import("./x.js")`). */
export function scriptImports(js: string): string[] {
  const found = js.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.\.?\/[^"'\n]+)\1/g);
  return [...new Set([...found].map((m) => m[2]!))];
}
