/**
 * Notices new deployments and prefetches known pages. Loaded by the loader at idle time.
 * - Polls the latest-build document (and again when the tab becomes visible); once its id
 *   differs from this page's, the next same-origin link navigation loads fresh from the network.
 *   Nothing here ever reloads a page on its own.
 * - One second after load (not on slow-2g), fetches the route manifest and prefetches known
 *   routes when a link is hovered or touched.
 * Failures are logged and change nothing for the visitor.
 */
import type { RuntimeConfig } from '../../shared/runtime-config';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

export function start(config: RuntimeConfig): void {
  let stale = false;

  const check = async () => {
    try {
      const response = await fetch(config.latestBuild, { cache: 'no-store' });
      const latest = (await response.json()) as { release?: string };
      if (latest.release && latest.release !== config.release) stale = true;
    } catch (error) {
      console.warn('sitegen: could not check for a new deployment', error);
    }
  };
  setInterval(check, config.buildCheckSeconds * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });

  addEventListener('click', (event) => {
    const link = sameOriginLink(event.target);
    if (!stale || !link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target && link.target !== '_self') return;
    if (link.hasAttribute('download') || (link.pathname === location.pathname && link.hash)) return;
    event.preventDefault();
    // Refresh the cached page first, so the navigation cannot show the previous deployment's.
    void fetch(link.href, { cache: 'reload' })
      .catch(() => undefined)
      .finally(() => location.assign(link.href));
  });

  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.effectiveType === 'slow-2g' || connection?.saveData) return;
  setTimeout(async () => {
    try {
      const response = await fetch(config.manifest);
      const manifest = (await response.json()) as { routes: Record<string, unknown> };
      const known = new Set(Object.keys(manifest.routes));
      const prefetched = new Set<string>([location.pathname]);
      const prefetch = (event: Event) => {
        const link = sameOriginLink(event.target);
        // The manifest writes accented slugs as they are; a link's pathname is percent-encoded.
        if (!link || stale || !known.has(decodedPath(link.pathname)) || prefetched.has(link.pathname)) return;
        prefetched.add(link.pathname);
        const hint = document.createElement('link');
        hint.rel = 'prefetch';
        hint.href = link.pathname;
        document.head.append(hint);
      };
      addEventListener('pointerover', prefetch, { passive: true });
      addEventListener('touchstart', prefetch, { passive: true });
    } catch (error) {
      console.warn('sitegen: could not load the route manifest', error);
    }
  }, 1000);
}

function sameOriginLink(target: EventTarget | null): HTMLAnchorElement | undefined {
  const link = (target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
  return link && link.origin === location.origin ? link : undefined;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
