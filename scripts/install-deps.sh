#!/usr/bin/env bash
# Installs the Debian packages ddblocal builds and tests with, only when one is missing.
set -euo pipefail

packages=(cmake g++ make git libboost1.81-dev nlohmann-json3-dev libspdlog-dev zlib1g-dev libssl-dev
          libmimalloc-dev  # the allocator the ddblocal binary links (CMakeLists.txt)
          libzstd-dev      # ImportTable's ZSTD input (protocol/transfers/import_reader.cc)
          libgtest-dev python3 python3-boto3 python3-pytest awscli clang-format
          clang libclang-rt-14-dev  # clang and its libFuzzer/ASan runtimes: make fuzz-smoke
          chromium)  # the browser tests/e2e/console drives (with puppeteer-core from npm)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
# The JS SDK end-to-end tests need node and npm. Any install of them will do (ours come from
# nodejs.org, not apt), so check for the commands and fall back to Debian's packages. Debian 12's
# nodejs is 18, older than the pinned SDK wants; tests/e2e/js/run.sh then says so and fails.
for command in node npm; do
  command -v "$command" >/dev/null 2>&1 || { missing+=(nodejs npm); break; }
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
