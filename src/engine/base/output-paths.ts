/** Where sitegen's own files lie in the output: the names every stage, \`check\` and \`publish\` agree on. */

/** Output files by path relative to the output folder. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** The build's JSON: \`latest.json\`, the route manifests, the redirect history, deploy records. */
export const BUILDS_DIR = '_sitegen/builds';
/** Hashed, immutable assets: the stylesheet when it is not inlined, scripts, chunks. */
export const ASSETS_DIR = '_sitegen/assets';
