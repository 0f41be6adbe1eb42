/**
 * Crawlers and link previewers: they are never redirected by language and get the pages as
 * plain HTML, without hydration. Audit tools (Lighthouse) are not bots: they measure what
 * visitors get.
 */
export const BOT_PATTERN =
  /bot\b|bot\/|crawler|crawling|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|skypeuripreview|yandex|baiduspider|duckduckgo|semrush|ahrefs|petalbot|applebot/i;

export function isBot(userAgent: string): boolean {
  return BOT_PATTERN.test(userAgent);
}
