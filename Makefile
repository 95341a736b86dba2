# ddblocal: `make run` serves on 0.0.0.0:8000; `make test` runs every test. Both install what they need.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
PORT ?= 8000
FUZZ_BUILD_DIR ?= build-fuzz
FUZZ_SMOKE_BUILD_DIR ?= build-fuzz-smoke
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5
SOAK_SECONDS ?= 60

.PHONY: deps configure build build-all run test test-unit test-e2e test-docker test-sanitize test-tsan format \
        format-check clean fuzz-build fuzz fuzz-smoke soak bench bench-admin bench-export \
        bench-backup bench-scale bench-profile code-order

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release >/dev/null

# The server alone: what `make run` needs, a few minutes on 2 cores from a fresh clone.
build: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS) --target ddblocal

# The server and every unit test.
build-all: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	$(BUILD_DIR)/ddblocal --host 0.0.0.0 --port $(PORT)

# A short run of each fuzz target (replaying the committed corpus first), then the unit tests, then
# end-to-end tests that start build/ddblocal and drive it with boto3, the AWS CLI and the JS SDK.
test: build-all fuzz-smoke
	cd $(BUILD_DIR) && ctest --output-on-failure

test-unit: build-all
	cd $(BUILD_DIR) && ctest --output-on-failure -L unit

test-e2e: build-all
	cd $(BUILD_DIR) && ctest --output-on-failure -L e2e

# Builds the Docker image, runs it with DynamoDB Local's command line and drives it with boto3 and the
# AWS CLI; starts a private dockerd when none runs (see tests/docker/engine.sh). `make test` runs it
# too, falling back to the binary when no engine can be started.
test-docker: build
	DDBLOCAL_BIN=$(CURDIR)/$(BUILD_DIR)/ddblocal bash tests/docker/run.sh

# The same suites built with AddressSanitizer + UndefinedBehaviorSanitizer (Debug), but the Docker
# image's, which builds its own Release binary.
test-sanitize: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DDDB_SANITIZE=address >/dev/null
	@cmake --build build-asan -j$(JOBS)
	cd build-asan && ctest --output-on-failure -LE docker

# The same suites under ThreadSanitizer (the Docker image's aside); run it whenever shard locking
# changes.
test-tsan: deps
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDDB_SANITIZE=thread >/dev/null
	@cmake --build build-tsan -j$(JOBS)
	cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -LE docker

# libFuzzer targets (tests/fuzz/), built with clang, ASan and UBSan in their own directory:
# $(call fuzz_build,DIR,OPTIMIZE).
define fuzz_build
	@cmake -S . -B $(1) -DCMAKE_BUILD_TYPE=Debug -DDDB_FUZZ=ON -DDDB_FUZZ_OPTIMIZE=$(2) \
	  -DCMAKE_CXX_COMPILER=clang++ >/dev/null
	@cmake --build $(1) -j$(JOBS) --target fuzzers
endef

fuzz-build: deps
	$(call fuzz_build,$(FUZZ_BUILD_DIR),-O1)

# Each fuzz target for FUZZ_SECONDS (default 60).
fuzz: fuzz-build
	@scripts/fuzz.sh $(FUZZ_BUILD_DIR) $(FUZZ_SECONDS)

# Every committed input replayed, then each target for FUZZ_SMOKE_SECONDS; part of `make test`.
# Built at -O0 in its own directory: it compiles in 40% less time and runs few inputs anyway.
fuzz-smoke: deps
	$(call fuzz_build,$(FUZZ_SMOKE_BUILD_DIR),-O0)
	@scripts/fuzz.sh $(FUZZ_SMOKE_BUILD_DIR) $(FUZZ_SMOKE_SECONDS)

# 100 keep-alive connections of mixed operations and malformed requests for SOAK_SECONDS (default
# 60), then checks every acknowledged write and the server's memory. Not part of `make test`.
soak: build
	python3 tests/soak/soak.py --binary $(BUILD_DIR)/ddblocal --seconds $(SOAK_SECONDS)

