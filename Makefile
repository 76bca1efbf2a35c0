# The two commands: `make demo` and `make test`. Both install what is missing,
# configure, build, then analyze cuda-samples/ or run every test.

BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-22

.PHONY: all setup configure build demo test bench clean sanitize fuzz tidy

all: build

setup:
	@scripts/setup-deps

$(BUILD_DIR)/build.ninja: | setup
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

configure: setup $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

demo: build
	@echo "== warplint cuda-samples/ =="
	@$(BUILD_DIR)/bin/warplint cuda-samples/*.cu --exit-zero
	@$(BUILD_DIR)/bin/warplint cuda-samples/*.cu --exit-zero --format=html \
	  -o $(BUILD_DIR)/report.html
	@echo "== the same findings for people: $(BUILD_DIR)/report.html =="

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	bench/run-bench

# The project's own .clang-tidy over lib/ and tool/ (docs/contributing.md);
# not part of `make test`: about 4 minutes on 2 cores.
tidy: build
	scripts/tidy $(BUILD_DIR)

# Robustness (docs/robustness.md), not part of `make test` or CI: a separate
# ASan/UBSan build whose whole test suite must pass, and a fixed fuzzing
# budget (libFuzzer targets from the same build, then mutants of the
# samples run through the normal build).
SANITIZE_DIR ?= build-sanitize
SANITIZE_FLAGS ?= -DWARPLINT_SANITIZE=address,undefined -DWARPLINT_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
FUZZ_SECONDS ?= 120
MUTANTS ?= 200
FUZZ_WORK ?= /tmp/warplint-fuzz
# Leaks are not checked: LLVM frees nothing at exit by design, and a crash
# caught per file leaks what it had allocated (Pipeline.h).
SANITIZE_ENV = ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

$(SANITIZE_DIR)/build.ninja: | setup
	cmake -S . -B $(SANITIZE_DIR) $(CMAKE_FLAGS) $(SANITIZE_FLAGS)

sanitize: setup $(SANITIZE_DIR)/build.ninja
	cmake --build $(SANITIZE_DIR) -j $(JOBS)
	$(SANITIZE_ENV) ctest --test-dir $(SANITIZE_DIR) --output-on-failure -j $(JOBS)

fuzz: build setup $(SANITIZE_DIR)/build.ninja
	cmake --build $(SANITIZE_DIR) -j $(JOBS) --target warplint-fuzz-analyze warplint-fuzz-lsp
	fuzz/run-fuzz --build $(SANITIZE_DIR) --warplint $(BUILD_DIR)/bin/warplint \
	  --seconds $(FUZZ_SECONDS) --mutants $(MUTANTS) --work $(FUZZ_WORK)

clean:
	rm -rf $(BUILD_DIR)
