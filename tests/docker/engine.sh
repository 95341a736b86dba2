#!/usr/bin/env bash
# Sourced by tests/docker/run.sh: finds a Docker engine, or starts a private dockerd (Debian's
# docker.io) with its own data root, sockets and pidfile, and makes the local base image that the
# Dockerfile's `FROM debian:bookworm-slim` needs when no registry is reachable.
#   engine_start   sets DOCKER_HOST, or returns 1 with the reason in $engine_problem
#   engine_stop    stops the dockerd that engine_start started (by its pidfile), nothing else
#   base_image     makes debian:bookworm-slim with debootstrap when the engine lacks it

# The data root persists between runs on one machine, so the base image is made once.
ENGINE_ROOT="${DDBLOCAL_DOCKER_ROOT:-/var/lib/ddblocal-docker}"
ENGINE_RUN="/run/ddblocal-docker"
engine_pid=""
engine_problem=""

install_missing() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "installing ${missing[*]} from Debian"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

engine_start() {
  if docker info >/dev/null 2>&1; then
    echo "using the running Docker engine ($(docker info -f '{{.ServerVersion}}'))"
    return 0
  fi
  if [[ "$(id -u)" -ne 0 ]]; then
    engine_problem="no Docker engine is running and starting one needs root"
    return 1
  fi
  if ! install_missing docker.io debootstrap; then
    engine_problem="cannot install docker.io and debootstrap from Debian"
    return 1
  fi
  mkdir -p "$ENGINE_ROOT" "$ENGINE_RUN"
  export DOCKER_HOST="unix://$ENGINE_RUN/docker.sock"
  if [[ -f "$ENGINE_RUN/dockerd.pid" ]] && kill -0 "$(cat "$ENGINE_RUN/dockerd.pid")" 2>/dev/null &&
    docker info >/dev/null 2>&1; then
    echo "using the private dockerd started earlier (pid $(cat "$ENGINE_RUN/dockerd.pid"))"
    return 0
  fi
  dockerd --data-root "$ENGINE_ROOT" --exec-root "$ENGINE_RUN/exec" \
    --pidfile "$ENGINE_RUN/dockerd.pid" -H "$DOCKER_HOST" >"$ENGINE_RUN/dockerd.log" 2>&1 &
  engine_pid=$!
  for _ in $(seq 100); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$engine_pid" 2>/dev/null || break
    sleep 0.2
  done
  if ! docker info >/dev/null 2>&1; then
    engine_problem="dockerd did not start: $(tail -n 3 "$ENGINE_RUN/dockerd.log" | tr '\n' ' ')"
    engine_stop
    return 1
  fi
  echo "started a private dockerd $(docker info -f '{{.ServerVersion}}') (pid $engine_pid)"
}

engine_stop() {
  [[ -z "$engine_pid" ]] && return 0
  kill -TERM "$engine_pid" 2>/dev/null
  for _ in $(seq 100); do kill -0 "$engine_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$engine_pid" 2>/dev/null
  wait "$engine_pid" 2>/dev/null
  engine_pid=""
}

base_image() {
  docker image inspect debian:bookworm-slim >/dev/null 2>&1 && return 0
  local mirror rootfs
  mirror="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources | head -n1)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  rootfs="$(mktemp -d)"
  echo "making debian:bookworm-slim with debootstrap from $mirror"
  if ! debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1; then
    tail -n 5 "$rootfs.log"
    rm -rf "$rootfs" "$rootfs.log"
    return 1
  fi
  # Trimmed as the official slim image is: no docs, man pages, locales or apt caches.
  rm -rf "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/* \
    "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/*
  rm -f "$rootfs"/etc/apt/sources.list
  cp /etc/apt/sources.list.d/debian.sources "$rootfs"/etc/apt/sources.list.d/
  tar -C "$rootfs" -c . | docker import - debian:bookworm-slim >/dev/null
  rm -rf "$rootfs" "$rootfs.log"
}
