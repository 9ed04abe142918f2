#!/usr/bin/env bash
# Cell-processor sweep: threadBlock, warpBlock and warpBlockCached at several block sizes over densities
# and cutoffs spanning about 2 to 200 molecules per cell (single-centre LJ, ~1e5 molecules, double
# precision; a few rows in mixed and with deterministic warpBlockCached), printed as one table with the
# fastest kernel of every point.
#
# Usage: validation/gpu/processor-sweep.sh [path of mardyn_gpu_bench] [raw output file]
#   MARDYN_GPU_BACKEND       backend of the runs (default cuda)
#   MARDYN_GPU_BENCH_SCALE   divides the molecule count (dry runs on a CPU device), default 1
#   MARDYN_SWEEP_PROCESSORS  processor/blockSize list of the double rows (default below)
#   MARDYN_SWEEP_MIXED       processor list of the mixed rows (default below)
#   MARDYN_SWEEP_POINTS      "density:cutoff" list (default below)
#   MARDYN_SWEEP_STEPS       time steps per row (default 5)
#   MARDYN_SWEEP_BUDGET      seconds after which the remaining points are left out (default 270)
set -u
BENCH=${1:-build/mardyn_gpu_bench}
RAW=${2:-/tmp/processor-sweep-raw.txt}
BE=${MARDYN_GPU_BACKEND:-cuda}
NS=${MARDYN_GPU_BENCH_SCALE:-1}
N=$((100000 / NS))
STEPS=${MARDYN_SWEEP_STEPS:-5}
BUDGET=${MARDYN_SWEEP_BUDGET:-270}
# Warp-block processors with 1, 2 and 8 warps per block (an OpenCL device allows 1 only: the others
# are refused and listed at the end), threadBlock with 32 to 128 threads; mixed: the defaults.
PROCS=${MARDYN_SWEEP_PROCESSORS:-threadBlock/32,threadBlock/64,threadBlock/128,warpBlock/32,warpBlock/64,warpBlock/256,warpBlockCached/32,warpBlockCached/64,warpBlockCached/256}
MIXED=${MARDYN_SWEEP_MIXED:-threadBlock,warpBlock,warpBlockCached}
# Molecules per cell = density * w^3, w = box / floor(box / rc) >= rc (the box of ~1e5 molecules is
# 46-100 sigma wide): about 2, 5, 12, 35, 100 and 210.
POINTS=${MARDYN_SWEEP_POINTS:-0.13:2.5 0.3:2.5 0.8:2.5 0.8:3.5 0.8:5.0 0.8:6.3}
# Mixed rows and deterministic warpBlockCached (ordered commits) at the sparsest and the densest point.
ENDS="${POINTS%% *} ${POINTS##* }"

: > "$RAW"
start=$SECONDS
run() {  # density cutoff precision processors timeout [further bench arguments]
  if [ $((SECONDS - start)) -gt "$BUDGET" ]; then
    echo "# left out (time budget): density $1 cutoff $2 $3" >> "$RAW"
    return
  fi
  echo "# density $1 cutoff $2 $3" >> "$RAW"
  timeout "$5" "$BENCH" --backend "$BE" --model lj --n "$N" --density "$1" --cutoff "$2" --steps "$STEPS" --cpu 0 \
    --precisions "$3" --processors "$4" "${@:6}" >> "$RAW" 2>&1
  rc=$?
  [ $rc -ne 0 ] && echo "# rc=$rc (1: a row refused or failed, 124: timeout) density $1 cutoff $2 $3" >> "$RAW"
}
for p in $POINTS; do run "${p%:*}" "${p#*:}" double "$PROCS" 90; done
for p in $ENDS; do run "${p%:*}" "${p#*:}" mixed "$MIXED" 40; done
for p in $ENDS; do run "${p%:*}" "${p#*:}" double warpBlockCached 30 --deterministic 1; done

# Bench rows: model N m/cell processor/blockSize precision forceMUPS kernelMUPS kernelMs stepMUPS up% k% down%.
awk -v n="$N" -v be="$BE" -v secs=$((SECONDS - start)) '
  /^# density/ { rho = $3; rc = $5 }
  /^# left out|^# rc=|^# .*: / && !/^# model/ { notes[++nn] = $0 }
  $1 == "lj" && $4 != "processor" {
    rows[++nr] = sprintf("%7.1f %6s %5s  %-22s %-7s %10.3f %12.3e %12.3e", $3, rho, rc, $4, $5, $8, $7, $6)
    key = $3 " " $5
    if (!(key in best)) keys[++nk] = key
    if (!(key in best) || $8 < bestMs[key]) { best[key] = $4; bestMs[key] = $8 }
  }
  END {
    printf "# processor sweep: LJ, N = %d, backend %s, %d s\n", n, be, secs
    printf "%7s %6s %5s  %-22s %-7s %10s %12s %12s\n", "m/cell", "rho", "rc", "processor/blockSize", "prec",
           "kernel ms", "kernel MUPS", "force MUPS"
    for (i = 1; i <= nr; ++i) print rows[i]
    print "# fastest kernel per point (m/cell, precision):"
    for (i = 1; i <= nk; ++i) printf "#   %s: %s, %.3f ms\n", keys[i], best[keys[i]], bestMs[keys[i]]
    for (i = 1; i <= nn; ++i) print notes[i]
  }' "$RAW"
