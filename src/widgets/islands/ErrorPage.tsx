import { useEffect, useState } from 'react';
import type { Locale } from '../../shared/locales';
import { formatMessage } from '../../shared/format-message';
import { useTranslate } from '../runtime/messages';
import { loadMessages } from '../runtime/page';

export interface ErrorPageProps {
  kind: 'not-found' | 'error';
  /** The home page of each locale. */
  homes: Record<Locale, string>;
  /** The site's locales: code and BCP 47 tag. */
  locales: Array<{ code: Locale; tag: string }>;
  /** The locale the page is rendered in. */
  defaultLocale: Locale;
}

/**
 * The error pages. `404.html` is one file for every unknown path: the server renders it in
 * the default locale; in the browser it shows the requested path and, under another locale's
 * prefix (`/hu/...`), switches to that locale and its home link.
 */
export default function ErrorPage({ kind, homes, locales, defaultLocale }: ErrorPageProps) {
  const fallback = locales.find((known) => known.code === defaultLocale)!;
  const t = useTranslate();
  const [view, setView] = useState<{ locale: Locale; tag: string; path: string; messages?: Record<string, string> }>({ locale: fallback.code, tag: fallback.tag, path: '' });

  useEffect(() => {
    const path = decodeURI(location.pathname);
    const prefix = path.split('/')[1];
    const { code: locale, tag } = locales.find((known) => known.code === prefix) ?? fallback;
    setView({ locale, tag, path });
    if (locale === fallback.code) return;
    void loadMessages(locale).then((messages) => {
      if (!messages) return;
      setView({ locale, tag, path, messages });
      document.documentElement.lang = tag;
    });
  }, [locales, fallback]);

  const text = (key: string, values?: Record<string, string>) =>
    view.messages?.[key] !== undefined ? formatMessage(view.messages[key]!, values, view.tag) : t(key, values);
  const heading = kind === 'not-found' ? text('widgets.error.notFound') : text('widgets.error.generic');
  return (
    <section className="container section error-page">
      <img
        className="error-page__image"
        src={kind === 'not-found' ? '/images/error-404.svg' : '/images/error-500.svg'}
        alt=""
        width={240}
        height={160}
        loading="lazy"
      />
      <h1>{heading}</h1>
      {kind === 'not-found' && view.path && <p className="error-page__path">{view.path}</p>}
      <p>
        <a className="button" href={homes[view.locale]}>
          {text('widgets.error.backToStart')}
        </a>
      </p>
    </section>
  );
}
