import { useEffect, useId, useRef, useState } from 'react';
import { CONSENT_DIALOG_STYLES } from '../../shared/control-styles';
import type { ConsentConfig } from '../../shared/runtime-config';
import { currentConsent, saveConsent } from '../consent/consent-core';
import { useTranslate } from '../runtime/messages';
import { BANNER_SELECTOR } from '../runtime/consent-banner';

export interface CookieConsentProps {
  config: ConsentConfig;
}

/**
 * The consent settings: every declared cookie group with its purpose and cookie names,
 * necessary ones always on. A modal dialog: focus stays in it, Escape closes it. It opens when
 * the visitor asks (the banner's "Settings", the footer's "Cookie settings"); the server renders
 * it closed.
 */
export default function CookieConsent({ config }: CookieConsentProps) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState<string[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const openSettings = () => {
      setEnabled(currentConsent(config) ?? []);
      setOpen(true);
    };
    addEventListener('sitegen:cookie-settings', openSettings);
    return () => removeEventListener('sitegen:cookie-settings', openSettings);
  }, [config]);

  useEffect(() => {
    const element = dialog.current;
    if (open) adoptDialogStyles();
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const optional = config.cookies.filter((cookie) => !cookie.necessary);
  const decide = (ids: string[]) => {
    saveConsent(config, ids);
    document.querySelector<HTMLElement>(BANNER_SELECTOR)?.setAttribute('hidden', '');
    setOpen(false);
  };

  return (
    <dialog ref={dialog} className="consent-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
      {open && (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            decide(enabled);
          }}
        >
          <h2 id={titleId}>{t('widgets.consent.settingsTitle')}</h2>
          <p>{t('widgets.consent.settingsText')}</p>
          <ul className="consent-groups">
            {config.cookies.map((cookie) => (
              <li key={cookie.id}>
                <label>
                  <input
                    type="checkbox"
                    name={cookie.id}
                    checked={cookie.necessary || enabled.includes(cookie.id)}
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
            ))}
          </ul>
          <div className="consent-dialog__actions">
            <button type="submit" className="consent-button">
              {t('widgets.consent.save')}
            </button>
            <button type="button" className="consent-button" onClick={() => decide(optional.map((cookie) => cookie.id))}>
              {t('widgets.consent.acceptAll')}
            </button>
            <button type="button" className="consent-button" onClick={() => decide([])}>
              {t('widgets.consent.rejectAll')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

let stylesAdopted = false;

/**
 * The dialog's styles, which the page's stylesheet leaves out (every page has the dialog, few
 * visitors open it: shared/control-styles.ts), adopted by the document as a constructed
 * stylesheet the first time it opens: the security policy's `style-src` hashes govern `<style>`
 * elements, not sheets made by a script it allowed. A browser without constructed stylesheets
 * (Safari before 16.4) shows the dialog with its own styles, and it works the same.
 */
function adoptDialogStyles(): void {
  if (stylesAdopted || !('adoptedStyleSheets' in document) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CONSENT_DIALOG_STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  stylesAdopted = true;
}
