// Patches to dependencies, applied when the engine is bundled (scripts/build-cli.mjs, as an
// esbuild plugin). Each changes how a library does its work, never what it returns: the
// engine run from its sources (the tests) has the libraries as published, and
// test/engine/library-patches.test.ts compares the results with and without each patch (so do
// the tests that compare the CLI's output with the API's). Each fails the bundle when the code
// it expects is not there: an update of the library stops the build instead of silently
// losing the patch. Reasons and figures: docs/performance.md.
import { readFileSync } from 'node:fs';

export const LIBRARY_PATCHES = [
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
];

/** The patches as an esbuild plugin. */
export function esbuildLibraryPatches() {
  return {
    name: 'library-patches',
    setup(build) {
      for (const patch of LIBRARY_PATCHES) {
        build.onLoad({ filter: patch.file }, (args) => ({ contents: patch.apply(readFileSync(args.path, 'utf8')), loader: 'js' }));
      }
    },
  };
}
