import type { I18n } from '../../engine/template-api';

/** The Széchenyi Terv Plusz funding block (public/images/funding): the marks of the European Union and the Government of Hungary. */
export const FUNDING_BLOCK = { src: '/images/funding/szechenyi-terv-plusz.svg', width: 600, height: 300 } as const;

/**
 * `eager={false}` below the fold: `placeImages` decides an image's loading in the end, but React
 * writes a preload into the head for an image that is not lazy, and a preload fetches it first.
 */
export function FundingBlock({ i18n, className, eager = true, alt }: { i18n: I18n; className?: string; eager?: boolean; alt?: string }) {
  return (
    <img
      className={className}
      src={FUNDING_BLOCK.src}
      alt={alt ?? i18n.t('tender.fundingAlt')}
      width={FUNDING_BLOCK.width}
      height={FUNDING_BLOCK.height}
      loading={eager ? undefined : 'lazy'}
    />
  );
}
