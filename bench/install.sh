#!/bin/sh
# Installs what `make bench` needs besides the build: wrk and nginx from Debian, and dynalite from
# npm at the version bench/peers/package-lock.json pins. moto_server is used when it is on PATH.
set -eu
missing=""
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -n "$missing" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
fi
cd "$(dirname "$0")/peers"
[ -f node_modules/dynalite/cli.js ] || npm ci --no-audit --no-fund
