import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loaderRan, newContext, turnToEveryForm } from '../helpers/browser';
import { browserSuite } from '../browser/setup';
import { smallSite } from '../helpers/small-site';
import { REPO } from '../helpers/site';
import { svgDataUrl } from '../../src/engine/images/svg-data-url';

/**
 * An XSS corpus in every kind of source text (front matter of every template, Markdown,
 * messages, site settings that reach island props), built into a site: Chromium runs none of
 * it on any page, and JSON inside `<script>` escapes what could end the script.
 */

/** Each attempt runs `mark()`: sets window.__xss, opens a dialog and logs a marker. */
const RUN = "window.__xss=1;alert('xss');console.log('XSS-MARKER')";
const TEXT_CORPUS = [
  `<script>${RUN}</script>`,
  `"><img src=x onerror="${RUN}">`,
  `'><svg onload="${RUN}">`,
  `</script><!--<script>${RUN}</script>-->`,
  `</title><script>${RUN}</script>`,
  `javascript:${RUN}`,
  '\u2028\u2029 <!-- ]]> " \' ` {{x}} ${x}',
].join(' ');
/** Messages are ICU: quotes around `<` keep the tag literal text instead of an ICU tag. */
const MESSAGE_CORPUS = `'<'script>${RUN}'<'/script> '<'img src=x onerror="${RUN}"> '</script><!--' ]]> \u2028\u2029 " javascript:${RUN}`;
const MARKDOWN_CORPUS = `

## Heading <script>${RUN}</script> \u2028 ]]>

<script>${RUN}</script>

<img src="x" onerror="${RUN}">

<div onclick="${RUN}" style="background:url(javascript:${RUN})">raw</div>

<a href="javascript:${RUN}">raw link</a> <iframe src="javascript:${RUN}"></iframe>

[link](javascript:${encodeURI(RUN)}) [upper](JaVaScRiPt:${encodeURI(RUN)}) [tab](java&#x09;script:${encodeURI(RUN)})
[data](data:text/html,<script>${encodeURI(RUN)}</script>) [vb](vbscript:msgbox) [title](route:contact "a\\" onmouseover=\\"${RUN}")

![image](javascript:${encodeURI(RUN)}) ![onerror](x" onerror="${RUN})

[reference][bad] and [site][good]

[bad]: javascript:${encodeURI(RUN)}
[good]: route:contact "</script><!--"

<javascript:${encodeURI(RUN)}> <https://example.com/"><script>${encodeURI(RUN)}</script>>

\`<script>${RUN}</script>\`

<!-- unclosed comment
`;

/** Front matter keys whose values have a format; the corpus goes into every other string. */
// A cover's `src` is a path of the site (fields.ts refuses anything else); its `alt` takes the corpus.
// `tags` are ids: their names are messages (`tags.<id>`), which take the corpus with the others.
const FORMATTED_KEYS = new Set(['date', 'updated', 'start', 'end', 'currency', 'id', 'employmentType', 'posted', 'validThrough', 'remoteCountries', 'src', 'tags']);

/** Appends the corpus to every string scalar of a YAML document except formatted ones. */
function poisonYaml(node: Node | null | undefined, append: string, key?: string): void {
  if (isMap(node)) for (const pair of node.items) poisonYaml(pair.value as Node, append, isScalar(pair.key) ? String(pair.key.value) : undefined);
  else if (isSeq(node)) for (const item of node.items) poisonYaml(item as Node, append, key);
  else if (isScalar(node) && typeof node.value === 'string' && !FORMATTED_KEYS.has(key ?? '')) node.value = `${node.value} ${append}`;
}

function poisonMessages(value: Record<string, unknown>): void {
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string') value[key] = `${inner} ${MESSAGE_CORPUS}`;
    else if (inner && typeof inner === 'object') poisonMessages(inner as Record<string, unknown>);
  }
}

async function poisonSite(root: string): Promise<void> {
  const content = path.join(root, 'content');
  for (const entry of await readdir(content, { recursive: true })) {
    if (!entry.endsWith('.md')) continue;
    const file = path.join(content, entry);
    const text = await readFile(file, 'utf8');
    const end = text.indexOf('\n---', 4);
    const doc = parseDocument(text.slice(4, end + 1));
    poisonYaml(doc.contents, TEXT_CORPUS);
    await writeFile(file, `---\n${doc.toString({ lineWidth: 0 })}---${text.slice(end + 4)}${MARKDOWN_CORPUS}`);
  }
  for (const locale of ['en', 'hu', 'de']) {
    const file = path.join(root, 'locales', `${locale}.json`);
    const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    poisonMessages(messages);
    await writeFile(file, JSON.stringify(messages, null, 2));
  }
  // Company details reach the footer, structured data and island props.
  const site = path.join(root, 'content/site.yaml');
  const doc = parseDocument(await readFile(site, 'utf8'));
  for (const keyPath of [['company', 'name'], ['company', 'legalName'], ['company', 'address', 'street'], ['company', 'address', 'city']]) {
    doc.setIn(keyPath, `${String(doc.getIn(keyPath))} ${TEXT_CORPUS}`);
  }
  await writeFile(site, doc.toString({ lineWidth: 0 }));
}

