#!/usr/bin/env bash
# End-to-end tests of the web console (/ddblocal/console/) in headless Chromium: installs
# puppeteer-core as pinned in package-lock.json (npm ci) when node_modules is missing or older than
# the lock file, then runs every *.test.mjs here with Node's test runner. Each test file starts its
# own ddblocal ($DDBLOCAL_BIN, by default build/ddblocal of this checkout: see server.mjs) on a free
# port of 127.0.0.1 and Debian's chromium ($CHROMIUM, by default /usr/bin/chromium), and stops both
# by PID. Screenshots go to $DDBLOCAL_ARTIFACTS (by default build/e2e_console).
# Exits non-zero when a test fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

for tool in node npm "${CHROMIUM:-/usr/bin/chromium}"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool not found; scripts/install-deps.sh installs it" >&2
    exit 1
  fi
done

# npm writes node_modules/.package-lock.json last, once an install has succeeded.
if [[ ! -f node_modules/.package-lock.json || node_modules/.package-lock.json -ot package-lock.json ]]; then
  npm ci --no-audit --no-fund
fi

exec node --test --test-timeout=60000 ./*.test.mjs
