import type { Problems } from '../diagnostics/diagnostic';
import type { ImageCatalogue } from '../images/image-catalogue';
import { placeImages } from '../images/place-images';
import type { SiteImages } from '../template-api';

const MEDIA_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' };

/** What templates may ask of the images (their size and type), from the catalogue. */
export function siteImages(catalogue: ImageCatalogue): SiteImages {
  return {
    get(src) {
      const entry = catalogue.images.get(src);
      return entry && { width: entry.width, height: entry.height, type: MEDIA_TYPES[entry.format]! };
    },
  };
}

/**
 * The page's images sized and encoded (\`placeImages\`). An image that is not there or cannot be
 * read is an error, placed later at the line that names it (\`locateImageProblems\`); the page
 * is then not kept, so no later build reuses it without the error.
 */
export function withImages(html: string, images: ImageCatalogue, page: string, problems: Problems): string | undefined {
  const placed = placeImages(html, images);
  for (const problem of placed.problems) {
    if (problem.reason === 'missing') {
      const hint = problem.src.startsWith('/') ? `add public${problem.src}, or correct the path` : 'write the path from the site root, like /images/name.png (a file of public/): a relative one names another file on each page that shows it';
      problems.add('images/missing', `image ${problem.src} is not a file in public/`, { pages: [page], subject: problem.src, hint });
    } else {
      problems.add('images/unreadable', `image ${problem.src} cannot be read: ${problem.detail}`, { pages: [page], subject: problem.src, hint: 'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG' });
    }
  }
  return placed.problems.length ? undefined : placed.html;
}
