import type { SiteSettings } from '../config/site-settings';

/** `translations` of `content/site.yaml`: the source locale, and the translated front matter fields (undefined: every field's text). */
export type TranslationSettings = SiteSettings['translations'];
