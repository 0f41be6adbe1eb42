// The least a remark build of the scale suite's articles costs on this machine: the issue's
// "plain loop" (gray-matter, remark with GFM, remark-html, React's renderToStaticMarkup of a
// minimal layout, one file written per page), with the articles split evenly over one worker
// thread per core and nothing else: no site, no hubs, no policy, no cache, no JSON.
// bench/scale.mjs runs it beside Hugo and Eleventy, under the same clock, so that its ratio to
// Eleventy says how far any remark pipeline is from the cold-build target on this machine.
//
//   node bench/remark-loop.mjs <site root> <output folder>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const LOCALES = ['en', 'hu', 'de'];

if (isMainThread) {
  const [root, output] = process.argv.slice(2);
  if (!root || !output) {
    console.error('usage: node bench/remark-loop.mjs <site root> <output folder>');
    process.exit(2);
  }
  const files = LOCALES.flatMap((locale) => {
    const folder = path.join(root, 'content', locale, 'generated');
    return readdirSync(folder).map((name) => ({ locale, file: path.join(folder, name) }));
  });
  const threads = Math.min(availableParallelism(), files.length);
  const share = Math.ceil(files.length / threads);
  const done = Array.from({ length: threads }, (_, index) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { output, files: files.slice(index * share, (index + 1) * share) } });
    return new Promise((resolve, reject) => {
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a worker exited with ${code}`))));
    });
  });
  await Promise.all(done);
} else {
  const [{ default: matter }, { remark }, { default: remarkGfm }, { default: remarkHtml }, { createElement: h }, { renderToStaticMarkup }] = await Promise.all([
    import('gray-matter'),
    import('remark'),
    import('remark-gfm'),
    import('remark-html'),
    import('react'),
    import('react-dom/server'),
  ]);
  const processor = remark().use(remarkGfm).use(remarkHtml).freeze();
  const { output, files } = workerData;
  for (const { locale, file } of files) {
    const { data, content } = matter(readFileSync(file, 'utf8'));
    const body = String(processor.processSync(content));
    const page = h(
      'html',
      { lang: locale },
      h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, data.title), h('meta', { name: 'description', content: data.description })),
      h('body', null, h('main', null, h('article', null, h('h1', null, data.title), h('div', { dangerouslySetInnerHTML: { __html: body } })))),
    );
    const folder = path.join(output, locale, path.basename(file, '.md'));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), `<!doctype html>${renderToStaticMarkup(page)}`);
  }
  parentPort.close();
}
