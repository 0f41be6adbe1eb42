import type { Cover } from '../fields';

/** Every cover is drawn 1200x675 (16:9): the size the browser reserves before it loads. */
export const COVER_SIZE = { width: 1200, height: 675 } as const;

/** The cover a page's front matter names, if it names one. */
export function coverOf(data: Record<string, unknown>): Cover | undefined {
  const value = data.cover as Partial<Cover> | undefined;
  return value && typeof value.src === 'string' && typeof value.alt === 'string' ? { src: value.src, alt: value.alt } : undefined;
}

export function CoverImage({ cover, className, eager = false }: { cover: Cover; className: string; eager?: boolean }) {
  return (
    <img
      className={className}
      src={cover.src}
      alt={cover.alt}
      width={COVER_SIZE.width}
      height={COVER_SIZE.height}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}
