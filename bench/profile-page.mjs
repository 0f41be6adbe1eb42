// Where a page's milliseconds go: times each step of sitegen's per-page work, warm, over the
// generated benchmark articles, on this thread. `node bench/profile-page.mjs [count]`.
// The steps (bench/profile-page-steps.mjs) are bundled first with the patches sitegen's own
// bundle applies to its libraries (scripts/library-patches.mjs), so they run the code the
// engine runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildLibraryPatches } from '../scripts/library-patches.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'sitegen-profile-steps-'));
try {
  const outfile = path.join(dir, 'profile-page-steps.mjs');
  await esbuild.build({
    entryPoints: [path.join(repo, 'bench/profile-page-steps.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    // gray-matter is CommonJS and requires Node's own modules.
    banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    plugins: [esbuildLibraryPatches()],
    logLevel: 'warning',
  });
  execFileSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, SITEGEN_REPO: repo } });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
