/**
 * Messages for widgets, the same on the server (rendered by the templates) and in the browser
 * (loaded from `/_i18n/...`), so hydration finds the markup it would render itself.
 */
import { createContext, useContext, useMemo } from 'react';
import { formatMessage, type MessageValues } from '../../shared/format-message';
import { LOCALE_INFO, type Locale } from '../../shared/locales';

export interface WidgetMessages {
  locale: Locale;
  /** `widgets.*` messages by full key. */
  messages: Readonly<Record<string, string>>;
}

export const MessagesContext = createContext<WidgetMessages>({ locale: 'en', messages: {} });

export type Translate = (key: string, values?: MessageValues) => string;

/** `t('widgets.form.submit')`; an unknown key shows the key, never breaks the widget. */
export function useTranslate(): Translate {
  const { locale, messages } = useContext(MessagesContext);
  return useMemo(() => {
    const language = LOCALE_INFO[locale].language;
    return (key, values) => {
      const message = messages[key];
      return message === undefined ? key : formatMessage(message, values, language);
    };
  }, [locale, messages]);
}

export function useLocale(): Locale {
  return useContext(MessagesContext).locale;
}
