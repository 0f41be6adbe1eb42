import { useEffect, useRef } from 'react';
import { rememberLocale } from '../../shared/cookies';
import type { Locale } from '../../shared/locales';
import { useTranslate } from '../runtime/messages';

/** A locale of the menu: the same page in it, and how the menu shows it. */
export interface LocaleChoice {
  code: Locale;
  /** BCP 47 tag, for the link's `lang`. */
  tag: string;
  /** The language's own name. */
  name: string;
  /** URL path of its flag image. */
  flag: string;
  /** The same route in this locale. */
  href: string;
}

export interface LocaleSwitcherProps {
  current: Locale;
  /** Every locale of the site, in menu order. */
  choices: LocaleChoice[];
}

/**
 * The language menu: the current locale with its flag and name, and links to the same page in
 * the others. It is a `<details>` list of links, so it works as HTML before hydration; hydrated,
 * it closes on Escape, on a click outside and after a choice, and remembers the choice.
 */
export default function LocaleSwitcher({ current, choices }: LocaleSwitcherProps) {
  const shown = choices.find((choice) => choice.code === current) ?? choices[0]!;
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
        <img src={shown.flag} alt="" width={20} height={15} fetchPriority="low" />
        <span className="language-menu__name">{shown.name}</span>
        <span className="visually-hidden">, {t('widgets.language.menu')}</span>
      </summary>
      <ul>
        {choices.map((choice) => (
          <li key={choice.code}>
            <a
              href={choice.href}
              hrefLang={choice.code}
              lang={choice.tag}
              data-locale={choice.code}
              aria-current={choice.code === current ? 'true' : undefined}
              onClick={() => rememberLocale(document, choice.code, location.protocol === 'https:')}
            >
              <img src={choice.flag} alt="" width={20} height={15} loading="lazy" />
              {choice.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
