import type { I18n, PageInfo } from '../../engine/template-api';
import { LOCALE_INFO, LOCALES, localizedUrl } from '../../shared/locales';

/**
 * The language menu as plain links to the same route in each locale; a `<details>` element
 * opens it without script. Pages without a route offer each locale's home.
 */
export function LanguageMenu({ page, i18n }: { page: PageInfo | undefined; i18n: I18n }) {
  const current = LOCALE_INFO[i18n.locale];
  return (
    <details className="language-menu">
      <summary aria-label={i18n.t('language.menu')}>
        <span className="language-menu__code" aria-hidden="true">
          {current.code.toUpperCase()}
        </span>
        <span className="language-menu__name">{current.name}</span>
      </summary>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={page ? page.alternates[locale] : localizedUrl('/', locale, locale !== 'en')}
              hrefLang={locale}
              lang={LOCALE_INFO[locale].language}
              aria-current={locale === i18n.locale ? 'true' : undefined}
            >
              {LOCALE_INFO[locale].name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