const suite = browserSuite({
  root: async () => {
    const root = await smallSite();
    await poisonSite(root);
    return root;
  },
});

describe('an XSS corpus in every kind of source', () => {
  it('builds into pages that carry it as text', async () => {
    const html = await readFile(path.join(suite.out, 'about-us/index.html'), 'utf8');
    // The corpus is there, escaped, in the title, the body and the messages.
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('&lt;script&gt;window.__xss=1');
    expect(html).toContain('&#x27;&lt;&#x27;script&gt;');
  });

  it('JSON inside <script> escapes "<", ">", "&", U+2028 and U+2029 and reads back unchanged', async () => {
    let scripts = 0;
    for (const page of [...suite.site.pages.map((plan) => plan.outputPath), '404.html', 'error.html']) {
      const html = await readFile(path.join(suite.out, page), 'utf8');
      for (const [, body] of html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)) {
        scripts++;
        expect(body, page).not.toMatch(/[<>&\u2028\u2029]/);
        expect(() => JSON.parse(body!), page).not.toThrow();
      }
    }
    expect(scripts).toBeGreaterThan(suite.site.pages.length);
    // The props of an island carry the corpus (the offer form lists the services by title).
    const offer = await readFile(path.join(suite.out, 'offer/index.html'), 'utf8');
    const props = [...offer.matchAll(/<script type="application\/json" id="(island-[^"]+)">([\s\S]*?)<\/script>/g)].map((m) => m[2]!);
    expect(props.some((body) => body.includes('\\u003C/script\\u003E\\u003C!--') && JSON.parse(body).services)).toBe(true);
    // Widget messages are plain JSON files; the corpus is in them.
    const messages = await readFile(path.join(suite.out, `_i18n/${suite.site.release}/hu/messages.json`), 'utf8');
    expect(Object.values(JSON.parse(messages) as Record<string, string>).every((text) => text.includes('script>'))).toBe(true);
  });

  it('runs no injected script on any page in Chromium', { timeout: 600_000 }, async () => {
    // A tall window: every island is in view.
    const context = await newContext(suite.browser, { viewport: { width: 1280, height: 12_000 } });
    const page = await context.newPage();
    const ran: string[] = [];
    page.on('dialog', (dialog) => {
      ran.push(`dialog on ${page.url()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('XSS-MARKER')) ran.push(`console marker on ${page.url()}`);
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const urls = [...suite.site.pages.map((plan) => plan.url), '/404.html', '/error.html'];
    // The poisoned site keeps the real site's icon file and covers.
    const siteIcon = svgDataUrl(await readFile(path.join(REPO, 'public/favicon.svg')));
    const coverDir = path.join(REPO, 'public/images/covers');
    const covers = await Promise.all((await readdir(coverDir)).map(async (file) => svgDataUrl(await readFile(path.join(coverDir, file)))));
    for (const url of urls) {
      const response = await page.goto(suite.server.url + url);
      expect(response?.status(), url).toBe(200);
      // Bring every island to life (the search and the language menu hydrate on hover, the
      // consent dialog on demand), each with its poisoned props and messages.
      await loaderRan(page);
      await page.hover('.site-search summary');
      await page.hover('.language-menu summary');
      // The forms hydrate when the visitor turns to them.
      await turnToEveryForm(page);
      // The open cookie banner covers the footer link in this tall window: click it from script.
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="#cookie-settings"]')!.click());
      await page.waitForSelector('dialog.consent-dialog[open]');
      await page.keyboard.press('Escape');
      await page
        .waitForFunction(() => document.querySelectorAll('sitegen-island:not([data-hydrated])').length === 0, undefined, { timeout: 10_000 })
        .catch(() => expect.fail(`${url}: not every island hydrated\n${errors.join('\n')}`));
      const found = await page.evaluate(([icon, covers]) => {
        const bad: string[] = [];
        if ((window as { __xss?: unknown }).__xss !== undefined) bad.push('window.__xss is set');
        for (const element of document.querySelectorAll('*')) {
          for (const attribute of element.attributes) {
            const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
            if (attribute.name.startsWith('on')) bad.push(`<${element.localName} ${attribute.name}>`);
            // The site's own icon is a data: URL (docs/content.md, "The site's icon"): that one, in its link.
            if (element.localName === 'link' && element.getAttribute('rel') === 'icon' && attribute.name === 'href' && attribute.value === icon) continue;
            // A page's lead image (a page header's cover, a hub's first card), when it is one of the site's small SVG covers, is written in too (docs/content.md, "Images").
            if (element.localName === 'img' && attribute.name === 'src' && covers.includes(attribute.value)) continue;
            if (/^(href|src|action|formaction|xlink:href|data)$/.test(attribute.name) && /^(javascript|vbscript|data):/.test(value)) {
              bad.push(`<${element.localName} ${attribute.name}="${attribute.value.slice(0, 40)}">`);
            }
          }
        }
        return bad;
      }, [siteIcon, covers] as const);
      expect(found, url).toEqual([]);
    }
    expect(ran).toEqual([]);
    await context.close();
  });
});
