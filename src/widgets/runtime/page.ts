/** Loading the widget messages in the browser. */
import { messagesUrl } from '../../shared/runtime-config';
import type { Locale } from '../../shared/locales';
import { runtimeConfig } from './config';

const DAY_MS = 24 * 60 * 60 * 1000;
const loading = new Map<string, Promise<Record<string, string> | undefined>>();

/**
 * The widget messages of a locale: from localStorage when fetched less than 24 hours ago,
 * else from `/_i18n/<release>/<locale>/messages.json`. Undefined, with a console warning, when
 * they cannot be loaded: the caller falls back to the default locale's texts built in.
 */
export function loadMessages(locale: Locale): Promise<Record<string, string> | undefined> {
  const { release } = runtimeConfig();
  const url = messagesUrl(release, locale);
  let promise = loading.get(url);
  if (!promise) {
    promise = fetchMessages(url);
    loading.set(url, promise);
  }
  return promise;
}

async function fetchMessages(url: string): Promise<Record<string, string> | undefined> {
  const key = `sitegen:messages:${url}`;
  if (runtimeConfig().dev) return fetchFresh(url, undefined);
  try {
    const cached = JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; messages: Record<string, string> } | null;
    if (cached && Date.now() - cached.at < DAY_MS) return cached.messages;
  } catch {
    // Storage blocked or corrupt: fetch instead.
  }
  return fetchFresh(url, key);
}

async function fetchFresh(url: string, key: string | undefined): Promise<Record<string, string> | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const messages = (await response.json()) as Record<string, string>;
    try {
      if (key) localStorage.setItem(key, JSON.stringify({ at: Date.now(), messages }));
    } catch {
      // A full or blocked storage only costs a fetch next time.
    }
    return messages;
  } catch (error) {
    console.warn(`sitegen: could not load ${url} (${String(error)}); widgets use their built-in texts`);
    return undefined;
  }
}
