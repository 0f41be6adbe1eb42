import type { I18n } from '../../engine/template-api';
import { CONSENT_GIVEN_COOKIE } from '../../shared/cookies';
import { formatMessage } from '../../shared/format-message';
import type { ConsentConfig } from '../../shared/runtime-config';

/**
 * The first-visit cookie banner: a band above the header, early in the focus order (right
 * after the skip link), that covers nothing. The markup is `hidden`; the inline script after
 * it shows it before the first paint while no valid choice is stored (`ncc_c` is not the
 * declaration's stamp, as the loader's `currentConsent` decides), so showing it moves nothing.
 * The loader handles its buttons without React (`runtime/consent-banner.ts`). Accept and
 * Reject share one look and one size.
 */
export function ConsentBanner({ i18n, privacyUrl, consent }: { i18n: I18n; privacyUrl: string; consent: ConsentConfig }) {
  const t = (key: string) => formatMessage(i18n.widgetMessages[key] ?? key, {}, i18n.language);
  return (
    <>
      <section className="consent-banner" data-consent-banner="" aria-labelledby="consent-banner-title" hidden>
        <div className="container consent-banner__inner">
          <div className="consent-banner__text">
            <h2 id="consent-banner-title">{t('widgets.consent.title')}</h2>
            <p>
              {t('widgets.consent.text')} <a href={privacyUrl}>{t('widgets.consent.privacy')}</a>
            </p>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="consent-button" data-consent="accept">
              {t('widgets.consent.acceptAll')}
            </button>
            <button type="button" className="consent-button" data-consent="reject">
              {t('widgets.consent.rejectAll')}
            </button>
            <button type="button" className="consent-link" data-consent="settings">
              {t('widgets.consent.settings')}
            </button>
          </div>
          <button type="button" className="consent-banner__close" data-consent="close" aria-label={t('widgets.consent.close')}>
            ×
          </button>
        </div>
      </section>
      <script dangerouslySetInnerHTML={{ __html: showBannerScript(consent) }} />
    </>
  );
}

/**
 * Shows the banner just parsed unless the stored choice matches the declared cookies, and notes
 * a button pressed before the loader's banner module runs (`data-consent-pending`), which that
 * module then carries out.
 */
export function showBannerScript(consent: ConsentConfig): string {
  const stamp = consent.cookies.map((cookie) => cookie.id).join('');
  const given = `${CONSENT_GIVEN_COOKIE}=${stamp}`;
  return (
    `(function(b){if((";"+document.cookie.replace(/ /g,"")+";").indexOf(${JSON.stringify(`;${given};`).replace(/</g, '\\u003C')})>=0)return;` +
    `b.hidden=false;b.addEventListener("click",function(e){var t=e.target.closest&&e.target.closest("[data-consent]");if(t)b.setAttribute("data-consent-pending",t.getAttribute("data-consent"))})` +
    `})(document.currentScript.previousElementSibling)`
  );
}
