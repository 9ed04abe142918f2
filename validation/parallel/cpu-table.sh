#!/bin/bash
# The CPU scaling table in one run (one process per core, `mpirun --bind-to core`): weak scaling of LJ at
# about 4,000 atoms per process, strong scaling of the LAMMPS in.lj system (32,000 atoms), and a vapour-
# liquid slab (slab-config.sh, SLAB molecules) on the even Cartesian grid against KDDecomposition (by the
# cost model, and by measured speeds: doMeasureLoadCalc), with ls1-mardyn's KDDecomposition on the model's
# file beside them when its binary (built with MPI) is given. With LMP (a LAMMPS binary built with MPI) the
# weak and strong rows of LAMMPS itself on the same cores: in.lj as published (lists rebuilt every 20 steps
# without a check, so no collective between thermo steps) and with a check every step (one MPI_Allreduce a
# step, as mardyn's exact lists), each with its own timing breakdown in the log.
# Rates: atom-steps per second of the time loop (mardyn's "Molecule updates per second", ls1-mardyn's
# "Simulation speed"), best of REPEAT. The machine's own ceiling beside them: N independent one-process
# runs at once, bound to the cores the MPI ranks get (no MPI inside), for each N of NPS; the MPI rows' efficiencies then read
# both against one process alone and against one process among N busy ones. With LS1_SERIAL (an
# ls1-mardyn binary, its default build without MPI) and LS1_EXAMPLES (ls1's examples folder), its CO2
# example on one pinned core as well: both programs alternating, whole-run and loop rates.
# Usage: cpu-table.sh BUILD_DIR [LS1_BINARY]
# Env: NPS (1 16 32, the first is the reference), SLAB_NPS (8 16 32), STEPS (200), SLAB (500000),
#      SLAB_STEPS (100), REPEAT (2), SLAB_REPEAT (1), RUN_TIMEOUT (120 s a run), NEWTON_OFF (set: the runs
#      on several processes once more with --newton off), CEILING (1; 0 leaves the independent runs out),
#      LS1_SERIAL, LS1_EXAMPLES, CO2_STEPS (100), CO2_REPEAT (3), OUT (a folder for the logs; default
#      BUILD_DIR/cpu-table), LMP (a LAMMPS binary built with MPI).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
ls1=${2:-}
nps=${NPS:-1 16 32} slabnps=${SLAB_NPS-8 16 32}
steps=${STEPS:-200} slab=${SLAB:-500000} slabsteps=${SLAB_STEPS:-100} repeat=${REPEAT:-2} limit=${RUN_TIMEOUT:-120}
slabrepeat=${SLAB_REPEAT:-1}
out=${OUT:-$build/cpu-table}
work=$build/cpu-table-work
mkdir -p "$out" "$work"
mpiflags="--bind-to core --map-by core --oversubscribe"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"
export OMP_NUM_THREADS=1
log=$out/runs.log

# best rate of $repeat runs and that run's wait (the summary's Steps ratio: each step's slowest process summed
# against the mean process; 1 on one process); $1 = processes, $2 = label, then the command after mpirun's options
mardyn_rate() {
  local np=$1 label=$2 best=0 wait=1 o r w
  shift 2
  for _ in $(seq "$repeat"); do
    o=$(cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -np "$np" "$build/mardyn" --print-interval 0 \
        --final-checkpoint 0 -p "$work/run" "$@" 2>&1)
    { echo "== mardyn $label np=$np"; echo "$o" | grep -E "Wall|Molecule|Decomposition|Steps|Halo|  [a-zI/]+ +[0-9]" ; } >> "$log"
    r=$(echo "$o" | awk -F': *' '/Molecule updates per second/ { print $2; exit }')
    w=$(echo "$o" | awk '/^Steps:/ { for (i = 1; i < NF; ++i) if ($i == "is") { print $(i + 1); exit } }')
    [ -z "$r" ] && { echo "$o" | tail -3 >> "$log"; r=0; }
    if awk -v a="$best" -v b="$r" 'BEGIN { exit !(b + 0 > a + 0) }'; then best=$r; wait=${w:-1}; fi
  done
  echo "$best $wait"
}

