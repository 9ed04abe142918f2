#!/usr/bin/env bash
# Benchmark of the physics plugins with the time step on the device: ls1-mardyn's CO2_Merker 220 K
# vapour-liquid example (ReplicaGenerator: a liquid slab between vapour; TemperatureControl in 33 slabs and
# the planar long-range correction in 1200 slabs) scaled to about 10^6 molecules (numblocks/xz 9 instead of
# 8), mardyn --gpu (CUDA, mixed and double) against mpirun on all the machine's cores (one thread each) and
# against one CPU core. The one-core row runs the same example with numblocks/xz 3 (a ninth of the
# molecules, the same density profile): its molecule updates per second are the core's rate. One table:
# molecules, steps, time loop, molecule updates per second (MUPS) and the GPU's ratio to the row.
# Usage: bench-plugins.sh <mardyn> <ls1-mardyn examples folder> [work folder]
# Environment: BENCH_GPU_STEPS (100), BENCH_MPI_STEPS (5), BENCH_CORE_STEPS (3), BENCH_NP (all cores),
# BENCH_BACKEND (cuda), BENCH_PRECISIONS ("mixed double"), BENCH_XZ (9) and BENCH_CORE_XZ (3) for dry runs.
set -u
MARDYN=$(readlink -f "$1")
EXAMPLES=$(readlink -f "$2")
WORK=${3:-/tmp/bench-plugins}
GS=${BENCH_GPU_STEPS:-100}
MS=${BENCH_MPI_STEPS:-5}
CS=${BENCH_CORE_STEPS:-3}
NP=${BENCH_NP:-$(nproc)}
BE=${BENCH_BACKEND:-cuda}
PRECISIONS=${BENCH_PRECISIONS:-mixed double}
SRC=$EXAMPLES/Generators/ReplicaGenerator/heterogeneous/Standard-VLE
[ -f "$SRC/CO2_Merker_220K/vle/run01/config.xml" ] || { echo "no CO2_Merker_220K/vle/run01 under $SRC"; exit 2; }
rm -rf "$WORK" && mkdir -p "$WORK" && cp -r "$SRC" "$WORK/" || exit 2
RUN=$WORK/Standard-VLE/CO2_Merker_220K/vle/run01
sed "s|<xz>8</xz>|<xz>${BENCH_XZ:-9}</xz>|" "$RUN/config.xml" > "$RUN/config-1e6.xml"
sed "s|<xz>8</xz>|<xz>${BENCH_CORE_XZ:-3}</xz>|" "$RUN/config.xml" > "$RUN/config-core.xml"

# one run: label, steps, config, command prefix..., then mardyn's own options after "--"
rows=()
run() {
  local label=$1 steps=$2 config=$3; shift 3
  local log=$WORK/$(echo "$label" | tr ' /' '__').txt
  (cd "$RUN" && "$@" "$config" --steps "$steps" --final-checkpoint 0 -i 0 > "$log" 2>&1)
  local rc=$?
  local mups loop
  mups=$(grep -m1 "Molecule updates per second" "$log" | awk '{print $5}')
  loop=$(grep -m1 "^Wall time" "$log" | sed 's/.*time loop \([0-9.e+-]*\) s.*/\1/')
  if [ $rc -ne 0 ] || [ -z "$mups" ]; then
    echo "# $label: exit status $rc: $(tail -2 "$log" | tr '\n' ' ')"
    rows+=("$label|$steps|-|-|-")
    return
  fi
  local n
  n=$(awk -v m="$mups" -v t="$loop" -v s="$steps" 'BEGIN { printf "%.0f", m * t / s }')
  rows+=("$label|$steps|$n|$loop|$mups")
  grep -E "^(Physics plugins|Host-device traffic|CPU:|GPU decorator)" "$log" | sed "s|^|# $label: |"
}

for p in $PRECISIONS; do
  run "mardyn --gpu ($BE, $p)" "$GS" config-1e6.xml "$MARDYN" --gpu-backend "$BE" --precision "$p"
done
run "mardyn CPU, mpirun -np $NP" "$MS" config-1e6.xml env OMP_NUM_THREADS=1 mpirun -np "$NP" -x OMP_NUM_THREADS "$MARDYN"
run "mardyn CPU, one core (xz ${BENCH_CORE_XZ:-3})" "$CS" config-core.xml env OMP_NUM_THREADS=1 "$MARDYN"

gpu=$(echo "${rows[0]}" | cut -d'|' -f5)
echo
echo "| run | steps | molecules | time loop (s) | MUPS | GPU ${PRECISIONS%% *} / row |"
echo "|---|---|---|---|---|---|"
for r in "${rows[@]}"; do
  IFS='|' read -r label steps n loop mups <<< "$r"
  ratio=$(awk -v g="$gpu" -v m="$mups" 'BEGIN { if (m + 0 > 0 && g + 0 > 0) printf "%.1f", g / m; else print "-" }')
  echo "| $label | $steps | $n | $loop | $mups | $ratio |"
done
