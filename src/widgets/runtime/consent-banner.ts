/**
 * The first-visit consent banner, without React: the page carries it hidden, and the loader
 * loads this module only while there is no valid consent. "Accept all" and "Reject all" decide
 * here; "Settings" opens the consent settings island. Closing it enables nothing.
 */
import type { ConsentConfig } from '../../shared/runtime-config';
import { saveConsent } from '../consent/consent-core';

export const BANNER_SELECTOR = '[data-consent-banner]';

export function showBanner(config: ConsentConfig, openSettings: () => void): void {
  const banner = document.querySelector<HTMLElement>(BANNER_SELECTOR);
  if (!banner) return;
  banner.hidden = false;
  banner.addEventListener('click', (event) => {
    const action = (event.target as Element | null)?.closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action === 'settings') return openSettings();
    if (action === 'accept') saveConsent(config, config.cookies.filter((cookie) => !cookie.necessary).map((cookie) => cookie.id));
    if (action === 'reject') saveConsent(config, []);
    if (action) banner.hidden = true;
  });
}
