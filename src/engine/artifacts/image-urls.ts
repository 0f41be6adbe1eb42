import { parseSrcset } from 'srcset';

/** The URLs of a `srcset` (or `imagesrcset`); none for one that does not parse. */
export function srcsetUrls(srcset: string): string[] {
  try {
    return parseSrcset(srcset).map((candidate) => candidate.url);
  } catch {
    return [];
  }
}

/** `https://host[:port]` of an absolute image URL, `data:`/`blob:` for those schemes; undefined for same-origin paths. */
export function externalSource(url: string): string | undefined {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'data' || scheme === 'blob') return `${scheme}:`;
  if (trimmed.startsWith('//')) return externalSource(`https:${trimmed}`);
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    return new URL(trimmed).origin;
  } catch {
    return undefined;
  }
}
