/**
 * What the bundled engine loads on the build's own thread before it has work for it
 * (docs/performance.md, "What the main thread loads"). The engine's chunk and every chunk it
 * imports statically load with it, so none of them may hold the Markdown parser (remark and
 * micromark: the Markdown worker parses, and the main thread loads them only when a body
 * renders there). And templates that import htmlparser2 get the engine's bundled copy
 * (lib/htmlparser2.js, see load-templates.ts), not the package's thirty modules loaded anew.
 * Nor may they import `node:http`, which only watch's dev server needs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/site';

const LIB = path.join(REPO, 'lib');

/** The files `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), and theirs, in lib/. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)";?$|^import\s+"(\.[^"]+)";?$/gm)) {
    staticClosure(path.resolve(path.dirname(file), match[1] ?? match[2]!), seen);
  }
  return seen;
}

/** The packages bundled into `files`, by their source maps. */
function bundledPackages(files: Iterable<string>): Set<string> {
  const packages = new Set<string>();
  for (const file of files) {
    const { sources } = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

/** The engine's chunk, as the CLI imports it. */
function engineChunk(): string {
  const main = readFileSync(path.join(LIB, 'main.js'), 'utf8');
  const chunk = /import\("\.\/(chunks\/engine-[A-Z0-9]+\.js)"\)/.exec(main)?.[1];
  expect(chunk, 'lib/main.js imports the engine chunk').toBeDefined();
  return path.join(LIB, chunk!);
}

describe("the bundled engine's main thread", () => {
  const MARKDOWN = ['remark', 'remark-gfm', 'remark-html', 'micromark', 'mdast-util-from-markdown', 'unified'];

  it('loads no Markdown parser with the engine: the worker loads it, and this thread when it renders a body', () => {
    const engine = bundledPackages(staticClosure(engineChunk()));
    // The closure is the engine's: zod, YAML with positions, htmlparser2's tokenizer.
    for (const name of ['zod', 'yaml', 'htmlparser2']) expect(engine, name).toContain(name);
    for (const name of MARKDOWN) expect(engine, name).not.toContain(name);
    // The same walk finds them where they load: the worker's entry, and the stage loaded later.
    const worker = bundledPackages(staticClosure(path.join(LIB, 'markdown-worker.js')));
    for (const name of MARKDOWN) expect(worker, name).toContain(name);
    const later = [...staticClosure(engineChunk())].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\("\.\/(in-thread-stage-[A-Z0-9]+\.js)"\)/g)].map((match) => path.join(path.dirname(file), match[1]!)),
    );
    expect(new Set(later).size, 'the in-thread stage, imported when first needed').toBe(1);
    for (const name of MARKDOWN) expect(bundledPackages(staticClosure(later[0]!)), name).toContain(name);
  });

  // On Node 22 and later, loading `node:http` as an ES module loads Node's fetch implementation
  // with it (25–40 ms); only watch's dev server needs it, and imports it when it starts.
  it('loads no HTTP server with the engine: the dev server comes with watch', () => {
    const loaded = [...staticClosure(engineChunk()), ...staticClosure(path.join(LIB, 'main.js'))];
    const importsHttp = (file: string) => /^import\s[^;]*?from\s+"node:https?";?$/m.test(readFileSync(file, 'utf8'));
    expect(loaded.filter(importsHttp).map((file) => path.relative(LIB, file))).toEqual([]);
    const devServer = [...staticClosure(engineChunk())].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\("\.\/(dev-server-[A-Z0-9]+\.js)"\)/g)].map((match) => path.join(path.dirname(file), match[1]!)),
    );
    expect(new Set(devServer).size, 'the dev server, imported when watch starts').toBe(1);
    expect(importsHttp(devServer[0]!)).toBe(true);
  });

  it("gives templates htmlparser2 from lib/htmlparser2.js, the engine's own copy: nothing more to load", async () => {
    const engine = staticClosure(engineChunk());
    const prepared = staticClosure(path.join(LIB, 'htmlparser2.js'));
    // Every chunk it needs has loaded with the engine: only its own small file is new.
    expect([...prepared].filter((file) => !engine.has(file))).toEqual([path.join(LIB, 'htmlparser2.js')]);
    for (const name of ['htmlparser2', 'domhandler', 'domutils', 'dom-serializer']) expect(bundledPackages(prepared), name).toContain(name);
    const published = await import('htmlparser2');
    const bundled = (await import(path.join(LIB, 'htmlparser2.js'))) as Record<string, unknown>;
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(published).sort());
    const { Parser } = bundled as unknown as typeof published;
    const tags: string[] = [];
    new Parser({ onopentag: (name) => tags.push(name) }).end('<p>a<b>b</b><br></p>');
    expect(tags).toEqual(['p', 'b', 'br']);
  });
});
