/** The `hyphen` package's pattern modules (TeX patterns, one module per language). */
declare module 'hyphen/*/index.js' {
  interface Options {
    /** Words shorter than this are returned as they are (default 5). */
    minWordLength?: number;
    /** The character inserted at each break (default U+00AD, the soft hyphen). */
    hyphenChar?: string;
    exceptions?: string[];
  }
  const patterns: {
    hyphenateSync(text: string, options?: Options): string;
    hyphenate(text: string, options?: Options): Promise<string>;
    /** The compiled patterns: levels, trie, exceptions. */
    patterns: import('./pattern-hyphenator').CompiledPatterns;
    /** A built sitegen's copy (lib/hyphen): the same patterns, the trie flattened (`pattern-hyphenator.ts`). */
    flatPatterns?: import('./pattern-hyphenator').FlatPatterns;
  };
  export default patterns;
}
