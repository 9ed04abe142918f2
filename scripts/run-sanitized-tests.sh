#!/usr/bin/env bash
# Builds the CPU suite (everything but the GPU backends) with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ and runs all of it; any sanitizer report fails the run.
# LeakSanitizer ignores only Open MPI's own allocations (scripts/sanitizer/lsan-openmpi.supp).
# Usage: scripts/run-sanitized-tests.sh [build-folder]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
jobs=${JOBS:-$(nproc)}
if [ ! -f "$build/CMakeCache.txt" ]; then
  # -O1 with line tables: half the compile time of -O2 -g, and the reports still name file and line.
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMARDYN_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DMARDYN_ENABLE_CUDA=OFF -DMARDYN_ENABLE_OPENCL=OFF
fi
cmake --build "$build" -j "$jobs"
# The full unwinder: Open MPI frees its components (dlclose) before the leak check, so only the
# complete allocation stack (down to MPI_Init in libmpi) shows that an allocation is Open MPI's.
export ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0:check_initialization_order=1:strict_init_order=1
export LSAN_OPTIONS="suppressions=$(pwd)/scripts/sanitizer/lsan-openmpi.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cd "$build" && ctest --output-on-failure -j "$jobs"
