import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/locales';
import type { SourceLocation } from '../diagnostics/diagnostic';

/** One message of a locale file, with where it is written. */
export interface Message {
  key: string;
  text: string;
  ast: MessageFormatElement[];
  /** Placeholder names with their kind (`count:plural`), sorted. */
  placeholders: string[];
  at: SourceLocation;
}

/** Every locale's messages by dotted key (`nav.blog`). */
export type MessageCatalog = Readonly<Record<Locale, ReadonlyMap<string, Message>>>;

/** Messages under this key are shipped to the browser for the widgets. */
export const CLIENT_MESSAGE_PREFIX = 'widgets.';
