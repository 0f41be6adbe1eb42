/**
 * The proof-of-work solver, a same-origin Web Worker (`worker-src` falls back to the policy's
 * `script-src 'self'`). altcha-lib's own worker: it takes `{ type: 'work', payload: { algorithm,
 * challenge, salt, max, start } }`, answers `{ number, took }` (or null) and stops on
 * `{ type: 'abort' }`. Built as one whole file with no imports (bundle-widgets.ts), so it runs
 * as a classic worker too.
 */
import 'altcha-lib/v1/worker';