# ddblocal against dynalite, moto_server and an nginx ceiling (not in `make test`; ~10 minutes),
# then the backup and restore times (bench-backup).
# BENCH_SECONDS=2 shortens each workload; BENCH_ARGS adds flags, e.g. BENCH_ARGS='--scale 1000000'.
BENCH_SECONDS ?= 8
bench: build
	@bench/install.sh
	python3 bench/bench.py --ddblocal $(BUILD_DIR)/ddblocal --seconds $(BENCH_SECONDS) $(BENCH_ARGS)
	python3 bench/backup_bench.py --ddblocal $(BUILD_DIR)/ddblocal $(BENCH_BACKUP_ARGS)

# The admin API's reset, snapshot save and restore at 100,000 items of ~200 bytes with one GSI
# (not in `make test`; under a minute). BENCH_ADMIN_ARGS adds flags, e.g. '--data-dir --runs 7'.
bench-admin: build
	python3 bench/admin_bench.py --ddblocal $(BUILD_DIR)/ddblocal $(BENCH_ADMIN_ARGS)

# ExportTableToPointInTime and ImportTable at 100,000 items of ~200 bytes with one GSI, with
# --s3-dir on a temporary directory: items/s and MB/s (not in `make test`; about a minute).
# BENCH_EXPORT_ARGS adds flags, e.g. '--runs 5'.
bench-export: build
	python3 bench/export_bench.py --ddblocal $(BUILD_DIR)/ddblocal $(BENCH_EXPORT_ARGS)
# CreateBackup, RestoreTableFromBackup and RestoreTableToPointInTime at 100,000 items, and the
# memory point-in-time recovery's history takes per write.
bench-backup: build
	python3 bench/backup_bench.py --ddblocal $(BUILD_DIR)/ddblocal $(BENCH_BACKUP_ARGS)

# GetItem and Query at 10,000, 100,000 and 1,000,000 items of ~1 KB (ten to a partition), the
# preload rate and RSS per item, and docs/images/scale.svg, the plot of them (issue 25; not in
# `make test`; about 3 minutes). Debian's python3-matplotlib draws the plot, so the script runs
# under a python3 that imports it: the one on PATH, else Debian's. BENCH_SECONDS shortens each
# workload; BENCH_SCALE_ARGS adds flags, e.g. '--sizes 10000,100000 --markdown FILE'.
bench-scale: build
	@bench/install.sh --no-peers
	@python=python3; $$python -c 'import matplotlib' 2>/dev/null || python=/usr/bin/python3; \
	  $$python bench/scale_bench.py --ddblocal $(BUILD_DIR)/ddblocal --seconds $(BENCH_SECONDS) \
	    --plot docs/images/scale.svg $(BENCH_SCALE_ARGS)

# A flame graph of GetItem under wrk (server on core 0, wrk on core 1), from `perf record` (Debian's
# linux-perf, as root) drawn by bench/flamegraph.py into docs/flamegraph-getitem.svg.
bench-profile: build
	@command -v perf >/dev/null && command -v wrk >/dev/null || \
	  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	   linux-perf wrk)
	python3 bench/profile.py --ddblocal $(BUILD_DIR)/ddblocal --flamegraph docs/flamegraph-getitem.svg get

# server/ddblocal.order, the order gold links ddblocal's code and constants in (CMakeLists.txt),
# from two runs of the binary under valgrind's lackey (bench/code_order.py; under a minute), then
# the binary relinked in that order. Rerun it when start-up or the request path changes, and commit
# the file.
code-order: build
	@command -v valgrind >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive \
	  apt-get install -y --no-install-recommends valgrind)
	python3 bench/code_order.py --ddblocal $(BUILD_DIR)/ddblocal
	@cmake --build $(BUILD_DIR) -j$(JOBS) --target ddblocal

# Both fail when git lists no sources, so a missing checkout cannot pass the check silently.
format:
	@files=$$(git ls-files '*.cc' '*.h') && [ -n "$$files" ] && clang-format -i $$files

format-check: deps
	@files=$$(git ls-files '*.cc' '*.h') && [ -n "$$files" ] && clang-format --dry-run --Werror $$files

clean:
	rm -rf $(BUILD_DIR) build-asan build-tsan $(FUZZ_BUILD_DIR) $(FUZZ_SMOKE_BUILD_DIR)
