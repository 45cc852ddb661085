#!/usr/bin/env bash
# Entry of `npm start`, `npm test` and `npm run bench` on a fresh machine:
# installs dependencies when the manifests changed, brings Chromium for the browser tests,
# then hands over to run.mjs on the pinned Node 24 (the `node` devDependency).
set -euo pipefail
cd "$(dirname "$0")/../.."
mode="${1:-start}"

manifest_hash=$(cat package.json package-lock.json libs/*/package.json services/*/package.json console/package.json 2>/dev/null | sha256sum | cut -c1-16)
stamp=node_modules/.backoffice-install
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$manifest_hash" ]; then
  echo "› installing dependencies"
  # `npm install` honours package-lock.json; `npm ci` trips over npm's known gap with platform-specific optional packages.
  npm install --no-audit --no-fund --loglevel=error
  echo "$manifest_hash" > "$stamp"
fi

if [ "$mode" != start ] && ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "› installing Chromium from Debian for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null;
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi
fi

node_bin=node_modules/node/bin/node
[ -x "$node_bin" ] || node_bin=node_modules/.bin/node
exec "$node_bin" --disable-warning=TimeoutNegativeWarning deploy/local/run.mjs "$@"
