#!/bin/sh
# collect-runtime.sh BINARY ROOTFS: copies BINARY to ROOTFS/usr/local/bin and every shared library
# it loads (from ldd, the dynamic loader included) to the same path under ROOTFS, so that ROOTFS is
# a complete runtime for an image built FROM scratch. Also makes the empty /rootfs-data that
# becomes the image's data directories.
set -eu
binary="$1"
rootfs="$2"
mkdir -p "$rootfs/usr/local/bin" /rootfs-data
cp "$binary" "$rootfs/usr/local/bin/"
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
  while read -r library; do
    cp --parents -L "$library" "$rootfs/"
  done
# An empty /tmp, since some libraries expect one.
mkdir -p "$rootfs/tmp"
chmod 1777 "$rootfs/tmp"
