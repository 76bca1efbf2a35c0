# The two commands: `make demo` and `make test`. Both install what is missing,
# configure, build, then analyze cuda-samples/ or run every test.

BUILD_DIR ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-22

.PHONY: all setup configure build demo test bench clean

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

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

bench: build
	bench/run-bench

clean:
	rm -rf $(BUILD_DIR)
