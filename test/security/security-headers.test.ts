import { describe, expect, it } from 'vitest';
import { Problems } from '../../src/engine/diagnostics/diagnostic';
import { cloudFrontPolicy, headersFile, headersForPath, nginxSnippet } from '../../src/engine/artifacts/header-formats';
import { cspHash, inlineSourcesOf, sharedStylesheetReader, sharedStylesheetScanner, withoutInertBody } from '../../src/engine/artifacts/inline-sources';
import { createMarkdownRenderer } from '../../src/engine/markdown/markdown';
import { splitFrontMatter } from '../../src/engine/read/front-matter-split';
import { contentSecurityPolicy, securityHeaders } from '../../src/engine/artifacts/security-headers';
import { parseSiteSettings, type SettingsOverrides, type SiteSettings } from '../../src/engine/config/site-settings';
import { resolveOptions } from '../../src/engine/config/options';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO } from '../helpers/site';

async function settings(change: (text: string) => string = (text) => text, overrides: SettingsOverrides = {}): Promise<SiteSettings> {
  const text = change(await readFile(path.join(REPO, 'content/site.yaml'), 'utf8'));
  const problems = new Problems();
  const site = parseSiteSettings(text, 'content/site.yaml', problems, overrides);
  problems.throwIfAny();
  return site!;
}

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));
const page = inlineSourcesOf('<script>go()</script><style>p{}</style><script type="application/json">{}</script>');

describe('the Content-Security-Policy', () => {
  it('allows the backend for fetches and forms, and the analytics hosts when analytics is configured', async () => {
    const policy = directives(contentSecurityPolicy(await settings(), page));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    // The site search's WebAssembly needs 'wasm-unsafe-eval' (docs/security.md).
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...page.scripts, 'https://www.googletagmanager.com']);
    expect(policy.get('style-src')).toEqual(page.styles);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.kestrelbyte.example', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://api.kestrelbyte.example']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('names no analytics host without analytics, and follows SITEGEN_POCKETBASE_URL', async () => {
    const site = await settings((text) => text.replace(/^analytics:\n(  .*\n)+/m, ''), resolveOptions({ env: { SITEGEN_POCKETBASE_URL: 'http://127.0.0.1:8090/' } }).overrides);
    const policy = contentSecurityPolicy(site, page);
    expect(policy).not.toMatch(/google/);
    expect(directives(policy).get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8090']);
    expect(directives(policy).get('form-action')).toEqual(["'self'", 'http://127.0.0.1:8090']);
  });

  it("allows style attributes only by hash with 'unsafe-hashes', and a linked stylesheet with 'self'", async () => {
    const styled = inlineSourcesOf('<link rel="stylesheet" href="/a.css"><p style="margin:0">x</p>');
    expect(directives(contentSecurityPolicy(await settings(), styled)).get('style-src')).toEqual(["'self'", "'unsafe-hashes'", ...styled.styleAttributes]);
    expect(directives(contentSecurityPolicy(await settings(), inlineSourcesOf('<p>x</p>'))).get('style-src')).toEqual(["'none'"]);
  });
});

describe('reading pages that share an inline stylesheet', () => {
  const css = ':root{--ink:#14213d}body{color:var(--ink)}';
  const read = sharedStylesheetReader(css, async (html) => inlineSourcesOf(html));

  it('finds what the whole page holds, the stylesheet hashed once instead of parsed on every page', async () => {
    const html = `<!DOCTYPE html><html><head><style>${css}</style><script>go()</script></head><body><p style="color:red">x</p><img src="https://cdn.example/a.png"><style>p{}</style></body></html>`;
    expect(await read(html)).toEqual(inlineSourcesOf(html));
    expect((await read(html)).styles).toContain(cspHash(css));
  });

  it('parses a page whose style element is not exactly the shared one as it is', async () => {
    const html = `<html><head><style media="print">${css}</style></head><body></body></html>`;
    expect(await read(html)).toEqual(inlineSourcesOf(html));
    const noStylesheet = '<html><head><script>go()</script></head></html>';
    expect(await read(noStylesheet)).toEqual(inlineSourcesOf(noStylesheet));
    expect((await read(noStylesheet)).styles).toEqual([]);
  });
});

