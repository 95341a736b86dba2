#!/bin/sh
# Installs what `make bench` needs besides the build: wrk, nginx and python3-matplotlib (the plot
# of `make bench-scale`) from Debian, and dynalite from npm at the version
# bench/peers/package-lock.json pins. moto_server is used when it is on PATH. --no-peers skips
# dynalite (`make bench-scale` measures ddblocal alone).
set -eu
missing=""
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
dpkg-query -W -f='${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed" ||
  missing="$missing python3-matplotlib"
if [ -n "$missing" ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
fi
[ "${1:-}" = "--no-peers" ] && exit 0
cd "$(dirname "$0")/peers"
[ -f node_modules/dynalite/cli.js ] || npm ci --no-audit --no-fund
