/**
 * The one zod of a built sitegen: bundled into `lib/` with the engine (one file loads several
 * times faster than zod's own tens of modules), and what templates get when they import `zod`
 * (see load-templates.ts), so that their schemas and the engine's are one library.
 */
export * from 'zod';
