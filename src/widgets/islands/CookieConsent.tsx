import { useEffect, useId, useRef, useState } from 'react';
import type { ConsentConfig } from '../../shared/runtime-config';
import { currentConsent, saveConsent } from '../consent/consent-core';
import { useTranslate } from '../runtime/messages';

export interface CookieConsentProps {
  config: ConsentConfig;
  privacyUrl: string;
}

type View = 'hidden' | 'banner' | 'settings';

/**
 * The consent banner and settings. The server renders nothing (it cannot know the visitor's
 * choice); in the browser the banner appears when there is no valid consent, fixed over the
 * bottom of the page so nothing moves. Accept and Reject look the same. Closing or ignoring the
 * banner enables nothing. The settings are a modal dialog: focus stays in it, Escape closes it.
 */
export default function CookieConsent({ config, privacyUrl }: CookieConsentProps) {
  const t = useTranslate();
  const [view, setView] = useState<View>('hidden');
  const [enabled, setEnabled] = useState<string[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const settingsTitleId = useId();

  useEffect(() => {
    const consent = currentConsent(config);
    if (consent) setEnabled(consent);
    else setView('banner');
    const openSettings = () => {
      setEnabled(currentConsent(config) ?? []);
      setView('settings');
    };
    addEventListener('sitegen:cookie-settings', openSettings);
    return () => removeEventListener('sitegen:cookie-settings', openSettings);
  }, [config]);

  useEffect(() => {
    const element = dialog.current;
    if (view === 'settings' && element && !element.open) element.showModal();
    if (view !== 'settings' && element?.open) element.close();
  }, [view]);

  const optional = config.cookies.filter((cookie) => !cookie.necessary);
  const decide = (ids: string[]) => {
    saveConsent(config, ids);
    setEnabled(ids);
    setView('hidden');
  };
  const acceptAll = () => decide(optional.map((cookie) => cookie.id));
  const rejectAll = () => decide([]);

  return (
    <>
      {view === 'banner' && (
        <section className="consent-banner" aria-labelledby={titleId}>
          <div className="consent-banner__text">
            <h2 id={titleId}>{t('widgets.consent.title')}</h2>
            <p>
              {t('widgets.consent.text')} <a href={privacyUrl}>{t('widgets.consent.privacy')}</a>
            </p>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="consent-button" onClick={acceptAll}>
              {t('widgets.consent.acceptAll')}
            </button>
            <button type="button" className="consent-button" onClick={rejectAll}>
              {t('widgets.consent.rejectAll')}
            </button>
            <button type="button" className="consent-link" onClick={() => setView('settings')}>
              {t('widgets.consent.settings')}
            </button>
          </div>
          <button type="button" className="consent-banner__close" aria-label={t('widgets.consent.close')} onClick={() => setView('hidden')}>
            ×
          </button>
        </section>
      )}
      <dialog
        ref={dialog}
        className="consent-dialog"
        aria-labelledby={settingsTitleId}
        onClose={() => setView((current) => (current === 'settings' ? (currentConsent(config) ? 'hidden' : 'banner') : current))}
      >
        {view === 'settings' && (
          <form
            method="dialog"
            onSubmit={(event) => {
              event.preventDefault();
              decide(enabled);
            }}
          >
            <h2 id={settingsTitleId}>{t('widgets.consent.settingsTitle')}</h2>
            <p>{t('widgets.consent.settingsText')}</p>
            <ul className="consent-groups">
              {config.cookies.map((cookie) => {
                const checked = cookie.necessary || enabled.includes(cookie.id);
                return (
                  <li key={cookie.id}>
                    <label>
                      <input
                        type="checkbox"
                        name={cookie.id}
                        checked={checked}
                        disabled={cookie.necessary}
                        onChange={(event) =>
                          setEnabled((ids) => (event.target.checked ? [...ids, cookie.id] : ids.filter((id) => id !== cookie.id)))
                        }
                      />
                      <strong>{t(`widgets.consent.cookies.${cookie.id}.title`)}</strong>
                      {cookie.necessary && <span className="consent-groups__always"> {t('widgets.consent.alwaysOn')}</span>}
                    </label>
                    <p>{t(`widgets.consent.cookies.${cookie.id}.purpose`)}</p>
                    <p className="consent-groups__names">{t('widgets.consent.cookieNames', { names: cookie.names.join(', ') })}</p>
                  </li>
                );
              })}
            </ul>
            <div className="consent-dialog__actions">
              <button type="submit" className="consent-button">
                {t('widgets.consent.save')}
              </button>
              <button type="button" className="consent-button" onClick={acceptAll}>
                {t('widgets.consent.acceptAll')}
              </button>
              <button type="button" className="consent-button" onClick={rejectAll}>
                {t('widgets.consent.rejectAll')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
