// `npm run share-image`: renders the share image (public/images/share.png, 1200x630, for
// OpenGraph and Twitter cards) and the logo (public/images/logo.png, 512x512, for JSON-LD)
// from the HTML designs below with Chromium. Run it again after changing the designs.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const repo = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The mark of src/templates/components/Logo.tsx and public/favicon.svg.
const mark = (size, colour) =>
  `<svg viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="8" fill="${colour}"/>` +
  '<path d="M7 21c5-1 9-4 12-10 1 3 3 5 6 6-4 0-7 2-9 5-2-1-5-1-9-1z" fill="#fff"/></svg>';

const base = 'margin:0;font-family:"Liberation Sans","DejaVu Sans",Arial,sans-serif;';
const designs = [
  {
    file: 'public/images/share.png',
    width: 1200,
    height: 630,
    html: `<body style='${base}width:1200px;height:630px;background:linear-gradient(135deg,#0b6e63 0%,#064a43 100%);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box'>
      <div style="display:flex;align-items:center;gap:36px">${mark(144, '#0f8a7c')}<div style="font-size:104px;font-weight:700;letter-spacing:-2px">Kestrelbyte</div></div>
      <div style="margin-top:48px;font-size:44px;line-height:1.3;max-width:960px">IT &amp; software services from Budapest</div>
      <div style="margin-top:28px;font-size:32px;color:#bfe6df">IT outsourcing · Software integrations · Web &amp; mobile · ClickUp</div>
      <div style="position:absolute;right:96px;bottom:56px;font-size:28px;color:#bfe6df;letter-spacing:2px">EN · HU · DE</div>
    </body>`,
  },
  {
    file: 'public/images/logo.png',
    width: 512,
    height: 512,
    html: `<body style='${base}width:512px;height:512px;background:transparent'>${mark(512, '#0b6e63')}</body>`,
  },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const design of designs) {
    const page = await browser.newPage({ viewport: { width: design.width, height: design.height }, deviceScaleFactor: 1 });
    await page.setContent(`<!DOCTYPE html><html><head><meta charset="utf-8"></head>${design.html}</html>`);
    const png = await page.screenshot({ type: 'png', omitBackground: design.file.endsWith('logo.png') });
    await writeFile(path.join(repo, design.file), png);
    console.log(`${design.file}: ${design.width}x${design.height}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
