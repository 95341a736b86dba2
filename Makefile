# ddblocal: `make run` serves on 0.0.0.0:8000; `make test` runs every test. Both install what they need.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
PORT ?= 8000

.PHONY: deps configure build run test test-unit test-e2e test-sanitize test-tsan format format-check clean bench

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	$(BUILD_DIR)/ddblocal --host 0.0.0.0 --port $(PORT)

# Unit tests, then end-to-end tests that start build/ddblocal and drive it with boto3 and the AWS CLI.
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure

test-unit: build
	cd $(BUILD_DIR) && ctest --output-on-failure -L unit

test-e2e: build
	cd $(BUILD_DIR) && ctest --output-on-failure -L e2e

# The same suites built with AddressSanitizer + UndefinedBehaviorSanitizer (Debug).
test-sanitize: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DDDB_SANITIZE=address >/dev/null
	@cmake --build build-asan -j$(JOBS)
	cd build-asan && ctest --output-on-failure

# The same suites under ThreadSanitizer; run it whenever shard locking changes.
test-tsan: deps
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDDB_SANITIZE=thread >/dev/null
	@cmake --build build-tsan -j$(JOBS)
	cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure

# ddblocal against dynalite, moto_server and an nginx ceiling (not in `make test`; ~10 minutes).
# BENCH_SECONDS=2 shortens each workload; BENCH_ARGS adds flags, e.g. BENCH_ARGS='--scale 1000000'.
BENCH_SECONDS ?= 8
bench: build
	@bench/install.sh
	python3 bench/bench.py --ddblocal $(BUILD_DIR)/ddblocal --seconds $(BENCH_SECONDS) $(BENCH_ARGS)

# Both fail when git lists no sources, so a missing checkout cannot pass the check silently.
format:
	@files=$$(git ls-files '*.cc' '*.h') && [ -n "$$files" ] && clang-format -i $$files

format-check: deps
	@files=$$(git ls-files '*.cc' '*.h') && [ -n "$$files" ] && clang-format --dry-run --Werror $$files

clean:
	rm -rf $(BUILD_DIR) build-asan build-tsan
