/** Where sitegen's own files lie in the output: the names every stage, \`check\` and \`publish\` agree on. */

/** Output files by path relative to the output folder. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** An output file's text, however it is held (pages as strings, other files as bytes). */
export function textOf(contents: string | Uint8Array): string {
  return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
}

/**
 * An output file as it waits to be written: a generated text from `LARGE_TEXT` characters (a
 * sitemap, a feed, the route manifest of a large site) as its UTF-8 bytes. V8 keeps a string
 * made from any string with a character past U+00FF at two bytes a character: at 10,000
 * articles x 3 the ASCII sitemap's 20 MB took 39 MB, the artifacts 83 MB, to the build's end.
 */
export function compactContents(contents: string | Uint8Array): string | Uint8Array {
  return typeof contents === 'string' && contents.length >= LARGE_TEXT ? Buffer.from(contents, 'utf8') : contents;
}

export const LARGE_TEXT = 256 * 1024;

/** `files` with each large text as its bytes (`compactContents`), for a map held until the write. */
export function compactFiles(files: OutputFiles): OutputFiles {
  for (const [name, contents] of files) files.set(name, compactContents(contents));
  return files;
}

/** The build's JSON: \`latest.json\`, the route manifests, the redirect history, deploy records. */
export const BUILDS_DIR = '_sitegen/builds';
/** Hashed, immutable assets: the stylesheet when it is not inlined, scripts, chunks. */
export const ASSETS_DIR = '_sitegen/assets';
