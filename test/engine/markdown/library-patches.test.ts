import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { splitFrontMatter } from '../../../src/engine/read/front-matter-split';
import type { MarkdownRenderer } from '../../../src/engine/markdown/markdown';
import { REPO, tempDir } from '../../helpers/site';

type Patch = { name: string; file: RegExp; apply(text: string): string };
type Patches = { LIBRARY_PATCHES: Patch[]; esbuildLibraryPatches(report?: (outcome: never) => void): esbuild.Plugin };

const patches = (await import(pathToFileURL(path.join(REPO, 'scripts/library-patches.mjs')).href)) as Patches;

/**
 * shiki stays a package of its own, as in the CLI's bundle (scripts/build-cli.mjs): bundled in,
 * its every grammar and theme made the file 9 MB, which took seconds to bundle and load.
 */
const SHIKI_EXTERNAL: esbuild.Plugin = {
  name: 'shiki-external',
  setup(build) {
    build.onResolve({ filter: /^(shiki|@shikijs\/)/ }, (args) => ({ path: import.meta.resolve(args.path), external: true }));
  },
};

/** The engine's Markdown renderer bundled as the CLI bundles it, with the patches or without. */
async function bundledRenderer(dir: string, patched: boolean): Promise<{ renderer: MarkdownRenderer; code: string }> {
  const outfile = path.join(dir, `markdown-${patched ? 'patched' : 'plain'}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(REPO, 'src/engine/markdown/markdown.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
    plugins: [SHIKI_EXTERNAL, ...(patched ? [patches.esbuildLibraryPatches()] : [])],
  });
  const module = (await import(pathToFileURL(outfile).href)) as { createMarkdownRenderer(): MarkdownRenderer };
  return { renderer: module.createMarkdownRenderer(), code: readFileSync(outfile, 'utf8') };
}

// Every construct of CommonMark and GFM that mdast-util-from-markdown has a handler for.
const CONSTRUCTS = `Setext heading
===============

## ATX heading with \`code\`, *emphasis*, **strong** and ~~deleted~~ text

A paragraph with a [link](https://example.com "title"), a [reference][ref], a [collapsed][] and a
[shortcut] reference, an ![image](/a.png "alt title"), an ![image reference][ref], a bare
https://example.com/path?q=1 and www.example.org link, an address office@example.com, an entity
&amp; &copy; &#169; &#xA9;, an escape \\*not emphasis\\*, a hard break  
here and one with a backslash\\
there, <span>inline HTML</span> and an autolink <https://example.net>.

[ref]: https://example.com/ref "Reference"
[collapsed]: /collapsed
[shortcut]: </with space> 'single'

> A quote with a list:
>
> 1. one
> 2. two
>    - nested *item*
>    - [ ] open task
>    - [x] done task

* loose item

* another loose item

      indented code

\`\`\`ts title="x"
const fenced = 1 < 2 && "code";
\`\`\`

~~~
tilde fence
~~~

<div>
HTML block
</div>

---

| left | center | right | none |
|:-----|:------:|------:|------|
| a \\| b | \`c\` | **d** | [e](/e) |

Text with a footnote[^note] and another[^2].

[^note]: The note, with *emphasis*.

    And an indented paragraph in it.

[^2]: Short.
`;

describe('the patches to dependencies (scripts/library-patches.mjs)', () => {
  it('give the same trees and HTML as the libraries as published, for every construct and every body of the site', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const plain = await bundledRenderer(dir, false);
    const patched = await bundledRenderer(dir, true);
    expect(patched.code).toContain('sitegenContext.sliceSerialize = ');
    expect(plain.code).not.toContain('sitegenContext');
    expect(plain.code).toMatch(/Object\.defineProperty\(visit\d*, "name"/);
    expect(patched.code).not.toMatch(/Object\.defineProperty\(visit\d*, "name"/);
    expect(patched.code).toContain('sitegenCombined(settings.extensions');
    expect(plain.code).toMatch(/list\d*\.splice\(\.\.\.parameters\)/);
    expect(patched.code).not.toMatch(/list\d*\.splice\(\.\.\.parameters\)/);

    const contentDir = path.join(REPO, 'content');
    const siteBodies = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => splitFrontMatter(readFileSync(path.join(contentDir, file), 'utf8'))!.body);
    expect(siteBodies.length).toBeGreaterThan(90);
    for (const body of [CONSTRUCTS, ...siteBodies]) {
      const renders = [];
      for (const { renderer } of [plain, patched]) {
        const tree = renderer.parse(body);
        const json = JSON.stringify(tree);
        const problems = new Problems();
        const { html } = await renderer.finish(tree, { file: 'page.md', lineOffset: 0, routeUrl: (id) => `/${id}`, foreignRoute: () => undefined, problems, warn: () => {} });
        renders.push({ json, html, problems: problems.errors.map((error) => error.message) });
      }
      expect(renders[1]).toEqual(renders[0]);
    }
  });

  it('all apply to the bundled engine that users run (lib/, bundled for this test run)', async () => {
    const report = JSON.parse(readFileSync(path.join(REPO, 'lib/patches.json'), 'utf8')) as { applied: string[]; skipped: unknown[] };
    expect(report.skipped).toEqual([]);
    expect(report.applied).toEqual(patches.LIBRARY_PATCHES.map((patch) => patch.name).sort());
  });

  it('leave a library that is not the code they were written for as published, and say so, without failing the bundle', async () => {
    // A package of the patched name whose code moved on.
    const dir = await tempDir();
    const library = path.join(dir, 'node_modules/micromark-util-chunked');
    await mkdir(library, { recursive: true });
    await writeFile(path.join(library, 'package.json'), JSON.stringify({ name: 'micromark-util-chunked', type: 'module', exports: './index.js' }));
    await writeFile(path.join(library, 'index.js'), 'export function splice(list, start, remove, items) { return list.toSpliced(start, remove, ...items); }\n');
    await writeFile(path.join(dir, 'entry.js'), "import { splice } from 'micromark-util-chunked';\nexport const moved = splice([1, 2, 3], 1, 1, [9]);\n");
    let report: { applied: string[]; skipped: Array<{ name: string; reason: string }> } | undefined;
    const result = await esbuild.build({
      entryPoints: [path.join(dir, 'entry.js')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
      plugins: [patches.esbuildLibraryPatches((outcome: typeof report) => (report = outcome))],
    });
    expect(result.outputFiles[0]!.text).toContain('list.toSpliced(start, remove, ...items)');
    expect(report!.applied).toEqual([]);
    expect(report!.skipped.map((entry) => entry.name).sort()).toEqual(patches.LIBRARY_PATCHES.map((patch) => patch.name).sort());
    expect(report!.skipped.find((entry) => entry.name.startsWith('micromark-util-chunked'))!.reason).toMatch(/not the code this patch was written for/);
  });

  it('stop when a library is not the code its patch was written for', () => {
    const files = ['gray-matter/lib/engines.js', 'mdast-util-from-markdown/lib/index.js', 'unist-util-visit-parents/lib/index.js', 'micromark/lib/parse.js', 'micromark-util-chunked/index.js'].map((file) =>
      path.join(REPO, 'node_modules', file),
    );
    expect(patches.LIBRARY_PATCHES).toHaveLength(files.length);
    patches.LIBRARY_PATCHES.forEach((patch, index) => {
      const file = files[index]!;
      expect(files.filter((candidate) => patch.file.test(candidate))).toEqual([file]);
      expect(() => patch.apply('export function compile() {}')).toThrow(/not the code this patch was written for/);
      // Applied once only: patched code is not what the patch expects.
      expect(() => patch.apply(patch.apply(readFileSync(file, 'utf8')))).toThrow(/not the code this patch was written for/);
    });
  });

  // The tokenizer's every edit of its events goes through this splice, so it is held to the
  // published one on any list and any arguments, beyond what the bodies above happen to do.
  it("splice the way micromark-util-chunked's published splice does, for any list and arguments", async () => {
    const dir = await tempDir();
    const load = async (patched: boolean) => {
      const outfile = path.join(dir, `chunked-${patched ? 'patched' : 'plain'}.mjs`);
      await esbuild.build({
        entryPoints: [path.join(REPO, 'node_modules/micromark-util-chunked/index.js')],
        bundle: true,
        format: 'esm',
        outfile,
        logLevel: 'warning',
        plugins: patched ? [patches.esbuildLibraryPatches()] : [],
      });
      return (await import(pathToFileURL(outfile).href)) as { splice(list: unknown[], start: number, remove: number, items: unknown[]): void };
    };
    const [plain, patched] = [await load(false), await load(true)];
    const position = fc.oneof(fc.integer({ min: -70, max: 70 }), fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
    const list = fc.array(fc.integer(), { maxLength: 60, size: 'max' });
    fc.assert(
      fc.property(list, position, position, list, (start, at, remove, items) => {
        const [expected, actual] = [[...start], [...start]];
        plain.splice(expected, at, remove, [...items]);
        patched.splice(actual, at, remove, [...items]);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    // Lists longer than the 10,000 items the published one inserts at a time.
    const long = Array.from({ length: 25_000 }, (_, index) => index);
    for (const [at, remove] of [[0, 0], [7, 3], [12_000, 20_000], [-5, 1]] as const) {
      const [expected, actual] = [[...long], [...long]];
      plain.splice(expected, at, remove, long);
      patched.splice(actual, at, remove, long);
      expect(actual).toEqual(expected);
    }
  });

  // sitegen gives gray-matter an engine of its own, so the patched default engine never runs in
  // a build; it still must load js-yaml when called, and read what the published one reads.
  it('leave js-yaml unloaded until gray-matter\'s own YAML engine is called, which then reads YAML as published', async () => {
    const dir = await tempDir();
    // Counts each evaluation of js-yaml's entry in the bundle.
    const countLoads: esbuild.Plugin = {
      name: 'count-js-yaml',
      setup(build) {
        build.onLoad({ filter: /[\\/]js-yaml[\\/]index\.js$/ }, (args) => ({ contents: `globalThis.jsYamlLoads = (globalThis.jsYamlLoads ?? 0) + 1;\n${readFileSync(args.path, 'utf8')}`, loader: 'js' }));
      },
    };
    type Matter = (text: string, options?: object) => { data: unknown; content: string };
    const load = async (patched: boolean) => {
      const outfile = path.join(dir, `matter-${patched ? 'patched' : 'plain'}.mjs`);
      await esbuild.build({
        stdin: { contents: "export { default } from 'gray-matter';", resolveDir: REPO },
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile,
        logLevel: 'warning',
        plugins: [countLoads, ...(patched ? [patches.esbuildLibraryPatches()] : [])],
      });
      const loads = () => (globalThis as { jsYamlLoads?: number }).jsYamlLoads ?? 0;
      const before = loads();
      const matter = ((await import(pathToFileURL(outfile).href)) as { default: Matter }).default;
      return { matter, loadedOnImport: loads() - before, loads };
    };
    const plain = await load(false);
    expect(plain.loadedOnImport).toBe(1);
    const patched = await load(true);
    expect(patched.loadedOnImport).toBe(0);
    const loadsBefore = patched.loads();
    // As a build splits a file: its own engine, and js-yaml still not loaded.
    const file = '---\ntitle: A page\ntags: [a, b]\n---\nThe body.\n';
    expect(patched.matter(file, { engines: { yaml: () => ({}) } })).toMatchObject({ data: {}, content: 'The body.\n' });
    expect(patched.loads()).toBe(loadsBefore);
    // Its default engine: js-yaml loaded once, and the same data as published.
    const cases = [file, '---\ndate: 2025-07-08\nn: 012\nflag: yes\nlist:\n  - x\n  - {y: 1}\n---\n', '---\n---\nempty\n', 'no front matter\n'];
    for (const text of cases) expect(patched.matter(text, { cache: false } as object)).toEqual(plain.matter(text, { cache: false } as object));
    expect(patched.loads()).toBe(loadsBefore + 1);
  });
});
