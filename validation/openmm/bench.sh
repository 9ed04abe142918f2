#!/usr/bin/env bash
# Benchmark: the LJ argon fluid of LjFluidBenchmark.cpp (N = 4000 and 32000, rc = 2.5 sigma, CutoffPeriodic,
# VerletIntegrator) on this project's CPU platform and on Debian's OpenMM 7.7 CPU platform, 1 and 2 threads.
# Runs alternate between the two libraries; each number is the best of REPEATS runs (default 3).
#   usage: validation/openmm/bench.sh [build-dir]     (default: build-openmm-cpu)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$(realpath -m "${1:-$ROOT/build-openmm-cpu}")"
WORK="$BUILD/validation-openmm"
REPEATS="${REPEATS:-3}"
SIZES="${SIZES:-4000 32000}"
THREADS="${THREADS:-1 2}"
mkdir -p "$WORK"

[ -f /usr/include/OpenMM.h ] || { echo "Debian's OpenMM 7.7 is missing: apt-get install libopenmm-dev libopenmm-plugins" >&2; exit 2; }
if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target OpenMM OpenMMCPU >/dev/null

CXX="${CXX:-g++}"
"$CXX" -std=c++17 -O2 -o "$WORK/bench_openmm77" "$HERE/LjFluidBenchmark.cpp" -lOpenMM
"$CXX" -std=c++17 -O2 -o "$WORK/bench_project" "$HERE/LjFluidBenchmark.cpp" \
  -I"$ROOT/src/openmm/api/include" -I"$ROOT/src/openmm/olla/include" \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lOpenMM

rate() {  # rate <library> <N> <threads>
  local out
  if [ "$1" = openmm77 ]; then
    out=$(env -u OPENMM_PLUGIN_DIR "$WORK/bench_openmm77" CPU "$2" "$3")
  else
    out=$(OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" "$WORK/bench_project" CPU "$2" "$3")
  fi
  echo "$out" | sed -n 's/.*particle_steps_per_s=\([^ ]*\).*/\1/p'
}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) logical CPUs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-9s %-8s %-22s %-22s %-8s\n" "particles" "threads" "project [steps*N/s]" "OpenMM 7.7 [steps*N/s]" "ratio"
for n in $SIZES; do
  for t in $THREADS; do
    best_p=0; best_o=0
    for _ in $(seq "$REPEATS"); do
      p=$(rate project "$n" "$t"); o=$(rate openmm77 "$n" "$t")
      best_p=$(python3 -c "print(max($best_p, $p))"); best_o=$(python3 -c "print(max($best_o, $o))")
    done
    printf "%-9s %-8s %-22.3e %-22.3e %-8.2f\n" "$n" "$t" "$best_p" "$best_o" "$(python3 -c "print($best_p / $best_o)")"
  done
done
