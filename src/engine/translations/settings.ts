import { localeCodes, type Locale } from '../../shared/locales';
import type { SiteSettings } from '../config/site-settings';

/**
 * `translations` of `content/site.yaml` (the source locale, and the translated front matter
 * fields: undefined, every field's text), with the site's locales in their order.
 */
export type TranslationSettings = SiteSettings['translations'] & { readonly locales: readonly Locale[]; readonly defaultLocale: Locale };

/** The translation settings of a site's resolved settings. */
export function translationSettingsOf(site: SiteSettings): TranslationSettings {
  return { ...site.translations, locales: localeCodes(site.locales), defaultLocale: site.locales.default };
}
