import { useId, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Assets, I18n } from '../../engine/template-api';
import { jsonForScript } from '../../shared/json-script';
import { MessagesContext } from '../../widgets/runtime/messages';

/** When an island hydrates: at load, when the browser is idle, when scrolled into view, or on first interaction. */
export type Strategy = 'load' | 'idle' | 'visible' | 'interaction';

interface IslandProps<P extends object> {
  /** The island's name: its file in `src/widgets/islands/`. */
  name: string;
  component: ComponentType<P>;
  props: P;
  strategy: Strategy;
  /**
   * A sessionStorage key: while it holds something (a form's draft from a failed send), the
   * island hydrates as soon as the loader runs, whatever its strategy, so the visitor finds
   * their text in the form instead of an empty one that fills in at their first touch.
   */
  restores?: string;
  i18n: I18n;
  assets: Assets;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sitegen-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/**
 * Places a widget: its server-rendered markup inside `<sitegen-island>` (which the loader
 * hydrates with the same component and props) and its props in an inert JSON script beside it.
 * The widget renders as its own root with `renderToString`, exactly as `hydrateRoot` will see
 * it in the browser: the same `useId` values (prefixed by the island's id, so islands never
 * share one) and the text separators hydration needs, which static markup leaves out.
 */
export function Island<P extends object>({ name, component: Widget, props, strategy, restores, i18n, assets }: IslandProps<P>) {
  const id = `island-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const src = assets.islands[name];
  if (!src) throw new Error(`no island "${name}" in src/widgets/islands`);
  return (
    <>
      <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
      <sitegen-island
        data-island={name}
        data-src={src}
        data-props={id}
        data-strategy={strategy}
        data-restores={restores}
        dangerouslySetInnerHTML={{
          __html: renderToString(
            <MessagesContext.Provider value={{ locale: i18n.locale, language: i18n.language, messages: i18n.widgetMessages }}>
              <Widget {...props} />
            </MessagesContext.Provider>,
            { identifierPrefix: `${id}-` },
          ),
        }}
      />
    </>
  );
}
