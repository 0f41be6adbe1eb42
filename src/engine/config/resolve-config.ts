import { BuildFailure, Problems } from '../diagnostics/diagnostic';
import { readSiteFile, type SourceText } from '../read/read-sources';
import { resolveOptions, type ResolvedOptions, type UserOptions } from './options';
import { parseSiteSettings, type SiteSettings } from './site-settings';

/**
 * Everything a build is configured by, resolved once before any stage runs (as Vite's
 * `ResolvedConfig`): the options with their defaults, the environment's overrides, and
 * `content/site.yaml` validated with those overrides applied, the site's locales among it.
 * Immutable: no stage reads options, settings or the environment itself.
 */
export interface ResolvedConfig extends ResolvedOptions {
  readonly site: SiteSettings;
  /** `content/site.yaml` as read: settings found wrong later (the share image, a flag) are located in it. */
  readonly siteFile: SourceText;
}

/** Keeps a result between the builds of a watch session while its key is the same (`BuildSession.memo`). */
export interface Memo {
  memo<T>(name: string, key: string, problems: Problems, compute: () => T): T;
}

/**
 * Resolves a build's configuration; a malformed option, environment variable or setting is a
 * located error (`BuildFailure`), reported before anything else is read.
 */
export async function resolveConfig(options: UserOptions = {}, session?: Memo): Promise<ResolvedConfig> {
  const resolved = resolveOptions(options, session !== undefined);
  const problems = new Problems();
  const siteFile = await readSiteFile(resolved.root, problems);
  problems.throwIfAny();
  const parse = () => parseSiteSettings(siteFile!.text, siteFile!.path, problems, resolved.overrides);
  const site = session ? session.memo('site', `${siteFile!.text}\0${resolved.overrides.backendUrl ?? ''}`, problems, parse) : parse();
  problems.throwIfAny();
  if (!site) throw new BuildFailure(problems.errors);
  return Object.freeze({ ...resolved, site, siteFile: siteFile! });
}
