// Patches to dependencies, applied when the engine is bundled (scripts/build-cli.mjs, as an
// esbuild plugin). Each changes how a library does its work, never what it returns: the
// engine run from its sources has the libraries as published, and
// test/engine/markdown/library-patches.test.ts compares the results with and without each patch (so do
// the tests that compare the CLI's output with the API's). The patched packages are pinned
// (`overrides` in package.json). A patch that does not find the code it was written for is left
// out with a warning, and the library is bundled as published: an install never fails because
// of a patch, and the test suite fails instead (it checks that every patch applied).
// Reasons and figures: docs/performance.md.
import { readFileSync } from 'node:fs';

export const LIBRARY_PATCHES = [
  {
    /**
     * gray-matter requires js-yaml when it loads, for its default YAML engine, and js-yaml in
     * turn esprima (for its \`!!js/function\` type): 19-23 ms before a build's first step, on
     * the main thread and again in the Markdown worker. sitegen gives gray-matter an engine of
     * its own (\`read/front-matter-split.ts\`: the front matter is parsed later, with positions),
     * so the default one never runs; it now requires js-yaml when it is first called.
     */
    name: 'gray-matter: js-yaml required when its YAML engine is first used',
    file: /[\\/]gray-matter[\\/]lib[\\/]engines\.js$/,
    apply(text) {
      const load = /const yaml = (require\((['"])js-yaml\2\));/g;
      const engine = /engines\.yaml = \{\s*parse: yaml\.safeLoad\.bind\(yaml\),\s*stringify: yaml\.safeDump\.bind\(yaml\)\s*\};/;
      if (text.match(load)?.length !== 1 || !engine.test(text)) throw new Error(`${this.name}: gray-matter is not the code this patch was written for; see scripts/library-patches.mjs`);
      return text
        .replace(load, 'let yaml;\nconst loadYaml = () => (yaml = yaml || $1);')
        .replace(engine, 'engines.yaml = {\n  parse: (...args) => loadYaml().safeLoad(...args),\n  stringify: (...args) => loadYaml().safeDump(...args)\n};');
    },
  },
  {
    /**
     * mdast-util-from-markdown's `compile` calls a handler for every micromark event with a
     * fresh copy of its 8-field context plus the event's `sliceSerialize` as `this`
     * (`{...context, sliceSerialize}`), about 1,100 for a generated article; without the
     * copies, parsing one took a quarter less time (measured: docs/performance.md). No handler
     * keeps `this` or writes to it (remark-gfm's included: they call `sliceSerialize` at once),
     * so one object per document, its `sliceSerialize` set before each call, does the same.
     */
    name: 'mdast-util-from-markdown: one handler context per document',
    file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
    apply(text) {
      const perEvent = /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g;
      const anchor = 'const listStack = [];';
      const copies = text.match(perEvent)?.length ?? 0;
      if (copies !== 3 || text.split(anchor).length !== 2 || text.includes('sitegenContext')) {
        throw new Error(`${this.name}: mdast-util-from-markdown is not the code this patch was written for (${copies} context copies found, 3 expected); see scripts/library-patches.mjs`);
      }
      return text
        .replace(anchor, `const sitegenContext = { ...context, sliceSerialize: undefined };\n    ${anchor}`)
        .replace(perEvent, '(sitegenContext.sliceSerialize = events[index][2].sliceSerialize, sitegenContext)');
    },
  },
  {
    /**
     * unist-util-visit-parents names the function it makes for every node it visits after
     * that node (`Object.defineProperty(visit, 'name', …)`), for stack traces. Redefining a
     * function's name is slow in V8, and mdast-util-to-hast walks every tree with it to find
     * definitions: without the naming, parsing and rendering a generated article took 9 % less
     * (400 articles in one process, alternating). Only a stack trace through a visitor reads
     * the name.
     */
    name: 'unist-util-visit-parents: no function name per visited node',
    file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
    apply(text) {
      const naming = /Object\.defineProperty\(visit, 'name', \{\s*value:\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\s*\}\)/g;
      const found = text.match(naming)?.length ?? 0;
      if (found !== 1) throw new Error(`${this.name}: unist-util-visit-parents is not the code this patch was written for (${found} namings found, 1 expected); see scripts/library-patches.mjs`);
      return text.replace(naming, '');
    },
  },
  {
    /**
     * micromark's `parse` merges its default constructs with the extensions for every document
     * (`combineExtensions`), although remark hands it the same list each time: about 3 % of
     * tokenizing a generated article (profiled). The merged constructs are only read while
     * parsing, so they are kept per list (a WeakMap on the list a processor was frozen with).
     */
    name: 'micromark: extensions combined once per list',
    file: /[\\/]micromark[\\/]lib[\\/]parse\.js$/,
    apply(text) {
      const combine = 'combineExtensions([defaultConstructs, ...(settings.extensions || [])]);';
      const found = text.split(combine).length - 1;
      if (found !== 1 || text.includes('sitegenCombined')) throw new Error(`${this.name}: micromark is not the code this patch was written for (${found} merges found, 1 expected); see scripts/library-patches.mjs`);
      return `${text.replace(combine, 'sitegenCombined(settings.extensions || sitegenNoExtensions);')}
const sitegenNoExtensions = [];
const sitegenCombinedByList = new WeakMap();
function sitegenCombined(extensions) {
  let combined = sitegenCombinedByList.get(extensions);
  if (!combined) {
    combined = combineExtensions([defaultConstructs, ...extensions]);
    sitegenCombinedByList.set(extensions, combined);
  }
  return combined;
}
`;
    },
  },
  {
    /**
     * micromark-util-chunked's `splice`, which the tokenizer calls to add and replace events,
     * copies the new items into an array, shifts two arguments in front of them and spreads
     * the lot into `Array.prototype.splice` (in chunks of 10,000, for the stack). Moving the
     * tail and writing the items in place does the same without the copies, at any length:
     * about 4 % of tokenizing a generated article (profiled).
     */
    name: 'micromark-util-chunked: splice in place',
    file: /[\\/]micromark-util-chunked[\\/]index\.js$/,
    apply(text) {
      const from = text.indexOf('export function splice(');
      const to = text.indexOf('export function push(');
      const original = text.slice(from, to);
      const expected = ['parameters = Array.from(items);', 'parameters.unshift(start, remove);', 'list.splice(...parameters);', 'parameters = items.slice(chunkStart, chunkStart + 10000);'];
      if (from === -1 || to < from || text.split('export function splice(').length !== 2 || !expected.every((line) => original.includes(line))) {
        throw new Error(`${this.name}: micromark-util-chunked is not the code this patch was written for; see scripts/library-patches.mjs`);
      }
      return `${text.slice(0, from)}export function splice(list, start, remove, items) {
  const end = list.length;
  if (start < 0) {
    start = -start > end ? 0 : end + start;
  } else {
    start = start > end ? end : start;
  }
  remove = remove > 0 ? Math.min(remove, end - start) : 0;
  if (items === list) items = list.slice();
  const count = items.length;
  if (count > remove) {
    const grow = count - remove;
    for (let index = 0; index < grow; index++) list.push(undefined);
    for (let index = end - 1; index >= start + remove; index--) list[index + grow] = list[index];
  } else if (count < remove) {
    const shrink = remove - count;
    for (let index = start + remove; index < end; index++) list[index - shrink] = list[index];
    list.length = end - shrink;
  }
  for (let index = 0; index < count; index++) list[start + index] = items[index];
}

${text.slice(to)}`;
    },
  },
];

/**
 * The patches as an esbuild plugin. `report` gets, once the bundle is done, the patches that
 * applied and those that did not (with why); a patch that cannot apply leaves its library as
 * published.
 */
export function esbuildLibraryPatches(report = () => {}) {
  return {
    name: 'library-patches',
    setup(build) {
      const applied = new Set();
      const skipped = new Map();
      for (const patch of LIBRARY_PATCHES) {
        build.onLoad({ filter: patch.file }, (args) => {
          const text = readFileSync(args.path, 'utf8');
          try {
            const contents = patch.apply(text);
            applied.add(patch.name);
            return { contents, loader: 'js' };
          } catch (error) {
            skipped.set(patch.name, error.message);
            return { contents: text, loader: 'js' };
          }
        });
      }
      build.onEnd(() => {
        const notFound = LIBRARY_PATCHES.filter((patch) => !applied.has(patch.name) && !skipped.has(patch.name));
        for (const patch of notFound) skipped.set(patch.name, `${patch.name}: no file of the bundle matched ${patch.file}`);
        report({ applied: [...applied].sort(), skipped: [...skipped].map(([name, reason]) => ({ name, reason })) });
      });
    },
  };
}
