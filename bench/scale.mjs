// The scale suite of `npm run bench`: the real site plus N generated articles in each of the
// three locales, built by sitegen (cold, warm, one article changed) and, side by side in the
// same run, by Hugo and Eleventy with minimal equivalent layouts. Wall time, pages per second
// and peak RSS, median of BENCH_SCALE_RUNS runs; the table goes to bench/results.md. The
// plainest remark build of the same articles (bench/remark-loop.mjs) runs beside them: how far
// any remark pipeline is from the cold-build targets on this machine.
//
//   node bench/scale.mjs [--sizes 1000,4000] [--10k] [--runs 3]
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generate-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin/sitegen.js');
const eleventyBin = path.join(repo, 'node_modules/@11ty/eleventy/cmd.cjs');
const remarkLoop = path.join(repo, 'bench/remark-loop.mjs');
const LOCALES = ['en', 'hu', 'de'];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const sizes = option('--sizes', process.env.BENCH_SCALE ?? '1000,4000').split(',').map(Number);
if (args.includes('--10k')) sizes.push(10_000);
const RUNS = Number(option('--runs', process.env.BENCH_SCALE_RUNS ?? 3));

/** Runs a command under GNU time: wall milliseconds and peak RSS in MB. */
function measure(command, commandArgs, cwd, before) {
  before?.();
  const start = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', command, ...commandArgs], { cwd, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const rss = Number(result.stderr.trim().split('\n').at(-1)) / 1024;
  return { ms, rss };
}

function median(samples) {
  const sorted = [...samples].sort((a, b) => a.ms - b.ms);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return { ms: middle.ms, rss: Math.max(...samples.map((sample) => sample.rss)) };
}

function repeat(run) {
  return median(Array.from({ length: RUNS }, (_, index) => run(index)));
}

/** A Hugo site over the same generated articles: one content folder per language. */
function hugoSite(root) {
  const site = path.join(root, 'hugo');
  mkdirSync(path.join(site, 'layouts/_default'), { recursive: true });
  const languages = LOCALES.map(
    (locale, index) => `[languages.${locale}]\ncontentDir = "${path.join(root, 'content', locale, 'generated')}"\nweight = ${index + 1}\n`,
  );
  writeFileSync(
    path.join(site, 'config.toml'),
    ['baseURL = "https://www.example.com/"', 'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]', 'defaultContentLanguage = "en"', ...languages].join('\n'),
  );
  writeFileSync(path.join(site, 'layouts/_default/single.html'), layout('{{ .Language.Lang }}', '{{ .Title }}', '{{ .Description }}', '{{ .Date.Format "2006-01-02" }}', '{{ .Content }}'));
  writeFileSync(
    path.join(site, 'layouts/_default/list.html'),
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>{{ range .Pages }}<article><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Description }}</p></article>{{ end }}</main></body></html>',
  );
  return site;
}

/** An Eleventy project over the same articles, Markdown through its default markdown-it. */
function eleventySite(root) {
  const site = path.join(root, 'eleventy');
  mkdirSync(path.join(site, '_includes'), { recursive: true });
  for (const locale of LOCALES) {
    // Eleventy reads one input folder: link each locale's articles into it.
    execFileSync('ln', ['-s', path.join(root, 'content', locale, 'generated'), path.join(site, locale)]);
  }
  writeFileSync(
    path.join(site, 'eleventy.config.mjs'),
    `export default function (config) {\n  config.addGlobalData('layout', 'article.njk');\n  return { dir: { input: '.', output: '_site' }, markdownTemplateEngine: false };\n}\n`,
  );
  writeFileSync(path.join(site, '_includes/article.njk'), layout('{{ page.lang or "en" }}', '{{ title }}', '{{ description }}', '{{ date }}', '{{ content | safe }}'));
  return site;
}

function layout(lang, title, description, date, content) {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${description}"></head><body><header><a href="/">Home</a></header><main><h1>${title}</h1><p>${date}</p>${content}</main></body></html>`;
}

