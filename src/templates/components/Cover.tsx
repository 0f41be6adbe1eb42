import type { ShareImage, SiteImages } from '../../engine/template-api';
import type { Cover } from '../fields';

/** Every cover is drawn 1200x675 (16:9): the size the browser reserves before it loads. */
export const COVER_SIZE = { width: 1200, height: 675 } as const;

/**
 * The width a cover shows at (\`sizes\`), for a photo's encodings to be chosen by: a card fills
 * its column of the card grid (one, two, up to four columns), the page header's cover the
 * narrower column beside the title on wide screens (site.css).
 */
export const COVER_SIZES = {
  card: '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw',
  header: '(min-width: 60rem) 30rem, 100vw',
} as const;

/** The cover a page's front matter names, if it names one. */
export function coverOf(data: Record<string, unknown>): Cover | undefined {
  const value = data.cover as Partial<Cover> | undefined;
  return value && typeof value.src === 'string' && typeof value.alt === 'string' ? { src: value.src, alt: value.alt } : undefined;
}

/**
 * The cover as the page's share image (\`og:image\`), with its own size and alt: a PNG or JPEG
 * only, which every network shows; an SVG cover leaves the site's share image in place.
 */
export function coverShareImage(cover: Cover | undefined, images: SiteImages | undefined): { image: ShareImage; alt: string } | undefined {
  const found = cover && images?.get(cover.src);
  if (!cover || !found || (found.type !== 'image/png' && found.type !== 'image/jpeg')) return undefined;
  return { image: { url: cover.src, width: found.width, height: found.height, type: found.type }, alt: cover.alt };
}

/** The build sizes every image from its file and decides its loading (\`docs/content.md\`, "Images"). */
export function CoverImage({ cover, className, sizes }: { cover: Cover; className: string; sizes: string }) {
  return <img className={className} src={cover.src} alt={cover.alt} width={COVER_SIZE.width} height={COVER_SIZE.height} sizes={sizes} />;
}
