# Thin wrapper over CMake. `make run` and `make test` install missing system packages first.
BUILD   ?= build
JOBS    ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release
EXAMPLE ?= input/lj-fcc/config.xml
OUTDIR  ?= output

FUZZ_SECONDS ?= 60
# `make bench LS1_MARDYN=/path/to/ls1-mardyn` adds ls1-mardyn's Argon and CO2 examples to the table.
LS1_MARDYN ?=

.PHONY: all deps configure build run test test-long sanitize fuzz bench validate clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

configure: $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: deps
	@$(MAKE) --no-print-directory build
	@mkdir -p $(OUTDIR)
	./$(BUILD)/mardyn --output-prefix $(OUTDIR)/lj-fcc $(EXAMPLE)
	@echo "Outputs written to $(OUTDIR)/ (lj-fcc.res, lj-fcc*.restart.dat, lj-fcc*.xyz)"

# Every suite but those labelled "long" (the OpenCL platform suites and the GPU decorator's full processor x
# precision comparisons: minutes each on PoCL); `make test-long` runs those. CI runs both.
test: deps
	@$(MAKE) --no-print-directory build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE '^long$$'

test-long: deps
	@$(MAKE) --no-print-directory build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L '^long$$'

# The CPU suite built with -fsanitize=address,undefined (in $(BUILD)-asan) and run clean.
sanitize: deps
	scripts/run-sanitized-tests.sh $(BUILD)-asan

# The libFuzzer targets of the input readers (in $(BUILD)-fuzz), each run for FUZZ_SECONDS.
fuzz:
	@scripts/install-deps.sh clang-14 libclang-rt-14-dev
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/run-fuzzers.sh $(BUILD)-fuzz

bench: deps
	@$(MAKE) --no-print-directory build
	validation/bench/run-benchmarks.sh $(BUILD) $(LS1_MARDYN)

validate: deps
	@$(MAKE) --no-print-directory build
	validation/run-validation.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD)-asan $(BUILD)-fuzz
