#!/usr/bin/env bash
# Entry of `npm start`, `npm test` and `npm run bench` on a fresh machine:
# installs dependencies when the manifests changed, brings what the machine lacks (PostgreSQL, Redis, Java,
# Maven, Chromium) from Debian packages,
# then hands over on the pinned Node 24 (the `node` devDependency) to run.mjs (start) or, for the tests and the
# benchmarks, to tools/run-tests.mjs.
set -euo pipefail
cd "$(dirname "$0")/../.."
mode="${1:-start}"

manifest_hash=$(cat package.json package-lock.json libs/*/package.json services/*/package.json console/package.json 2>/dev/null | sha256sum | cut -c1-16)
stamp=node_modules/.backoffice-install
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$manifest_hash" ]; then
  echo "› installing dependencies"
  # `npm install` honours package-lock.json; `npm ci` trips over npm's known gap with platform-specific optional packages.
  # --prefer-offline: what npm's cache already holds is not asked of the registry again.
  npm install --no-audit --no-fund --loglevel=error --prefer-offline
  echo "$manifest_hash" > "$stamp"
fi

node_bin=node_modules/node/bin/node
[ -x "$node_bin" ] || node_bin=node_modules/.bin/node
# PostgreSQL, Redis, Java, Maven and Chromium from Debian packages where missing (or the command to run).
"$node_bin" deploy/local/system-packages.mjs "$mode"
if [ "$mode" = start ]; then
  exec "$node_bin" --disable-warning=TimeoutNegativeWarning deploy/local/run.mjs
fi
exec "$node_bin" --disable-warning=TimeoutNegativeWarning tools/run-tests.mjs "$@"