# LAMMPS on the same cores: best atom-steps/s of $repeat runs of the time loop ("Loop time of T on P procs for
# N steps with A atoms": N A / T); $1 = processes, $2 = label, $3 = input file
lammps_rate() {
  local np=$1 label=$2 in=$3 best=0 o r
  for _ in $(seq "$repeat"); do
    o=$(cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -np "$np" "$LMP" -in "$in" -log none -echo none 2>&1)
    { echo "== LAMMPS $label np=$np"; echo "$o" | sed -n '/^Loop time/p; /^Section/,/^Other/p; /^Neighbor list builds/p' ; } >> "$log"
    r=$(echo "$o" | awk '/^Loop time of/ { for (i = 1; i <= NF; ++i) { if ($i == "of") t = $(i + 1); if ($i == "for") n = $(i + 1);
                                                                       if ($i == "with") a = $(i + 1) } if (t > 0) print n * a / t; exit }')
    [ -z "$r" ] && { echo "$o" | tail -3 >> "$log"; r=0; }
    if awk -v a="$best" -v b="$r" 'BEGIN { exit !(b + 0 > a + 0) }'; then best=$r; fi
  done
  echo "$best"
}
# in.lj for LAMMPS with the box of c x c x c unit cells, $steps steps; $1 = c, $2 = rebuild rule (neigh_modify's arguments)
lammps_input() {
  sed -e "s/^region .*/region          box block 0 $1 0 $1 0 $1/" -e "s/^run .*/run             $steps/" \
      -e "s/^neigh_modify .*/neigh_modify    $2/" "$here/../bench/in.lj"
}

# The machine's ceiling: N one-process runs at once, placed on the cores as the MPI runs are (mpirun binds
# them, MARDYN_MPI=0 keeps MPI out of each); prints the mean and the lowest of their rates, best mean of REPEAT.
ceiling() {  # $1 = N, $2 = label, $3 = configuration
  local n=$1 label=$2 cfg=$3 i m bm="0 0"
  for _ in $(seq "$repeat"); do
    for ((i = 0; i < n; ++i)); do mkdir -p "$work/alone-$i"; rm -f "$work/alone-$i/log"; done
    (cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -x MARDYN_MPI=0 -np "$n" sh -c \
      'cd alone-$OMPI_COMM_WORLD_RANK && exec "$0" --print-interval 0 --final-checkpoint 0 -p run "$1" > log 2>&1' \
      "$build/mardyn" "$cfg" > /dev/null 2>&1)
    m=$(for ((i = 0; i < n; ++i)); do awk -F': *' '/Molecule updates per second/ { print $2; exit }' "$work/alone-$i/log"; done |
        awk -v n="$n" '{ s += $1; if (c == 0 || $1 < lo) lo = $1; ++c } END { if (c < n) print 0, 0; else printf "%.6g %.6g\n", s / c, lo }')
    { echo "== mardyn $label, $n independent runs: mean, lowest $m"; } >> "$log"
    bm=$(awk -v a="$bm" -v b="$m" 'BEGIN { split(a, x, " "); split(b, y, " "); print (y[1] + 0 > x[1] + 0 ? b : a) }')
  done
  echo "$bm"
}
ceiling_on=${CEILING:-1}

row() { printf '%-34s | %4s | %12s | %10s | %10s | %s\n' "$@"; }
echo "CPU: $(lscpu | awk -F': *' '/Model name/ { print $2; exit }'), $(nproc --all) logical CPUs, $(lscpu | awk -F': *' '/Thread\(s\) per core/ { print $2; exit }') threads per core, $(lscpu | awk -F': *' '/Socket\(s\)/ { print $2; exit }') socket(s)"
echo "efficiency: per-process rate against one process alone; busy: against one process among np independent ones;"
echo "wait: each step's slowest process's time summed over the steps, against the mean process's (the summary's Steps line)"
row "run" np "atom-steps/s" "per proc." "efficiency" "busy"

