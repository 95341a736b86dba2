#!/usr/bin/env bash
# make test-docker: builds the image from the Dockerfile, runs it with DynamoDB Local's command line
# on a loopback port, drives it with boto3 and the AWS CLI, checks the HEALTHCHECK, the
# unprivileged user and a clean `docker stop`, reports the image size and the time from `docker
# run` to the first answer, and stops everything it started.
#
# --if-possible (how `make test` runs it): when no Docker engine can be started on this machine,
# says why and runs the closest honest check instead: the same client checks against
# build/ddblocal started with DynamoDB Local's command line.
set -u
cd "$(dirname "$0")/../.."
source tests/docker/engine.sh

BIN="${DDBLOCAL_BIN:-$PWD/build/ddblocal}"
IMAGE="ddblocal:test"
DROP_IN=(-jar DynamoDBLocal.jar -sharedDb -inMemory -port 8000)
export AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local AWS_DEFAULT_REGION=us-east-1
export AWS_PAGER="" AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
unset AWS_PROFILE AWS_SESSION_TOKEN

container=""
server_pid=""
work_log="$(mktemp)"
cleanup() {
  [[ -n "$container" ]] && docker rm -f "$container" >/dev/null 2>&1
  if [[ -n "$server_pid" ]]; then kill -KILL "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  engine_stop
  rm -f "$work_log"
}
trap cleanup EXIT

die() { echo "FAIL $*"; exit 1; }
ok() { echo "ok   $*"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# The AWS CLI against ENDPOINT: a table, the table-exists waiter and --query output.
cli_checks() {
  local endpoint="$1" table="docker-cli-$RANDOM" out
  aws dynamodb create-table --endpoint-url "$endpoint" --table-name "$table" \
    --billing-mode PAY_PER_REQUEST --attribute-definitions AttributeName=PK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH >/dev/null || die "aws dynamodb create-table"
  aws dynamodb wait table-exists --endpoint-url "$endpoint" --table-name "$table" ||
    die "aws dynamodb wait table-exists"
  aws dynamodb put-item --endpoint-url "$endpoint" --table-name "$table" \
    --item '{"PK":{"S":"k"},"n":{"N":"1.50E2"}}' || die "aws dynamodb put-item"
  out="$(aws dynamodb get-item --endpoint-url "$endpoint" --table-name "$table" \
    --key '{"PK":{"S":"k"}}' --query 'Item.n.N' --output text)"
  [[ "$out" == "150" ]] || die "aws dynamodb get-item --query: expected 150, got '$out'"
  aws dynamodb delete-table --endpoint-url "$endpoint" --table-name "$table" >/dev/null ||
    die "aws dynamodb delete-table"
  ok "the AWS CLI creates, waits for, writes, reads with --query and deletes a table"
}

binary_fallback() {
  echo "SKIPPED the image: $engine_problem"
  echo "closest honest check instead: $BIN with DynamoDB Local's command line"
  [[ -x "$BIN" ]] || die "ddblocal binary not found: $BIN"
  local log endpoint=""
  log="$(mktemp)"
  "$BIN" "${DROP_IN[@]:0:4}" -port 0 --host 127.0.0.1 >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    endpoint="$(sed -n 's|^ddblocal listening on \(http://127\.0\.0\.1:[0-9]*\)$|\1|p' "$log")"
    [[ -n "$endpoint" ]] && break
    sleep 0.1
  done
  [[ -n "$endpoint" ]] || die "ddblocal did not start: $(cat "$log")"
  python3 tests/docker/check_endpoint.py "$endpoint" || exit 1
  cli_checks "$endpoint"
  rm -f "$log"
}

if ! engine_start; then
  if [[ "${1:-}" == "--if-possible" ]]; then binary_fallback; exit 0; fi
  die "no Docker engine: $engine_problem"
fi
base_image || die "cannot make the base image debian:bookworm-slim"

started="$(now_ms)"
build_log="$(mktemp)"
DOCKER_BUILDKIT=0 docker build -t "$IMAGE" . >"$build_log" 2>&1 ||
  { tail -n 30 "$build_log"; die "docker build"; }
rm -f "$build_log"
size_bytes="$(docker image inspect -f '{{.Size}}' "$IMAGE")"
ok "docker build in $((($(now_ms) - started) / 1000)) s; image $((size_bytes / 1000000)) MB ($size_bytes bytes)"
[[ "$size_bytes" -lt 100000000 ]] || die "the image is over 100 MB"

started="$(now_ms)"
container="$(docker run -d -p 127.0.0.1::8000 "$IMAGE" "${DROP_IN[@]}")" || die "docker run"
port="$(docker port "$container" 8000/tcp | head -n1 | sed 's/.*://')"
answered=""
for _ in $(seq 500); do
  if "$BIN" --health-check --host 127.0.0.1 --port "$port" 2>/dev/null; then answered=1; break; fi
  sleep 0.01
done
[[ -n "$answered" ]] || die "the container did not answer: $(docker logs "$container" 2>&1 | tail -n 5)"
ok "docker run to the first answer: $(($(now_ms) - started)) ms"

docker logs "$container" 2>&1 | grep -q -- "-jar DynamoDBLocal.jar: ignored" ||
  die "the container's log does not mention the ignored -jar"
ok "DynamoDB Local's command line is accepted and the ignored flags are logged"

uid="$(ps -o uid= -p "$(docker inspect -f '{{.State.Pid}}' "$container")" | tr -d ' ')"
[[ "$uid" == "65532" ]] || die "the server runs as uid '$uid', not 65532"
ok "the server runs as the unprivileged uid 65532"

endpoint="http://127.0.0.1:$port"
python3 tests/docker/check_endpoint.py "$endpoint" || exit 1
cli_checks "$endpoint"

health=""
for _ in $(seq 40); do
  health="$(docker inspect -f '{{.State.Health.Status}}' "$container")"
  [[ "$health" == "healthy" ]] && break
  sleep 0.5
done
[[ "$health" == "healthy" ]] || die "HEALTHCHECK status is '$health'"
ok "the HEALTHCHECK reports healthy"

started="$(now_ms)"
docker stop -t 10 "$container" >/dev/null || die "docker stop"
code="$(docker inspect -f '{{.State.ExitCode}}' "$container")"
[[ "$code" == "0" ]] || die "the container exited $code after docker stop"
ok "docker stop: exit 0 after $(($(now_ms) - started)) ms"

# The compose example, run as it is: `app` waits for ddblocal's HEALTHCHECK, reaches it by its
# service name and exits 0. It publishes port 8000 of the host, so it only runs when that is free.
if ! install_missing docker-compose; then
  echo "SKIPPED the compose example: cannot install docker-compose from Debian"
elif (exec 3<>/dev/tcp/127.0.0.1/8000) 2>/dev/null; then
  echo "SKIPPED the compose example: port 8000 of this machine is in use"
else
  docker tag "$IMAGE" ddblocal:latest
  project="ddblocal-test-$$"
  timeout 120 docker-compose -p "$project" -f docker/docker-compose.yml up --no-build \
    --abort-on-container-exit --exit-code-from app >"$work_log" 2>&1
  code=$?
  docker-compose -p "$project" -f docker/docker-compose.yml down >/dev/null 2>&1
  [[ "$code" == "0" ]] || { tail -n 20 "$work_log"; die "docker-compose up of the example"; }
  ok "the compose example: app waited for a healthy ddblocal and reached it as dynamodb:8000"
fi
echo "all Docker checks passed"
