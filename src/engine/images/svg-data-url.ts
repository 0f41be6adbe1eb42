/**
 * An SVG's text as a `data:` URL, percent-encoded where a valid URL or an HTML attribute needs
 * it: every character but letters, digits and `!$()*+,-./:;=?@_~` (spaces, quotes, `<`, `>`, `#`,
 * `&`, braces, anything not ASCII). Shorter than base64, and it compresses with the page around
 * it; React writes it unchanged, and the HTML checker takes it. Undefined for a file that is not
 * UTF-8 or declares another encoding, which the URL's bytes would not be.
 */
export function svgDataUrl(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
  } catch {
    return undefined;
  }
  if (/^<\?xml[^>]*\bencoding\s*=\s*["'](?!utf-?8["'])/i.test(text)) return undefined;
  // encodeURIComponent leaves `'` as it is.
  return `data:image/svg+xml,${text.replace(/[^A-Za-z0-9!$()*+,\-./:;=?@_~]/gu, (char) => (char === "'" ? '%27' : encodeURIComponent(char)))}`;
}
