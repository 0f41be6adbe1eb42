// `npm run screenshots`: screenshots of every template in every locale (scripts/screenshots.ts).
import path from 'node:path';
import { importTs, repo } from './import-ts.mjs';

const { takeScreenshots } = await importTs('scripts/screenshots.ts');
const out = path.join(repo, 'screenshots');
const written = await takeScreenshots(repo, out);
console.log(`${written.length} screenshots in ${out}`);
