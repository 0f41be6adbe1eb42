/** Where sitegen's own files lie in the output: the names every stage, \`check\` and \`publish\` agree on. */

/** Output files by path relative to the output folder. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** An output file's text, however it is held (pages as strings, other files as bytes). */
export function textOf(contents: string | Uint8Array): string {
  return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
}

/** The build's JSON: \`latest.json\`, the route manifests, the redirect history, deploy records. */
export const BUILDS_DIR = '_sitegen/builds';
/** Hashed, immutable assets: the stylesheet when it is not inlined, scripts, chunks. */
export const ASSETS_DIR = '_sitegen/assets';