# Rows of one system: the independent runs (when CEILING), then the MPI runs; $1 = label, $2 = configuration,
# $3 = atoms, $4 = 1 for weak scaling (the configuration of each np is "$2-<np>.xml")
scaling_rows() {
  local label=$1 cfg=$2 atoms=$3 weak=$4 np r base="" alone="" f n
  declare -A busy
  if [ "$ceiling_on" = 1 ]; then
    for np in $nps; do
      r=$(ceiling "$np" "$label-alone" "$cfg-$( [ "$weak" = 1 ] && echo "${nps%% *}" || echo all).xml")
      busy[$np]=${r%% *}
      [ -z "$alone" ] && alone=${busy[$np]}
      awk -v np="$np" -v r="$r" -v a="$alone" -v l="$label" -v n="$atoms" 'BEGIN { split(r, x, " ");
        printf "%-34s | %4d | %12s | %10.4g | %5.0f %%     | lowest %.4g\n", np " x 1 process alone, " n, np, "", x[1], 100 * x[1] / a, x[2] }'
    done
  fi
  for np in $nps; do
    f="$cfg-$( [ "$weak" = 1 ] && echo "$np" || echo all).xml"
    n=$atoms
    [ "$weak" = 1 ] && n=$(cat "$cfg-$np.atoms")
    for newton in "" off; do
      [ -n "$newton" ] && { [ "$np" = 1 ] || [ -z "${NEWTON_OFF:-}" ]; } && continue
      if [ -z "$newton" ]; then read -r r w <<< "$(mardyn_rate "$np" "$label" "$f")"
      else read -r r w <<< "$(repeat=1 mardyn_rate "$np" "$label-newton-off" "$f" --newton off)"; fi
      [ -z "$base" ] && base=$r
      awk -v np="$np" -v r="$r" -v w="$w" -v b="$base" -v k="${busy[$np]:-0}" -v l="$label, $n atoms" -v nw="$newton" 'BEGIN {
        if (nw != "") l = "  the same, --newton off";
        printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%     | %s%s\n", l, np, r, r / np, 100 * (r / np) / b,
               (k > 0 ? sprintf("%5.0f %%  ", 100 * (r / np) / k) : ""), (np > 1 ? "wait " w : "") }'
    done
  done
  [ -z "${LMP:-}" ] && return 0
  local rule lbase c
  for rule in "delay 0 every 20 check no" "delay 0 every 1 check yes"; do
    lbase=""
    for np in $nps; do
      c=20
      [ "$weak" = 1 ] && c=$(weak_cells "$np")
      lammps_input "$c" "$rule" > "$work/lammps.in"
      r=$(lammps_rate "$np" "$label, $rule" "$work/lammps.in")
      [ -z "$lbase" ] && lbase=$r
      awk -v np="$np" -v r="$r" -v b="$lbase" -v n="$((4 * c * c * c))" -v ck="$rule" 'BEGIN {
        printf "%-34s | %4d | %12.4g | %10.4g | %5.0f %%     | %s\n", "  LAMMPS, " n " atoms", np, r, r / np, (b > 0 ? 100 * (r / np) / b : 0),
               (ck ~ /check no/ ? "in.lj as published: lists every 20 steps" : "lists checked every step") }'
    done
  done
}

# Weak scaling: 4 c^3 atoms with c^3 ~ 1000 np
weak_cells() { awk -v p="$1" 'BEGIN { printf "%d", exp(log(1000 * p) / 3) + 0.5 }'; }
for np in $nps; do
  c=$(weak_cells "$np")
  "$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 "$c" "$steps" 0 false none "$steps" generator > "$work/weak-$np.xml"
  echo $((4 * c * c * c)) > "$work/weak-$np.atoms"
done
scaling_rows "LJ weak" "$work/weak" 4000 1

# Strong scaling: in.lj
"$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 20 "$steps" 0 false none "$steps" generator > "$work/inlj-all.xml"
scaling_rows "in.lj strong" "$work/inlj" 32000 0

# The slab: grid, k-d tree (the cost model; measured speeds), ls1-mardyn's k-d tree (the model's file); ratios
# k-d / grid and mardyn / ls1.
"$here/slab-config.sh" DomainDecomposition "$slab" "$slabsteps" > "$work/slab-grid.xml"
"$here/slab-config.sh" KDDecomposition "$slab" "$slabsteps" > "$work/slab-kd.xml"
KD_MEASURE=1 "$here/slab-config.sh" KDDecomposition "$slab" "$slabsteps" > "$work/slab-kdm.xml"
ls1_rate() {  # $1 = processes; ls1-mardyn's "Simulation speed" of the loop
  local o
  o=$(cd "$work" && timeout "$limit" mpirun $mpiflags -x OMP_NUM_THREADS -np "$1" "$ls1" "$work/slab-kd.xml" --final-checkpoint=0 2>&1)
  { echo "== ls1-mardyn slab-kd np=$1"; echo "$o" | grep -E "Computation in main loop|Simulation speed|main: used|rror" ; } >> "$log"
  echo "$o" | awk '/Simulation speed:/ { for (i = 1; i <= NF; ++i) if ($i == "speed:") { print $(i + 1); exit } }'
}
for np in $slabnps; do
  read -r g gw <<< "$(repeat=$slabrepeat mardyn_rate "$np" slab-grid "$work/slab-grid.xml")"
  read -r k kw <<< "$(repeat=$slabrepeat mardyn_rate "$np" slab-kd "$work/slab-kd.xml")"
  read -r km kmw <<< "$(repeat=$slabrepeat mardyn_rate "$np" slab-kd-measured "$work/slab-kdm.xml")"
  l=0
  [ -n "$ls1" ] && l=$(ls1_rate "$np")
  awk -v np="$np" -v g="$g" -v k="$k" -v km="$km" -v gw="$gw" -v kw="$kw" -v kmw="$kmw" -v l="${l:-0}" -v n="$slab" 'BEGIN {
    printf "%-34s | %4d | %12.4g | %10s | %10s | wait %s\n", "slab " n ", even grid", np, g, "", "", gw;
    printf "%-34s | %4d | %12.4g | %10s | %10s | k-d / grid %.2f, wait %s\n", "slab " n ", KDDecomposition", np, k, "", "", (g > 0 ? k / g : 0), kw;
    printf "%-34s | %4d | %12.4g | %10s | %10s | k-d / grid %.2f, wait %s\n", "  the same, measured speeds", np, km, "", "", (g > 0 ? km / g : 0), kmw;
    if (l > 0) printf "%-34s | %4d | %12.4g | %10s | %10s | mardyn k-d / ls1 %.2f\n", "slab " n ", ls1-mardyn KDDecomposition", np, l, "", "", k / l }'
