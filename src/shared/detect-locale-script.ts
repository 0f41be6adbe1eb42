/**
 * The inline script of the unprefixed home `/`: it runs before first paint, without React.
 * The stored locale cookie wins, then the browser's languages (primary subtag), then English;
 * a detected choice is stored. Hungarian and German visitors are sent to `/hu` or `/de`.
 * Bots are never redirected.
 */
import { BOT_PATTERN } from './bots';
import { COOKIE_MAX_AGE_SECONDS, LOCALE_COOKIE } from './cookies';
import { DEFAULT_LOCALE, LOCALES } from './locales';

export function detectLocaleScript(): string {
  const locales = JSON.stringify(LOCALES);
  return (
    `(function(){var n=navigator,d=document;if(${BOT_PATTERN}.test(n.userAgent))return;` +
    `var L=${locales},m=d.cookie.match(/(?:^|; )${LOCALE_COOKIE}=([a-z]+)/),l=m&&L.indexOf(m[1])>=0?m[1]:null;` +
    `if(!l){var a=n.languages&&n.languages.length?n.languages:[n.language||""];` +
    `for(var i=0;i<a.length&&!l;i++){var p=String(a[i]).split("-")[0].toLowerCase();if(L.indexOf(p)>=0)l=p}` +
    `l=l||"${DEFAULT_LOCALE}";d.cookie="${LOCALE_COOKIE}="+l+"; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax"+(location.protocol==="https:"?"; secure":"")}` +
    `if(l!=="${DEFAULT_LOCALE}")location.replace("/"+l+location.search+location.hash)})()`
  );
}
