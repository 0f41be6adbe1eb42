import { imageSize } from 'image-size';
import type { Problems } from '../diagnostics/diagnostic';
import type { SiteSettings } from '../config/site-settings';
import type { ShareImage } from '../template-api';
import { locate, parseYamlSource } from '../read/yaml-source';

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
    const source = parseYamlSource(siteFile.text, siteFile.path, problems);
    problems.add('config/share-image', message, { ...(source ? locate(source, ['shareImage']) : { file: siteFile.path }), hint });
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

/**
 * Every locale's flag (`flag` in `locales:`, `/flags/<code>.svg` when not named) is a file of
 * `public/`: the language menu shows it on every page. A missing one is an error at the locale.
 */
export function checkLocaleFlags(site: SiteSettings, publicFiles: ReadonlyMap<string, Uint8Array>, siteFile: { path: string; text: string }, problems: Problems): void {
  site.locales.all.forEach((locale, index) => {
    if (publicFiles.has(locale.flag.slice(1))) return;
    const source = parseYamlSource(siteFile.text, siteFile.path, problems);
    const where = source ? locate(source, ['locales', index, 'flag']) : { file: siteFile.path };
    problems.add('config/locale-flag', `the flag of the locale "${locale.code}", ${locale.flag}, is not a file in public/`, {
      ...where,
      hint: `add public${locale.flag} (shown at 20x15 in the language menu), or name another image with flag:`,
    });
  });
}
