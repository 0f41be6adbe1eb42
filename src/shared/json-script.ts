/**
 * JSON for an inline `<script type="application/json">`: characters that could end the script
 * or start a comment (`<`, `>`, `&`) and the line separators JavaScript once treated as line
 * ends (U+2028, U+2029) are written as escapes, so no content can break out.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003C')
    .replace(/>/g, '\\u003E')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
