#!/bin/bash
# The CPU scaling table in one run (one process per core, `mpirun --bind-to core`): weak scaling of LJ at
# about 4,000 atoms per process, strong scaling of the LAMMPS in.lj system (32,000 atoms), and a vapour-
# liquid slab (slab-config.sh, SLAB molecules) on the even Cartesian grid against KDDecomposition, with
# ls1-mardyn's KDDecomposition on the same file beside them when its binary (built with MPI) is given.
# Rates: atom-steps per second of the time loop (mardyn's "Molecule updates per second", ls1-mardyn's
# "Simulation speed"), best of REPEAT; the whole run's wall time beside the slab rates.
# Usage: cpu-table.sh BUILD_DIR [LS1_BINARY]
# Env: NPS (1 16 32, the first is the reference), SLAB_NPS (8 16 32), STEPS (200), SLAB (500000),
#      SLAB_STEPS (100), REPEAT (2), SLAB_REPEAT (1), RUN_TIMEOUT (120 s a run), NEWTON_OFF (set: the runs
#      on several processes once more with --newton off), OUT (a folder for the logs; default BUILD_DIR/cpu-table).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
ls1=${2:-}
nps=${NPS:-1 16 32} slabnps=${SLAB_NPS:-8 16 32}
steps=${STEPS:-200} slab=${SLAB:-500000} slabsteps=${SLAB_STEPS:-100} repeat=${REPEAT:-2} limit=${RUN_TIMEOUT:-120}
slabrepeat=${SLAB_REPEAT:-1}
out=${OUT:-$build/cpu-table}
work=$build/cpu-table-work
mkdir -p "$out" "$work"
mpiflags="--bind-to core --map-by core --oversubscribe"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"
export OMP_NUM_THREADS=1
log=$out/runs.log

# best rate of $repeat runs; $1 = processes, $2 = label, then the command after mpirun's options
mardyn_rate() {
  local np=$1 label=$2 best=0 o r
  shift 2
  for _ in $(seq "$repeat"); do
    o=$(cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -np "$np" "$build/mardyn" --print-interval 0 \
        --final-checkpoint 0 -p "$work/run" "$@" 2>&1)
    { echo "== mardyn $label np=$np"; echo "$o" | grep -E "Wall|Molecule|Decomposition|Halo|  [a-zI/]+ +[0-9]" ; } >> "$log"
    r=$(echo "$o" | awk -F': *' '/Molecule updates per second/ { print $2; exit }')
    [ -z "$r" ] && { echo "$o" | tail -3 >> "$log"; r=0; }
    best=$(awk -v a="$best" -v b="$r" 'BEGIN { print (b + 0 > a + 0 ? b : a) }')
  done
  echo "$best"
}

row() { printf '%-34s | %4s | %12s | %10s | %s\n' "$@"; }
echo "CPU: $(lscpu | awk -F': *' '/Model name/ { print $2; exit }'), $(nproc --all) logical CPUs, $(lscpu | awk -F': *' '/Thread\(s\) per core/ { print $2; exit }') threads per core"
row "run" np "atom-steps/s" "per proc." "efficiency"

# Weak scaling: 4 c^3 atoms with c^3 ~ 1000 np
base=""
for np in $nps; do
  c=$(awk -v p="$np" 'BEGIN { printf "%d", exp(log(1000 * p) / 3) + 0.5 }')
  "$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 "$c" "$steps" 0 false none "$steps" generator > "$work/weak-$np.xml"
  r=$(mardyn_rate "$np" weak "$work/weak-$np.xml")
  [ -z "$base" ] && base=$r
  awk -v np="$np" -v r="$r" -v b="$base" -v n=$((4 * c * c * c)) 'BEGIN {
    printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%\n", "LJ weak, " n " atoms", np, r, r / np, 100 * (r / np) / b }'
  if [ "$np" != 1 ] && [ -n "${NEWTON_OFF:-}" ]; then
    r=$(repeat=1 mardyn_rate "$np" weak-newton-off "$work/weak-$np.xml" --newton off)
    awk -v np="$np" -v r="$r" -v b="$base" 'BEGIN {
      printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%\n", "  the same, --newton off", np, r, r / np, 100 * (r / np) / b }'
  fi
done

# Strong scaling: in.lj
"$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 20 "$steps" 0 false none "$steps" generator > "$work/inlj.xml"
base=""
for np in $nps; do
  r=$(mardyn_rate "$np" strong "$work/inlj.xml")
  [ -z "$base" ] && base=$r
  awk -v np="$np" -v r="$r" -v b="$base" 'BEGIN {
    printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%\n", "in.lj strong, 32000 atoms", np, r, r / np, 100 * r / (b * np) }'
  if [ "$np" != 1 ] && [ -n "${NEWTON_OFF:-}" ]; then
    r=$(repeat=1 mardyn_rate "$np" strong-newton-off "$work/inlj.xml" --newton off)
    awk -v np="$np" -v r="$r" -v b="$base" 'BEGIN {
      printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%\n", "  the same, --newton off", np, r, r / np, 100 * r / (b * np) }'
  fi
done

# The slab: grid, k-d tree, ls1-mardyn's k-d tree (same file); ratios k-d / grid and mardyn / ls1.
"$here/slab-config.sh" DomainDecomposition "$slab" "$slabsteps" > "$work/slab-grid.xml"
"$here/slab-config.sh" KDDecomposition "$slab" "$slabsteps" > "$work/slab-kd.xml"
ls1_rate() {  # $1 = processes; ls1-mardyn's "Simulation speed" of the loop
  local o
  o=$(cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -np "$1" "$ls1" "$work/slab-kd.xml" --final-checkpoint=0 2>&1)
  { echo "== ls1-mardyn slab-kd np=$1"; echo "$o" | grep -E "Computation in main loop|Simulation speed|main: used|rror" ; } >> "$log"
  echo "$o" | awk '/Simulation speed:/ { for (i = 1; i <= NF; ++i) if ($i == "speed:") { print $(i + 1); exit } }'
}
for np in $slabnps; do
  g=$(repeat=$slabrepeat mardyn_rate "$np" slab-grid "$work/slab-grid.xml")
  k=$(repeat=$slabrepeat mardyn_rate "$np" slab-kd "$work/slab-kd.xml")
  l=0
  [ -n "$ls1" ] && l=$(ls1_rate "$np")
  awk -v np="$np" -v g="$g" -v k="$k" -v l="${l:-0}" -v n="$slab" 'BEGIN {
    printf "%-34s | %4d | %12.4g | %10s |\n", "slab " n ", even grid", np, g, "";
    printf "%-34s | %4d | %12.4g | %10s | k-d / grid %.2f\n", "slab " n ", KDDecomposition", np, k, "", (g > 0 ? k / g : 0);
    if (l > 0) printf "%-34s | %4d | %12.4g | %10s | mardyn k-d / ls1 %.2f\n", "slab " n ", ls1-mardyn KDDecomposition", np, l, "", k / l }'
done
