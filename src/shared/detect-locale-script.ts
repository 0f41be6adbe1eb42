/**
 * The inline script of the unprefixed home `/`: it runs before first paint, without React.
 * The stored locale cookie wins, then the browser's languages (the whole tag, then its primary
 * subtag), then the default locale; a detected choice is stored. Visitors of another locale
 * are sent to its home (`/hu`, `/de`). Bots are never redirected.
 */
import { BOT_PATTERN } from './bots';
import { COOKIE_MAX_AGE_SECONDS, LOCALE_COOKIE } from './cookies';
import { localeCodes, type SiteLocales } from './locales';

export function detectLocaleScript(site: SiteLocales): string {
  const locales = JSON.stringify(localeCodes(site));
  const fallback = JSON.stringify(site.default);
  return (
    `(function(){var n=navigator,d=document;if(${BOT_PATTERN}.test(n.userAgent))return;` +
    `var L=${locales},m=d.cookie.match(/(?:^|; )${LOCALE_COOKIE}=([a-z0-9-]+)/),l=m&&L.indexOf(m[1])>=0?m[1]:null;` +
    `if(!l){var a=n.languages&&n.languages.length?n.languages:[n.language||""];` +
    `for(var i=0;i<a.length&&!l;i++){var t=String(a[i]).toLowerCase(),p=t.split("-")[0];l=L.indexOf(t)>=0?t:L.indexOf(p)>=0?p:null}` +
    `l=l||${fallback};d.cookie="${LOCALE_COOKIE}="+l+"; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax"+(location.protocol==="https:"?"; secure":"")}` +
    `if(l!==${fallback})location.replace("/"+l+location.search+location.hash)})()`
  );
}
