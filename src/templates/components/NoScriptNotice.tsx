import type { I18n, SiteSettings } from '../../engine/template-api';

/**
 * Told to a visitor whose browser runs no script, at a form (which needs script to send): the
 * company's e-mail address and phone number instead, as links. Shown by the browser only then
 * (`<noscript>`), so it costs other visitors nothing but its bytes.
 */
export function NoScriptNotice({ site, i18n, subject }: { site: SiteSettings; i18n: I18n; subject?: string }) {
  const { email, phone } = site.company;
  const mail = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  // The message places the links: its {email} and {phone}, as markers to split on.
  const text = i18n.t('contact.noScript', { email: '\u0000email\u0000', phone: '\u0000phone\u0000' });
  return (
    <noscript>
      <p className="form__noscript" role="note">
        {text.split('\u0000').map((part, index) =>
          part === 'email' ? (
            <a key={index} href={mail}>
              {email}
            </a>
          ) : part === 'phone' ? (
            <a key={index} href={`tel:${phone.replace(/\s+/g, '')}`}>
              {phone}
            </a>
          ) : (
            part
          ),
        )}
      </p>
    </noscript>
  );
}