const hasHugo = spawnSync('hugo', ['version']).status === 0;
const rows = [];
for (const size of sizes) {
  const root = mkdtempSync(path.join(tmpdir(), `sitegen-scale-${size}-`));
  try {
    // As the real site is built: search on (images and highlighting are on by default).
    generateSite(repo, root, size, { search: true });
    // Four URL forms per route.
    const pages = (readFileSync(path.join(root, 'content/routes.yaml'), 'utf8').match(/^\s*- id:/gm) ?? []).length * 4;
    const clean = () => {
      for (const name of ['dist', '.dist.sitegen', '.sitegen-cache']) rmSync(path.join(root, name), { recursive: true, force: true });
    };
    const sitegen = () => measure(bin, ['build', '--root', root], root); // through the shebang, as `npx sitegen` runs
    const cold = repeat(() => sitegen(clean()));
    sitegen(); // the standby copy catches up once: the warm runs below are the steady state
    const warm = repeat(() => sitegen());
    const article = path.join(root, 'content/en/generated/article-1.md');
    const changed = repeat((index) => {
      appendFileSync(article, `\nOne more sentence, number ${index}.\n`);
      return sitegen();
    });
    const hugo = hasHugo ? hugoSite(root) : undefined;
    const hugoCold = hugo && repeat(() => measure('hugo', ['--quiet'], hugo, () => rmSync(path.join(hugo, 'public'), { recursive: true, force: true })));
    const eleventy = existsSync(eleventyBin) ? eleventySite(root) : undefined;
    const eleventyCold =
      eleventy && repeat(() => measure(process.execPath, [eleventyBin, '--quiet'], eleventy, () => rmSync(path.join(eleventy, '_site'), { recursive: true, force: true })));
    const loopOutput = path.join(root, 'remark-loop');
    const loop = repeat(() => measure(process.execPath, [remarkLoop, root, loopOutput], root, () => rmSync(loopOutput, { recursive: true, force: true })));
    rows.push({ size, pages, cold, warm, changed, hugoCold, eleventyCold, loop });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The peers' versions, for the table's reader: `hugo version` names it as `v0.152.2`. */
function hugoVersion() {
  return hasHugo ? (/v\d+\.\d+\.\d+/.exec(spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout)?.[0] ?? 'version unknown') : 'not installed';
}

function eleventyVersion() {
  return existsSync(eleventyBin) ? spawnSync(process.execPath, [eleventyBin, '--version'], { encoding: 'utf8' }).stdout.trim() : 'not installed';
}

const format = (t) => (t ? `${(t.ms / 1000).toFixed(2)} s` : 'n/a');
const ratio = (a, b) => (a && b ? `${(a.ms / b.ms).toFixed(2)}x` : 'n/a');
const lines = [
  `# Build at scale`,
  '',
  `\`node bench/scale.mjs\`: median of ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform} ${process.arch}.`,
  'Each site is the real one plus N generated articles (about 600 words: headings, lists, links, code, a table) in each of en, hu and de, built as the real site is: search, images and code highlighting on.',
  `Hugo (${hugoVersion()}) and Eleventy (${eleventyVersion()}) build the same articles with a minimal layout each (no hub pages, no widgets).`,
  'The remark loop (`bench/remark-loop.mjs`) builds them too, with nothing but gray-matter, remark with GFM, remark-html and React on one worker thread per core: the least a remark build of these articles costs here.',
  '',
  '| articles x 3 locales | sitegen pages | sitegen cold | warm, nothing changed | one article changed | Hugo cold | Eleventy cold | cold / Eleventy | cold / Hugo | warm / Hugo | changed / Hugo | sitegen peak RSS | pages/s cold | ms/page cold | remark loop | remark loop / Eleventy |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.size} | ${row.pages} | ${format(row.cold)} | ${format(row.warm)} | ${format(row.changed)} | ${format(row.hugoCold)} | ${format(row.eleventyCold)} | ${ratio(row.cold, row.eleventyCold)} | ${ratio(row.cold, row.hugoCold)} | ${ratio(row.warm, row.hugoCold)} | ${ratio(row.changed, row.hugoCold)} | ${Math.max(row.cold.rss, row.warm.rss, row.changed.rss).toFixed(0)} MB | ${(row.pages / (row.cold.ms / 1000)).toFixed(0)} | ${(row.cold.ms / row.pages).toFixed(2)} | ${format(row.loop)} | ${ratio(row.loop, row.eleventyCold)} |`,
  ),
  '',
  'Targets (4,000 x 3): cold under Eleventy (aim 0.7x) and at most 2x Hugo; warm and one-change at most 0.3x Hugo cold; peak RSS under 1 GB at 10,000 x 3; ms/page within 20 % from 1,000 to 4,000.',
];
console.log(lines.join('\n'));
writeFileSync(path.join(repo, 'bench/results.md'), `${lines.join('\n')}\n`);
