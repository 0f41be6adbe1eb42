import { useEffect, useRef } from 'react';
import { rememberLocale } from '../../shared/cookies';
import { LOCALE_INFO, LOCALES, type Locale } from '../../shared/locales';
import { useTranslate } from '../runtime/messages';

export interface LocaleSwitcherProps {
  current: Locale;
  /** The same route in every locale. */
  links: Record<Locale, string>;
  /** Flag image of each locale. */
  flags: Record<Locale, string>;
}

/**
 * The language menu: the current locale with its flag and name, and links to the same page in
 * the others. It is a `<details>` list of links, so it works as HTML before hydration; hydrated,
 * it closes on Escape, on a click outside and after a choice, and remembers the choice.
 */
export default function LocaleSwitcher({ current, links, flags }: LocaleSwitcherProps) {
  const t = useTranslate();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, []);

  // The visible flag loads with the page, found by the browser's preload scanner: a lazy image
  // is requested only after layout, a round trip that delays the largest paint on a slow
  // connection. Low priority keeps React's server renderer from adding a preload link for it.
  // The menu's flags are hidden until it opens, so they load lazily.
  return (
    <details className="language-menu" ref={menu}>
      {/* The name starts with the visible text (WCAG 2.5.3, label in name): "English, Choose a language". */}
      <summary>
        <img src={flags[current]} alt="" width={20} height={15} fetchPriority="low" />
        <span className="language-menu__name">{LOCALE_INFO[current].name}</span>
        <span className="visually-hidden">, {t('widgets.language.menu')}</span>
      </summary>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={links[locale]}
              hrefLang={locale}
              lang={LOCALE_INFO[locale].language}
              data-locale={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => rememberLocale(document, locale, location.protocol === 'https:')}
            >
              <img src={flags[locale]} alt="" width={20} height={15} loading="lazy" />
              {LOCALE_INFO[locale].name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
