#!/bin/bash
# Parallel scaling of mardyn under mpirun: strong scaling of the in.lj system (32,000 LJ atoms) and of a
# 2CLJQ liquid (input/2cljq scaled up with CELLS2=...), weak scaling of the LJ system at ~4,000 atoms per
# process. Prints molecule updates/s, speed-up against one process and efficiency (speed-up / np; for weak
# scaling that is the per-process rate against one process).
# Usage: scaling.sh BUILD_DIR [NP...]   (default NP: 1 2). Env: STEPS=100, REPEAT=3 (best of), CELLS2=18.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-build}" && pwd); shift || true
nps=${*:-1 2}
steps=${STEPS:-100} repeat=${REPEAT:-3} cells2=${CELLS2:-18}
work=$build/scaling; mkdir -p "$work"
mpiflags="--oversubscribe --bind-to core"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"

rate_of() {  # $1 = processes, $2 = config; best "Molecule updates per second" of $repeat runs
  local best=0 out rate
  for _ in $(seq "$repeat"); do
    out=$(cd "$work" && mpirun $mpiflags -np "$1" "$build/mardyn" --steps "$steps" --print-interval 0 \
          --final-checkpoint 0 -p "$work/run" "$2" 2>&1)
    rate=$(echo "$out" | awk -F': *' '/Molecule updates per second/ { print $2; exit }')
    [ -z "$rate" ] && { echo "mardyn -np $1 $2 failed:" >&2; echo "$out" | tail -5 >&2; echo 0; return; }
    best=$(awk -v a="$best" -v b="$rate" 'BEGIN { print (b > a ? b : a) }')
  done
  echo "$best"
}

table() {  # $1 = title, then "np config" pairs; speed-up against the first row, per-process efficiency
  local title=$1; shift
  printf '\n%s\n%4s %14s %10s %8s\n' "$title" np "updates/s" speed-up eff.
  local base="" np cfg r
  while [ $# -gt 0 ]; do
    np=$1 cfg=$2; shift 2
    r=$(rate_of "$np" "$cfg")
    [ -z "$base" ] && base=$r
    awk -v np="$np" -v r="$r" -v b="$base" 'BEGIN {
      s = (b > 0 ? r / b : 0); e = 100 * s / np;
      printf "%4d %14.4g %10.2f %7.0f%%\n", np, r, s, e }'
  done
}

"$root/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 20 "$steps" 0 false none "$steps" generator > "$work/lj.xml"
sed "s|<cells>6</cells>|<cells>$cells2</cells>|; s|<lx>[^<]*</lx>|<lx>$(awk -v c=$cells2 'BEGIN{printf "%.6f", 12.428930*c/6}')</lx>|; \
     s|<ly>[^<]*</ly>|<ly>$(awk -v c=$cells2 'BEGIN{printf "%.6f", 12.428930*c/6}')</ly>|; \
     s|<lz>[^<]*</lz>|<lz>$(awk -v c=$cells2 'BEGIN{printf "%.6f", 12.428930*c/6}')</lz>|" \
    "$root/input/2cljq/config.xml" > "$work/2cljq.xml"

args=(); for np in $nps; do args+=("$np" "$work/lj.xml"); done
table "Strong scaling, LJ in.lj system (32,000 atoms)" "${args[@]}"
args=(); for np in $nps; do args+=("$np" "$work/2cljq.xml"); done
table "Strong scaling, 2CLJQ liquid ($((4 * cells2 * cells2 * cells2)) molecules)" "${args[@]}"
args=()
for np in $nps; do
  c=$(awk -v p="$np" 'BEGIN { printf "%d", exp(log(1000 * p) / 3) + 0.5 }')  # 4 c^3 ~ 4000 p
  "$root/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 "$c" "$steps" 0 false none "$steps" generator > "$work/weak-$np.xml"
  args+=("$np" "$work/weak-$np.xml")
done
table "Weak scaling, LJ (~4,000 atoms per process; efficiency = speed-up / np)" "${args[@]}"
