import type { I18n } from '../../engine/template-api';

/** The Széchenyi Terv Plusz funding block (public/images/funding): the marks of the European Union and the Government of Hungary. */
export const FUNDING_BLOCK = { src: '/images/funding/szechenyi-terv-plusz.svg', width: 600, height: 300 } as const;

/** `className` null for no class (the footer styles its image through its link). */
export function FundingBlock({ i18n, className = 'funding__block', eager = true, alt }: { i18n: I18n; className?: string | null; eager?: boolean; alt?: string }) {
  return (
    <img
      className={className ?? undefined}
      src={FUNDING_BLOCK.src}
      alt={alt ?? i18n.t('tender.fundingAlt')}
      width={FUNDING_BLOCK.width}
      height={FUNDING_BLOCK.height}
      loading={eager ? undefined : 'lazy'}
    />
  );
}
