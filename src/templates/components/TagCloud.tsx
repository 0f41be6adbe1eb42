import type { I18n, TagLink } from '../../engine/template-api';

/**
 * The tags of a hub's children, each a link to its listing with how many it lists; the
 * listing shown is marked current. Styled as the site's chips (`.chips` in site.css).
 */
export function TagCloud({ tags, current, i18n }: { tags: readonly TagLink[]; current: string | undefined; i18n: I18n }) {
  return (
    <nav className="section-gap" aria-label={i18n.t('hub.tags')}>
      <ul className="chips">
        {tags.map(({ id, url, count }) => (
          <li key={id}>
            <a href={url} aria-current={id === current ? 'page' : undefined}>
              {`${i18n.t(`tags.${id}`)} (${i18n.number(count)})`}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
