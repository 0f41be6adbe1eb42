/**
 * Messages for widgets, the same on the server (rendered by the templates) and in the browser
 * (loaded from `/_i18n/...`), so hydration finds the markup it would render itself.
 */
import { createContext, useContext, useMemo } from 'react';
import { formatMessage, type MessageValues } from '../../shared/format-message';
import type { Locale } from '../../shared/locales';

export interface WidgetMessages {
  locale: Locale;
  /** The locale's BCP 47 tag, for formatting. */
  language: string;
  /** `widgets.*` messages by full key. */
  messages: Readonly<Record<string, string>>;
}

export const MessagesContext = createContext<WidgetMessages>({ locale: 'en', language: 'en', messages: {} });

export type Translate = (key: string, values?: MessageValues) => string;

/** `t('widgets.form.submit')`; an unknown key shows the key, never breaks the widget. */
export function useTranslate(): Translate {
  const { language, messages } = useContext(MessagesContext);
  return useMemo(
    () => (key, values) => {
      const message = messages[key];
      return message === undefined ? key : formatMessage(message, values, language);
    },
    [language, messages],
  );
}

/** The locale the widget renders in, and its BCP 47 tag. */
export function useLocale(): Pick<WidgetMessages, 'locale' | 'language'> {
  const { locale, language } = useContext(MessagesContext);
  return { locale, language };
}
