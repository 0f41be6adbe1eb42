import type { I18n } from '../../engine/template-api';
import type { PositionData } from '../fields';

/** A position's lists, each with the message that heads it: on its page and in its JobPosting. */
export const POSITION_LISTS = [
  ['duties', 'career.duties'],
  ['requirements', 'career.requirements'],
  ['benefits', 'career.benefits'],
] as const;

/** Where the position is and how it is employed: on its page and on the career page's card. */
export function PositionMeta({ position, i18n }: { position: Pick<PositionData, 'location' | 'employment'>; i18n: I18n }) {
  return (
    <p className="position__meta">
      <span>
        {i18n.t('career.location')}: {position.location}
      </span>
      <span>
        {i18n.t('career.employment')}: {position.employment}
      </span>
    </p>
  );
}
