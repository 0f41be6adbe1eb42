/**
 * The first-visit consent banner, without React: the page carries it, shown before the first
 * paint while there is no valid consent, and the loader loads this module only then. "Accept
 * all" and "Reject all" decide here; "Settings" opens the consent settings island. Closing it
 * enables nothing. A button pressed before this module ran (the page's inline script notes it
 * in `data-consent-pending`) is carried out now.
 */
import type { ConsentConfig } from '../../shared/runtime-config';
import { saveConsent } from '../consent/consent-core';

export const BANNER_SELECTOR = '[data-consent-banner]';

export function showBanner(config: ConsentConfig, openSettings: () => void): void {
  const banner = document.querySelector<HTMLElement>(BANNER_SELECTOR);
  if (!banner) return;
  banner.hidden = false;
  const act = (action: string | undefined) => {
    if (action === 'settings') return openSettings();
    if (action === 'accept') saveConsent(config, config.cookies.filter((cookie) => !cookie.necessary).map((cookie) => cookie.id));
    if (action === 'reject') saveConsent(config, []);
    if (action) banner.hidden = true;
  };
  banner.addEventListener('click', (event) => act((event.target as Element | null)?.closest<HTMLElement>('[data-consent]')?.dataset.consent));
  const pending = banner.dataset.consentPending;
  delete banner.dataset.consentPending;
  act(pending);
}
