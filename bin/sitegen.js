#!/usr/bin/env node
// The CLI runs from lib/, bundled from src/ by `npm ci` (the "prepare" script).
import { existsSync } from 'node:fs';

// React renders several times faster in its production build; tests may still choose otherwise.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('sitegen: lib/main.js is missing; run `npm ci` or `npm run prepare` in the sitegen folder first.');
  process.exit(1);
}
await import(entry.href);
