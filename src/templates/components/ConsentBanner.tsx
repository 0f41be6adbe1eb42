import type { I18n } from '../../engine/template-api';
import { formatMessage } from '../../shared/format-message';

/**
 * The first-visit cookie banner, rendered hidden: the loader shows it while there is no valid
 * consent and handles its buttons without React. Fixed over the bottom of the page, so showing
 * it moves nothing. Accept and Reject share one look.
 */
export function ConsentBanner({ i18n, privacyUrl }: { i18n: I18n; privacyUrl: string }) {
  const t = (key: string) => formatMessage(i18n.widgetMessages[key] ?? key, {}, i18n.language);
  return (
    <section className="consent-banner" data-consent-banner="" aria-labelledby="consent-banner-title" hidden>
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
    </section>
  );
}
