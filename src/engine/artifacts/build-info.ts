import { createHash } from 'node:crypto';
import type { SiteSources } from '../read/read-sources';

export interface BuildInfo {
  /** Derived from every input (`buildIdOf`): the same sources always give the same id. */
  id: string;
  /**
   * Derived from what every page reads besides its content (`releaseOf`): a build that only
   * changed an article keeps the release, so the other pages stay byte-identical and open
   * pages need no fresh assets.
   */
  release: string;
  /** Milliseconds since the epoch, from the sources, never from the wall clock. */
  timestamp: number;
}

/**
 * What the build id takes of the Markdown files: a digest of their names and the hashes of
 * their bytes, which a large build keeps after it lets the texts go (`withoutContentTexts`).
 */
export function contentDigest(content: SiteSources['content']): string {
  const digest = createHash('sha256');
  for (const [name, file] of content) digest.update(`content/${name}`).update('\0').update(file.hash).update('\0');
  return digest.digest('hex');
}
