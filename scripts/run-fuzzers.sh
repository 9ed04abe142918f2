#!/usr/bin/env bash
# Builds the libFuzzer targets (MARDYN_FUZZ, clang-14, AddressSanitizer + UBSan) in build-fuzz/,
# seeds them from input/, from scripts/fuzz/ and, when present, from ls1-mardyn's examples in
# ../shared/ls1-examples (copied into the seed folder, never into the repository), and runs each for
# FUZZ_SECONDS (default 60). Fails on any crash, uncaught exception, leak, sanitizer report or input
# that runs longer than 10 s; the finding is left in build-fuzz/findings/. Prints each fuzzer's
# time and executions. Usage: scripts/run-fuzzers.sh [build-folder]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
seconds=${FUZZ_SECONDS:-60}
jobs=${JOBS:-$(nproc)}

if [ ! -f "$build/CMakeCache.txt" ]; then
  mkdir -p "$build"
  CC=${FUZZ_CC:-clang-14} CXX=${FUZZ_CXX:-clang++-14} cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DMARDYN_FUZZ=ON -DMARDYN_ENABLE_MPI=OFF -DMARDYN_ENABLE_CUDA=OFF -DMARDYN_ENABLE_OPENCL=OFF > "$build/configure.log"
fi
cmake --build "$build" -j "$jobs" --target mardyn_fuzz_xml mardyn_fuzz_phasespace mardyn_fuzz_binary

# A phase-space seed: the header and at most 10 molecules of an .inp file.
shorten() {
  awk 'done == 0 { if ($1 == "NumberOfMolecules") { n = ($2 > 10 ? 10 : $2); print " NumberOfMolecules\t" n; done = 1; next } print; next }
       $1 == "MoleculeFormat" { print; next }
       { if (n-- > 0) print; else exit }' "$1"
}

seeds="$build/fuzz-seeds"
rm -rf "$seeds"
mkdir -p "$seeds/xml" "$seeds/phasespace" "$seeds/binary" "$build/findings"
configs=(input/*/config.xml)
ls1=../shared/ls1-examples
if [ -d "$ls1" ]; then configs+=("$ls1"/*/*/config.xml); fi
for config in "${configs[@]}"; do
  dir=$(dirname "$config")
  seed="$seeds/xml/$(echo "$config" | tr '/.' '__')"
  cat "$config" > "$seed"
  for f in "$dir"/*.xml "$dir"/*.inp "$dir"/../*.xml; do
    [ -f "$f" ] && [ "$f" != "$config" ] || continue
    case "$f" in "$dir"/../*) name="../$(basename "$f")" ;; *) name=$(basename "$f") ;; esac
    [ "$name" = "../config.xml" ] && continue
    printf '\n--- %s\n' "$name" >> "$seed"
    case "$f" in *.inp) shorten "$f" >> "$seed"; shorten "$f" > "$seeds/phasespace/$(echo "$f" | tr '/.' '__')" ;;
                 *) cat "$f" >> "$seed" ;; esac
  done
done
# The inputs that found problems, by target (scripts/fuzz/<target>/, README there).
for target in xml phasespace binary; do cp scripts/fuzz/$target/* "$seeds/$target/"; done

status=0
for target in xml phasespace binary; do
  corpus="$build/corpus-$target"
  mkdir -p "$corpus"
  log="$build/fuzz-$target.log"
  echo "== mardyn_fuzz_$target: $seconds s, seeds: $(ls "$seeds/$target" | wc -l) files"
  if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
       "$build/mardyn_fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -dict=scripts/fuzz/mardyn.dict -artifact_prefix="$build/findings/$target-" \
       "$corpus" "$seeds/$target" > "$log" 2>&1; then
    status=1
    echo "FAIL: mardyn_fuzz_$target found a problem (input in $build/findings/):"
    grep -E "ERROR|SUMMARY|==[0-9]+==|Test unit written" "$log" | head -20
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  echo "   ran $seconds s, $runs executions, corpus $(ls "$corpus" | wc -l) inputs"
done
exit $status
