/**
 * Hydrates one island: loads the page's widget messages, then hydrates the server-rendered
 * markup with the same component and props, and hands the island what the visitor typed,
 * ticked or chose in it meanwhile (replay-input.ts). An island that throws is contained by its
 * own error boundary; the rest of the page keeps working.
 */
import { Component, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import fallbackMessages from 'sitegen:fallback-messages';
import { isBot } from '../../shared/bots';
import { MessagesContext, type WidgetMessages } from './messages';
import { runtimeConfig } from './config';
import { loadMessages } from './page';
import { noteTextareas, replayInputBeforeHydration, type TextareaState } from './replay-input';

/** Resolves once the island committed, so its effects (event listeners) are in place. */
export async function mount<P extends object>(island: HTMLElement, Widget: ComponentType<P>, props: P): Promise<void> {
  const { locale, language, locales, defaultLocale } = runtimeConfig();
  const loaded = await loadMessages(locale);
  // The bundle carries the default locale's messages for when the page's cannot load.
  const fallback = locales.find((known) => known.code === defaultLocale)!;
  const messages: WidgetMessages = loaded ? { locale, language, messages: loaded } : { locale: fallback.code, language: fallback.tag, messages: fallbackMessages };
  const textareas = noteTextareas(island);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      island,
      <MessagesContext.Provider value={messages}>
        <IslandBoundary name={island.dataset.island ?? 'island'}>
          <Widget {...props} />
        </IslandBoundary>
        <Committed island={island} textareas={textareas} onCommit={resolve} />
      </MessagesContext.Provider>,
      {
        // The same prefix the server rendered with (see Island.tsx): `useId` values match.
        identifierPrefix: `${island.dataset.props}-`,
        onRecoverableError(error) {
          console.warn('sitegen: an island re-rendered on the client', error);
        },
      },
    );
  });
}

/**
 * After the widget: its layout effect runs once hydration committed, before any passive effect
 * (a draft restored, say) can render a field again with the state it hydrated with.
 */
function Committed({ island, textareas, onCommit }: { island: HTMLElement; textareas: Map<HTMLTextAreaElement, TextareaState>; onCommit: () => void }) {
  useLayoutEffect(() => void replayInputBeforeHydration(island, textareas), [island, textareas]);
  useEffect(onCommit, [onCommit]);
  return null;
}

class IslandBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  static override contextType = MessagesContext;
  declare context: WidgetMessages;
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`sitegen: the ${this.props.name} widget failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Crawlers never see an error; people get a short note where the widget was.
    if (isBot(navigator.userAgent)) return null;
    return (
      <p className="island-error" role="status">
        {this.context.messages['widgets.error.island'] ?? fallbackMessages['widgets.error.island']}
      </p>
    );
  }
}
