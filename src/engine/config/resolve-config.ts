import { BuildFailure, Problems } from '../diagnostics/diagnostic';
import { readSiteFile } from '../read/read-sources';
import type { SourceText } from '../read/text-files';
import { resolveOptions, type ResolvedOptions, type UserOptions } from './options';
import { parseSiteSettings, type SettingsOverrides, type SiteSettings } from './site-settings';

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
  // Everything the settings are made from, in one object: the parse reads it and a watch session
  // keys on all of it, so an override added later cannot be left out of the key.
  const from = { text: siteFile!.text, file: siteFile!.path, overrides: settingsOverrides(resolved) };
  const parse = () => parseSiteSettings(from.text, from.file, problems, from.overrides);
  const site = session ? session.memo('site', JSON.stringify(from), problems, parse) : parse();
  problems.throwIfAny();
  if (!site) throw new BuildFailure(problems.errors);
  return Object.freeze({ ...resolved, site, siteFile: siteFile! });
}

/**
 * The environment's overrides that `content/site.yaml`'s settings take: each field of
 * `SettingsOverrides` from the resolved options (the build's time is not one of them).
 */
function settingsOverrides(resolved: ResolvedOptions): SettingsOverrides {
  return { backendUrl: resolved.overrides.backendUrl };
}
