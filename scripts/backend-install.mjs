// `npm run backend:install [newest|oldest]`: installs the pinned PocketBase servers
// (pocketbase/versions.json) into .backend/, built from source (scripts/backend/install.ts).
// The last lines are the executables' paths, one per version; a failure is one line on stderr.
import { importTs } from './import-ts.mjs';

const { installServer, InstallError } = await importTs('scripts/backend/install.ts');
const { readPins, SERVER_NAMES } = await importTs('scripts/backend/pins.ts');

const pins = readPins();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !SERVER_NAMES.includes(name));
if (unknown.length > 0) {
  console.error(`backend:install: unknown server ${unknown.join(', ')}: name ${SERVER_NAMES.join(' or ')}, or nothing for both`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : SERVER_NAMES;
try {
  const paths = [];
  for (const name of names) paths.push(await installServer(pins.servers[name], pins, (line) => console.error(line)));
  for (const exe of paths) console.log(exe);
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`backend:install: ${error.message}`);
  process.exit(1);
}