describe('reading a page without the Markdown body it shows', () => {
  const markdown = createMarkdownRenderer();
  const bodyOf = async (text: string) =>
    (await markdown.finish(markdown.parse(text), { file: 'page.md', lineOffset: 0, routeUrl: () => '/x', foreignRoute: () => undefined, problems: new Problems(), warn: () => {} })).html;
  // The shape of the site's pages: scripts and an inline SVG around the body's container.
  const pageWith = (body: string, container = '<div class="prose">') =>
    `<!DOCTYPE html><html><head><script type="module">go()</script><script type="application/json">{"a":1}</script></head>` +
    `<body><svg viewBox="0 0 1 1"><path d="M0 0"/></svg><p style="color:red">x</p><article>${container}${body}</div></article>` +
    `<img src="https://cdn.example/logo.png"></body></html>`;
  const contentDir = path.join(REPO, 'content');
  const bodies = readdirSync(contentDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md'))
    .map((file) => splitFrontMatter(readFileSync(path.join(contentDir, file), 'utf8'))!.body);

  it("leaves out every body of the site, and finds what the whole page holds", async () => {
    expect(bodies.length).toBeGreaterThan(90);
    for (const body of await Promise.all([...bodies.map(bodyOf), bodyOf('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n\nA note.[^1]\n\n[^1]: The note.\n')])) {
      const page = pageWith(body);
      expect(withoutInertBody(page, body)).toBe(page.replace(body, ''));
      expect(inlineSourcesOf(withoutInertBody(page, body))).toEqual(inlineSourcesOf(page));
    }
  });

  it('reads a body that adds to the policy or is not between tags as part of the page', async () => {
    const image = await bodyOf('A picture: ![logo](https://images.example/a.png)\n');
    const styled = '<p>Write style="x" in a tag.</p>';
    const comment = '<p>a</p><!-- b -->';
    for (const body of [image, styled, comment]) expect(withoutInertBody(pageWith(body), body)).toBe(pageWith(body));
    expect(inlineSourcesOf(pageWith(image)).imageSources).toContain('https://images.example');
    // A template that writes a body into an element whose content is raw text, or after a start
    // tag with a `>` in an attribute: the page is read whole.
    const body = await bodyOf('Just *text*.\n');
    for (const container of ['<script type="text/template">', '<textarea>', '<div title="a>b">']) {
      const page = pageWith(body, container);
      expect(withoutInertBody(page, body)).toBe(page);
    }
    expect(withoutInertBody(pageWith(body), body)).not.toBe(pageWith(body));
  });

  it('is what the page workers read: the shared stylesheet and the body left out, the same sources', async () => {
    const css = 'body{margin:0}';
    const scan = sharedStylesheetScanner(css);
    const body = (await Promise.all(bodies.map(bodyOf))).find((html) => html.length > 1000)!;
    const page = pageWith(body).replace('<head>', `<head><style>${css}</style>`);
    expect(scan(page, body)).toEqual(inlineSourcesOf(page));
    expect(scan(page, body).styles).toContain(cspHash(css));
  });
});

describe("the policy and the site's search", () => {
  it("allows Pagefind's WebAssembly ('wasm-unsafe-eval', not 'unsafe-eval') only with search on", async () => {
    const scriptSources = async (change?: (text: string) => string) => directives(securityHeaders(await settings(change), page)[0]![1]).get('script-src')!;
    expect(await scriptSources()).toContain("'wasm-unsafe-eval'");
    const off = await scriptSources((text) => text.replace(/^search:\n {2}enabled: true$/m, 'search:\n  enabled: false'));
    expect(off).not.toContain("'wasm-unsafe-eval'");
    expect(off).not.toContain("'unsafe-eval'");
  });
});

describe('the header formats', () => {
  it('writes _headers that reads back as the same headers for every path', async () => {
    const headers = securityHeaders(await settings(), page);
    const file = headersFile(headers);
    expect(file).toMatch(/^\/\*$/m);
    expect(headersForPath(file, '/hu/kapcsolat')).toEqual(headers);
    expect(headers.map(([name]) => name)).toEqual([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
      'Strict-Transport-Security',
    ]);
  });

  it('writes an nginx snippet and a CloudFront policy with the same values', async () => {
    const headers = securityHeaders(await settings(), page);
    const csp = headers[0]![1];
    expect(nginxSnippet(headers)).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    const policy = cloudFrontPolicy(headers) as any;
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({ Override: true, ContentSecurityPolicy: csp });
    expect(policy.SecurityHeadersConfig.StrictTransportSecurity).toEqual({ Override: true, AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: false });
    expect(policy.SecurityHeadersConfig.FrameOptions).toEqual({ Override: true, FrameOption: 'DENY' });
    expect(policy.CustomHeadersConfig.Items.map((item: { Header: string }) => item.Header)).toEqual(['Permissions-Policy', 'Cross-Origin-Opener-Policy']);
  });

  it('refuses a policy longer than CloudFront accepts', () => {
    expect(() => cloudFrontPolicy([['Content-Security-Policy', `script-src ${"'sha256-x' ".repeat(200)}`]])).toThrow(/CloudFront accepts at most 1783/);
  });
});
