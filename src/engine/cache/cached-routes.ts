import { plainRoutes, type PlainRoute, type Route } from '../plan/route-table';
import { contentHash } from '../base/content-hash';
import type { SavedRoutes } from './cache-file';

/** The route table the build cache last validated: a build whose table is the same need not validate it again. */
export class RouteCache {
  /** Whether this build changed what is known. */
  changed = false;

  constructor(public saved: SavedRoutes | undefined) {}

  /** `BuildCache.knownRoutes`. */
  known(text: string, locales: string): PlainRoute[] | undefined {
    return this.saved?.key === contentHash(`${text}\0${locales}`) ? this.saved.routes : undefined;
  }

  remember(text: string, locales: string, routes: readonly Route[]): void {
    const key = contentHash(`${text}\0${locales}`);
    if (this.saved?.key === key) return;
    this.saved = { key, routes: plainRoutes(routes) };
    this.changed = true;
  }
}
