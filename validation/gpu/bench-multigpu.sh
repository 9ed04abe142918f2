#!/usr/bin/env bash
# Several GPUs under mpirun (one GPU per rank) in one run, one table of molecule-steps per second: strong
# scaling of the LJ liquid (FCC rho* = 0.8442, T* = 1.44, rc = 2.5, NVE, verletList) at N = 4,000,000,
# weak scaling at about 2,048,000 molecules per GPU, the 2CLJQ fluid of input/2cljq at 1,000,188
# molecules, each on 1, 2 and 4 GPUs, with rank 0's host-device and device-to-device bytes per step and
# the halo path the run took; then the same strong-scaling runs with the phase profile (device time per
# phase: integration, migration, boundary layers, cells, lists, pack, transfer, unpack, images, interior and
# boundary forces), the
# pinned-host path beside the device path, and the largest LJ system asked for.
#
# usage: validation/gpu/bench-multigpu.sh BUILD_DIR [OUT_FILE] [PHASES_FILE]
# env:   GPUS="1 2 4"  PRECISION=mixed  STEPS=400  STRONG_CELLS=100 (N = 4 cells^3)
#        WEAK_CELLS="1:80 2:101 4:127" (GPUs:cells)  MULTISITE_CELLS=63  MULTISITE_STEPS=200
#        PHASES=1 (0: no phase rows)  STAGED=2 (GPU count of the pinned-host row; empty: none)
#        LARGE_CELLS=0 (>0: the LJ liquid of 4 cells^3 on the largest GPU count, LARGE_STEPS=100,
#        LARGE_TIMEOUT=900 s)
#        SECTIONS="strong weak multisite phases staged large"  BACKEND=cuda  AVAILABLE=<GPUs of nvidia-smi -L>
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: bench-multigpu.sh BUILD_DIR [OUT_FILE] [PHASES_FILE]}" && pwd)
out=${2:-/dev/stdout}
phasesOut=${3:-/dev/null}
mardyn=$build/mardyn
work=$(mktemp -d)
GPUS=${GPUS:-1 2 4}
PRECISION=${PRECISION:-mixed}
STEPS=${STEPS:-400}
STRONG_CELLS=${STRONG_CELLS:-100}
WEAK_CELLS=${WEAK_CELLS:-1:80 2:101 4:127}
MULTISITE_CELLS=${MULTISITE_CELLS:-63}
MULTISITE_STEPS=${MULTISITE_STEPS:-200}
STAGED=${STAGED-2}
LARGE_CELLS=${LARGE_CELLS:-0}
LARGE_STEPS=${LARGE_STEPS:-100}
SECTIONS=" ${SECTIONS:-strong weak multisite phases staged large} "
want() { case "$SECTIONS" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
mpiflags=(--oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpiflags+=(--allow-run-as-root)
available=${AVAILABLE:-$(nvidia-smi -L 2>/dev/null | wc -l)}
BACKEND=${BACKEND:-cuda}

rows=()
row() { rows+=("$(printf '%-26s %5s %12s %6s %11s %9s %7s %12s %12s  %s' "$@")"); echo "${rows[-1]}" >&2; }
field() { sed -n "s/^$1: *\([^ ]*\).*/\1/p" | head -1; }

lj_config() {  # cells steps -> file
  "$root/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 "$1" "$2" 0 false none "$2" generator > "$work/lj-$1.xml"
  echo "$work/lj-$1.xml"
}
multisite_config() {  # cells steps -> file: input/2cljq with its lattice and box scaled, NVE, no output
  local box
  box=$(awk -v c="$1" 'BEGIN { printf "%.10f", 12.428930 * c / 6 }')
  sed -e "s|<cells>6</cells>|<cells>$1</cells>|" -e "s|<steps>2000</steps>|<steps>$2</steps>|" \
      -e "s|12.428930|$box|g" -e 's|<ensemble type="NVT">|<ensemble type="NVE">|' \
      -e '/<output>/,/<\/output>/d' "$root/input/2cljq/config.xml" > "$work/2cljq-$1.xml"
  echo "$work/2cljq-$1.xml"
}

# run NAME GPUS CONFIG [mardyn options...] -> log file; prints the log's path
run() {
  local name=$1 np=$2 cfg=$3
  shift 3
  local log=$work/$name-$np.txt
  (cd "$work" && timeout "${RUN_TIMEOUT:-900}" mpirun "${mpiflags[@]}" -np "$np" "$mardyn" "$cfg" --gpu-backend "$BACKEND" --precision "$PRECISION" \
     --cell-processor verletList -i 0 --final-checkpoint 0 -p "$work/out" "$@" > "$log" 2>&1)
  echo "$log"
}

# table row of one run: what GPUs N log reference-rate(1 GPU) per-GPU-N; the rate goes to $last
report() {
  local what=$1 np=$2 n=$3 log=$4 ref=${5:-} perGpu=${6:-}
  local r h d path speedup="" eff=""
  r=$(field "Molecule updates per second" < "$log")
  h=$(field "Host-device traffic" < "$log")
  d=$(field "Device-to-device traffic" < "$log")
  path=$(grep -o "GPU halo exchange: [^(,]*" "$log" | head -1 | sed 's/GPU halo exchange: //')
  [ -z "$path" ] && path="(one GPU: periodic images)"
  if [ -n "$r" ] && [ -n "$ref" ]; then
    speedup=$(awk -v a="$r" -v b="$ref" 'BEGIN { printf "%.2fx", a / b }')
    eff=$(awk -v a="$r" -v b="$ref" -v p="$np" 'BEGIN { printf "%.1f%%", 100 * a / (b * p) }')
  fi
  row "$what" "$np" "$n" "${perGpu:--}" "${r:-failed}" "${speedup:--}" "${eff:--}" "${h:--}" "${d:-0}" "$path"
  [ -n "$r" ] || tail -5 "$log" >&2
  last=$r
}

declare -A rate
last=""
if want strong; then
  n=$((4 * STRONG_CELLS ** 3))
  cfg=$(lj_config "$STRONG_CELLS" "$STEPS")
  for p in $GPUS; do
    [ "$p" -le "$available" ] || continue
    log=$(run strong "$p" "$cfg")
    report "LJ strong" "$p" "$n" "$log" "${rate[strong-1]:-}" "$((n / p))"
    rate[strong-$p]=$last
  done
fi
if want weak; then
  for pc in $WEAK_CELLS; do
    p=${pc%%:*} c=${pc##*:}
    [ "$p" -le "$available" ] || continue
    n=$((4 * c * c * c))
    log=$(run weak "$p" "$(lj_config "$c" "$STEPS")")
    report "LJ weak" "$p" "$n" "$log" "${rate[weak-1]:-}" "$((n / p))"
    rate[weak-$p]=$last
  done
fi
if want multisite; then
  n=$((4 * MULTISITE_CELLS ** 3))
  cfg=$(multisite_config "$MULTISITE_CELLS" "$MULTISITE_STEPS")
  for p in $GPUS; do
    [ "$p" -le "$available" ] || continue
    log=$(run 2cljq "$p" "$cfg")
    report "2CLJQ strong" "$p" "$n" "$log" "${rate[ms-1]:-}" "$((n / p))"
    rate[ms-$p]=$last
  done
fi
if want staged && [ -n "$STAGED" ] && [ "$STAGED" -le "$available" ]; then
  n=$((4 * STRONG_CELLS ** 3))
  log=$(run staged "$STAGED" "$(lj_config "$STRONG_CELLS" "$STEPS")" --gpu-option haloTransfer=staged)
  report "LJ strong, pinned host" "$STAGED" "$n" "$log" "${rate[strong-1]:-}" "$((n / STAGED))"
fi
if want phases; then
  n=$((4 * STRONG_CELLS ** 3))
  cfg=$(lj_config "$STRONG_CELLS" "$STEPS")
  : > "$phasesOut"
  for p in $GPUS; do
    [ "$p" -le "$available" ] || continue
    log=$(run phases "$p" "$cfg" --gpu-option phaseProfile=1)
    { echo "### $p GPU(s), N = $n, $PRECISION, $STEPS steps (rank 0; events on every phase, so the rate is a little lower)"
      grep -E "Molecule updates|Device phases|^  (integration|migration|boundary layers|cells|lists|pack|transfer|unpack|images|interior forces|boundary forces) +[0-9.]+$|Device cell rebuilds|GPU halo" "$log"
    } >> "$phasesOut"
  done
fi
if want large && [ "$LARGE_CELLS" -gt 0 ]; then
  p=$(echo $GPUS | awk '{ print $NF }')
  [ "$p" -le "$available" ] || p=$available
  n=$((4 * LARGE_CELLS ** 3))
  log=$(RUN_TIMEOUT=${LARGE_TIMEOUT:-900} run large "$p" "$(lj_config "$LARGE_CELLS" "$LARGE_STEPS")")
  report "LJ largest run" "$p" "$n" "$log" "" "$((n / p))"
  { echo "### largest run: $p GPUs, N = $n, $PRECISION, $LARGE_STEPS steps"
    grep -E "Wall time|Molecule updates|Device memory|error" "$log"; tail -3 "$log"; } >> "$phasesOut"
fi

{
  echo "machine: $available x $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1), $(nproc) CPUs; $PRECISION, $STEPS steps per run (the time loop counts)"
  printf '%-26s %5s %12s %6s %11s %9s %7s %12s %12s  %s\n' "system" "GPUs" "N" "N/GPU" "steps*N/s" "vs 1 GPU" "eff." \
    "host-dev B/st" "dev-dev B/st" "halo path"
  printf '%s\n' "${rows[@]}"
} > "$out"
rm -rf "$work"
