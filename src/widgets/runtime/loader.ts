/**
 * The only script every page runs at load (budget: 2 KB gzipped). It hydrates islands when
 * their strategy says so, importing only the chunks a page uses (React comes with them), keeps
 * the consent decisions (analytics only when enabled), and leaves deployment checks for idle
 * time. Crawlers get the pages as HTML: nothing hydrates for them.
 */
import { isBot } from '../../shared/bots';
import { rememberLocale } from '../../shared/cookies';
import { applyConsent, currentConsent } from '../consent/consent-core';
import { runtimeConfig } from './config';

const hydrating = new WeakMap<HTMLElement, Promise<void>>();

/** sessionStorage marker of the last reload after a failed chunk import. */
const RELOAD_MARKER = 'sitegen:chunk-reload';
const RELOAD_GUARD_MS = 10_000;

function schedule(island: HTMLElement): void {
  const run = () => void hydrate(island);
  if (island.dataset.island === 'CookieConsent') {
    // The settings dialog: React loads only when the visitor asks for it. The first-visit
    // banner needs no React (consent-banner.ts).
    const openSettings = () => void hydrate(island).then(() => dispatchEvent(new Event('sitegen:cookie-settings')));
    if (!consent) {
      void (import(config.scripts.consentBanner) as Promise<typeof import('./consent-banner')>).then((banner) =>
        banner.showBanner(config.consent, openSettings),
      );
    }
    addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href="#cookie-settings"]')) {
        event.preventDefault();
        openSettings();
      }
    });
    // A click before this script ran (it starts after the first paint) only moved to the
    // anchor; a link from elsewhere to `…#cookie-settings` means the same: open the settings.
    if (location.hash === '#cookie-settings') openSettings();
    return;
  }
  // State waiting to be restored (a form's draft) is shown at once, whatever the strategy.
  if (stored(island.dataset.restores)) return run();
  switch (island.dataset.strategy) {
    case 'idle':
      idle(run);
      break;
    case 'visible': {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          run();
        }
      });
      // The island is `display: contents`: observe what it shows.
      for (const child of island.children) observer.observe(child);
      break;
    }
    case 'interaction':
      // This script starts after the first paint: a visitor may already be in the island (a
      // field focused, text typed), and then no further focus comes to start it.
      if (island.contains(document.activeElement) || holdsInput(island)) return run();
      for (const type of ['pointerover', 'focusin', 'touchstart']) island.addEventListener(type, run, { once: true, passive: true });
      break;
    default:
      run();
  }
}

function hydrate(island: HTMLElement): Promise<void> {
  let done = hydrating.get(island);
  if (!done) {
    done = import(island.dataset.src!).then(
      async (chunk: { default: (island: HTMLElement, props: unknown) => Promise<void> }) => {
        await chunk.default(island, JSON.parse(document.getElementById(island.dataset.props!)!.textContent!));
        island.dataset.hydrated = '';
      },
      reloadOnce,
    );
    hydrating.set(island, done);
  }
  return done;
}

/**
 * A chunk that fails to load usually means a new deployment removed it: reload once to get
 * the new page. The marker stops a loop; a form holding the visitor's input is never reloaded.
 */
function reloadOnce(error: unknown): void {
  console.error('sitegen: could not load a widget', error);
  const last = Number(sessionStorage.getItem(RELOAD_MARKER) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS || formHoldsInput()) return;
  sessionStorage.setItem(RELOAD_MARKER, String(Date.now()));
  location.reload();
}

/**
 * Whether a form field was changed: an input or change event since the loader started, or (for
 * what was typed before it ran, noted when it starts) a value other than the one the server
 * rendered. A hydrated form cannot be judged by its default values alone: React writes a
 * controlled field's value into its default value.
 */
function formHoldsInput(): boolean {
  return edited || holdsInput(document);
}

/** Whether a form field in `root` holds a value other than the one the server rendered. */
function holdsInput(root: ParentNode): boolean {
  for (const field of root.querySelectorAll<HTMLInputElement>('form input, form textarea')) {
    const checkable = field.type === 'checkbox' || field.type === 'radio';
    if (checkable ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) return true;
  }
  return false;
}

/** Whether sessionStorage holds something under `key` (storage may be off: then nothing). */
function stored(key: string | undefined): boolean {
  try {
    return key !== undefined && sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function idle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

// Runs last: everything above is declared by now.
let edited = false;
for (const type of ['input', 'change']) {
  addEventListener(type, (event) => void (edited ||= (event.target as Element | null)?.closest?.('form') != null), { capture: true, passive: true });
}
edited = formHoldsInput();
const config = runtimeConfig();
const consent = currentConsent(config.consent);
if (consent) applyConsent(config.consent, consent);

// A language link remembers the choice even before the switcher hydrates.
addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-locale]');
    const locale = link?.dataset.locale;
    if (locale && config.locales.some((known) => known.code === locale)) rememberLocale(document, locale, location.protocol === 'https:');
  },
  true,
);

/**
 * The first page of a visit is painted in the fallback faces (templates/layout/font-loading.tsx):
 * now that it is painted, its font files are fetched into the cache for the pages that follow,
 * not added to this page's fonts (nothing re-flows).
 */
function fetchFonts(): void {
  const files = document.querySelector<HTMLScriptElement>('script[data-fonts]')?.dataset.fonts;
  if (!files || !document.documentElement.classList.contains('font-later') || typeof FontFace === 'undefined') return;
  for (const file of files.split(' ')) new FontFace('Figtree', `url(${file})`).load().catch(() => {});
}

if (!isBot(navigator.userAgent)) {
  fetchFonts();
  for (const island of document.querySelectorAll<HTMLElement>('sitegen-island')) schedule(island);
  idle(() => (import(config.scripts.deployWatch) as Promise<typeof import('./deploy-watch')>).then((watch) => watch.start(config)));
}
