#!/usr/bin/env bash
# End-to-end tests of ddblocal with the AWS SDK for JavaScript v3: installs the SDK versions pinned
# in package-lock.json (npm ci) when node_modules is missing or older than the lock file, then runs
# every *.test.mjs here with Node's built-in test runner. Each test file starts its own ddblocal
# ($DDBLOCAL_BIN, by default build/ddblocal of this checkout: see server.mjs) on a free port of
# 127.0.0.1 and stops it by PID.
# Exits non-zero when a test fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool not found; scripts/install-deps.sh installs it" >&2
    exit 1
  fi
done

# The pinned SDK's package.json says "engines": {"node": ">=20.0.0"}.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'; then
  echo "the pinned AWS SDK for JavaScript needs Node.js 20 or later; found $(node --version)" >&2
  exit 1
fi

# npm writes node_modules/.package-lock.json last, once an install has succeeded, so its time is
# the time of the last complete install.
if [[ ! -f node_modules/.package-lock.json || node_modules/.package-lock.json -ot package-lock.json ]]; then
  npm ci --no-audit --no-fund
fi

# SDK releases after January 2027 need Node 22; the pinned ones run on Node 20 but warn about it
# once per process. The warning says nothing about ddblocal, so keep it out of the test output.
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true

exec node --test --test-timeout=60000 ./*.test.mjs