done

# ls1-mardyn's CO2 example on core 0 (`taskset`), both programs alternating:
# molecule-steps per wall second of the whole process (start-up included) and of the time loop alone.
[ -z "${LS1_SERIAL:-}" ] && exit 0
co2=$("$here/../bench/ls1-example.sh" "${LS1_EXAMPLES:?LS1_EXAMPLES: the folder of the ls1-mardyn examples}" CO2 370K_15mol_l \
      "${CO2_STEPS:-100}" "$work/co2")
co2n=$(awk '/^ *NumberOfMolecules/ { print $2; exit } /^ *N[ \t]/ { print $2; exit }' "$(dirname "$co2")"/*.inp)
co2updates=$((co2n * ${CO2_STEPS:-100}))
timed() {  # $1 = loop-rate pattern, then the command; prints "whole-run rate" and "loop rate"
  local pattern=$1 t0 t1 o
  shift
  t0=$(date +%s.%N)
  o=$(cd "$(dirname "$co2")" && OMP_NUM_THREADS=1 timeout "$limit" taskset -c 0 "$@" 2>&1)
  t1=$(date +%s.%N)
  { echo "== $1 CO2 ($(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }') s)"; grep -E "$pattern|main loop|Wall|  [a-zI/]+ +[0-9]" <<< "$o"; } >> "$log"
  awk -v n="$co2updates" -v a="$t0" -v b="$t1" -v p="$pattern" -v o="$o" 'BEGIN {
    loop = 0; k = split(o, lines, "\n");
    for (i = 1; i <= k && !loop; ++i) if ((j = index(lines[i], p)) > 0) {
      rest = substr(lines[i], j + length(p)); sub(/^[: \t]+/, "", rest); loop = rest + 0 }
    printf "%.6g %.6g\n", n / (b - a), loop }'
}
bw=0 bl=0 lw=0 ll=0
for _ in $(seq "${CO2_REPEAT:-3}"); do
  read -r w l <<< "$(timed "Molecule updates per second" "$build/mardyn" --print-interval 0 --final-checkpoint 0 "$co2")"
  bw=$(awk -v a="$bw" -v b="$w" 'BEGIN { print (b > a ? b : a) }'); bl=$(awk -v a="$bl" -v b="$l" 'BEGIN { print (b > a ? b : a) }')
  read -r w l <<< "$(timed "Simulation speed" "$LS1_SERIAL" "$co2" --final-checkpoint=0)"
  lw=$(awk -v a="$lw" -v b="$w" 'BEGIN { print (b > a ? b : a) }'); ll=$(awk -v a="$ll" -v b="$l" 'BEGIN { print (b > a ? b : a) }')
done
awk -v n="$co2n" -v s="${CO2_STEPS:-100}" -v bw="$bw" -v bl="$bl" -v lw="$lw" -v ll="$ll" 'BEGIN {
  printf "%-34s | %4d | %12.4g | %10s | %10s | whole run; loop %.4g\n", "CO2 " n ", " s " steps, mardyn", 1, bw, "", "", bl;
  printf "%-34s | %4d | %12.4g | %10s | %10s | whole run; loop %.4g\n", "CO2 " n ", " s " steps, ls1-mardyn", 1, lw, "", "", ll;
  printf "%-34s | %4s | %12.3g | %10s | %10s | loop %.3g\n", "CO2 mardyn / ls1-mardyn", "", (lw > 0 ? bw / lw : 0), "", "", (ll > 0 ? bl / ll : 0) }'
