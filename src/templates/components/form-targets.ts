import type { PageProps } from '../../engine/template-api';

/**
 * What every form island is told about where it sends and goes: the backend, the
 * proof-of-work worker, the result pages and the privacy policy of the page's locale.
 */
export function formTargets({ site, links, assets }: Pick<PageProps, 'site' | 'links' | 'assets'>) {
  return {
    backendUrl: site.backendUrl,
    powWorker: assets.scripts.powWorker,
    successUrl: links.path('contact-success'),
    failedUrl: links.path('contact-failed'),
    privacyUrl: links.path('privacy-policy'),
  };
}
