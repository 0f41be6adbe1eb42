#!/usr/bin/env bash
# `npm run test:setup`: installs what the slow set needs beyond `npm ci` (docs/testing.md, "What
# each set needs"): Debian's Chromium (the browser suites), nginx (the reverse-proxy test),
# util-linux's `script` (answers `pocketbase migrate down`), Java (the W3C checker), Python 3
# (the lead pipeline's tests), then the pinned PocketBase servers, built from source
# (`npm run backend:install`). Quick when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || missing+=(nginx-light)
command -v script > /dev/null || missing+=(bsdutils)
# The W3C checker (npm's vnu-jar, its own Java download denied in package.json's allowScripts).
command -v java > /dev/null || missing+=(default-jre-headless)
# The lead pipeline's tests age records in SQLite and write DOCX/ODT files with Python's stdlib.
python3 -c 'import sqlite3, zipfile' 2> /dev/null || missing+=(python3)
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
node scripts/backend-install.mjs
