import { imageSize } from 'image-size';
import type { Problems } from '../diagnostics/diagnostic';
import type { SiteSettings } from '../config/site-settings';
import type { ShareImage, SiteIcon } from '../template-api';
import { svgDataUrl } from '../images/svg-data-url';
import { locateIn } from '../read/yaml-source';

const TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg' };

/**
 * The share image `shareImage` of site.yaml names: a PNG or JPEG in `public/`, with its size
 * read from the file (crawlers want both; most ignore SVG). A missing or unreadable file is an
 * error at the setting's line.
 */
export function shareImageOf(
  site: SiteSettings,
  publicFiles: ReadonlyMap<string, Uint8Array>,
  siteFile: { path: string; text: string },
  problems: Problems,
): ShareImage | undefined {
  const url = site.shareImage;
  if (!url) return undefined;
  const fail = (message: string, hint: string) => {
    problems.add('config/share-image', message, { ...locateIn(siteFile, ['shareImage'], problems), hint });
    return undefined;
  };
  const bytes = publicFiles.get(url.slice(1));
  if (!bytes) return fail(`shareImage ${url} is not a file in public/`, `add public${url} (1200x630 PNG or JPEG), or correct the path`);
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return fail(`shareImage ${url} is not a readable image`, 'save it as PNG or JPEG');
  }
  const type = size.type && TYPES[size.type];
  if (!type) return fail(`shareImage ${url} is ${size.type ?? 'of an unknown type'}, not PNG or JPEG`, 'most crawlers show only PNG or JPEG previews: convert it');
  return { url, width: size.width, height: size.height, type };
}

const ICON_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };

/**
 * An SVG icon up to this size is written into every page as a `data:` URL: about 150 bytes of
 * a page gzipped for the site's 199-byte icon, and no request. Browsers ask for the icon when
 * the page has loaded, and on a phone's first visit that request, on a connection of its own,
 * was what Lighthouse's largest paint waited for on the service pages (docs/performance.md,
 * "Visitors: mobile LCP"). A larger file stays a file, which the browser caches once.
 */
export const INLINE_ICON_BYTES = 1024;

/**
 * The icon `icon` of site.yaml names: an SVG, PNG or ICO file in `public/`. A missing file is an
 * error at the setting's line.
 */
export function iconOf(
  site: SiteSettings,
  publicFiles: ReadonlyMap<string, Uint8Array>,
  siteFile: { path: string; text: string },
  problems: Problems,
): SiteIcon | undefined {
  const url = site.icon;
  if (!url) return undefined;
  const bytes = publicFiles.get(url.slice(1));
  if (!bytes) {
    problems.add('config/icon', `icon ${url} is not a file in public/`, {
      ...locateIn(siteFile, ['icon'], problems),
      hint: `add public${url} (a square SVG, or a PNG of at least 48x48), or correct the path`,
    });
    return undefined;
  }
  const extension = url.slice(url.lastIndexOf('.') + 1).toLowerCase();
  const inline = extension === 'svg' && bytes.length <= INLINE_ICON_BYTES ? svgDataUrl(bytes) : undefined;
  return inline ? { href: inline } : { href: url, type: ICON_TYPES[extension] };
}

/**
 * Every locale's flag (`flag` in `locales:`, `/flags/<code>.svg` when not named) is a file of
 * `public/`: the language menu shows it on every page. A missing one is an error at the locale.
 */
export function checkLocaleFlags(site: SiteSettings, publicFiles: ReadonlyMap<string, Uint8Array>, siteFile: { path: string; text: string }, problems: Problems): void {
  site.locales.all.forEach((locale, index) => {
    if (publicFiles.has(locale.flag.slice(1))) return;
    problems.add('config/locale-flag', `the flag of the locale "${locale.code}", ${locale.flag}, is not a file in public/`, {
      ...locateIn(siteFile, ['locales', index, 'flag'], problems),
      hint: `add public${locale.flag} (shown at 20x15 in the language menu), or name another image with flag:`,
    });
  });
}
