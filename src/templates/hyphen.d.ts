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
  };
  export default patterns;
}
