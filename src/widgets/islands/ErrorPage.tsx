import { useEffect, useState } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '../../shared/locales';
import { formatMessage } from '../../shared/format-message';
import { useTranslate } from '../runtime/messages';
import { loadMessages } from '../runtime/page';

export interface ErrorPageProps {
  kind: 'not-found' | 'error';
  /** The home page of each locale. */
  homes: Record<Locale, string>;
}

/**
 * The error pages. `404.html` is one file for every unknown path: the server renders it in
 * English; in the browser it shows the requested path and, under `/hu/...` or `/de/...`, switches
 * to that locale and its home link.
 */
export default function ErrorPage({ kind, homes }: ErrorPageProps) {
  const t = useTranslate();
  const [view, setView] = useState<{ locale: Locale; path: string; messages?: Record<string, string> }>({ locale: 'en', path: '' });

  useEffect(() => {
    const path = decodeURI(location.pathname);
    const first = path.split('/')[1];
    const locale = LOCALES.find((code) => code === first) ?? 'en';
    setView({ locale, path });
    if (locale === 'en') return;
    void loadMessages(locale).then((messages) => {
      if (!messages) return;
      setView({ locale, path, messages });
      document.documentElement.lang = LOCALE_INFO[locale].language;
    });
  }, []);

  const text = (key: string, values?: Record<string, string>) =>
    view.messages?.[key] !== undefined ? formatMessage(view.messages[key]!, values, LOCALE_INFO[view.locale].language) : t(key, values);
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
