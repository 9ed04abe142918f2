#!/bin/bash
# Benchmark (`make bench`): the LAMMPS in.lj system (32,000 LJ atoms, FCC rho* = 0.8442, T* = 1.44,
# rc = 2.5, NVE, dt* = 0.005, 100 steps) run by mardyn and by LAMMPS one after the other, on 1 and 2
# processes; prints atom-steps per second of both and their ratio. Usage: run-benchmarks.sh BUILD_DIR
# LAMMPS: `apt-get install -y lammps` (binary lmp or lmp_serial). Env: REPEAT=3 (best of).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
mardyn=$build/mardyn
work=${WORKDIR:-$build/bench}
repeat=${REPEAT:-3}
mkdir -p "$work"
atoms=32000 steps=100
find_lmp() { command -v lmp || command -v lmp_serial || command -v lmp_mpi || true; }
lmp=$(find_lmp)
if [ -z "$lmp" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "Installing LAMMPS: apt-get install -y lammps" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y lammps > /dev/null 2>&1 || true
    lmp=$(find_lmp)
  else
    echo "LAMMPS not found; to compare, run: sudo apt-get install -y lammps" >&2
  fi
fi
mpirun=$(command -v mpirun || true)
mpiflags="--oversubscribe"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"

"$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 20 $steps 0 false none $steps generator > "$work/lj-bench.xml"

# mardyn: the time-step loop as mardyn reports it ("Molecule updates per second" = atom-steps/s)
mardyn_once() {  # $1 = processes; prints the rate or nothing
  local out
  if [ "$1" = 1 ]; then
    out=$(cd "$work" && "$mardyn" --print-interval 0 --final-checkpoint 0 -p "$work/mardyn" "$work/lj-bench.xml" 2>&1)
  else
    out=$(cd "$work" && "$mpirun" $mpiflags -np "$1" "$mardyn" --print-interval 0 --final-checkpoint 0 -p "$work/mardyn" "$work/lj-bench.xml" 2>&1)
  fi
  echo "$out" | awk -F': *' '/Molecule updates per second/ { print $2; exit }'
  echo "$out" | grep -q "Molecule updates per second" || { echo "mardyn ($1 proc) failed:" >&2; echo "$out" | tail -5 >&2; }
}

# LAMMPS: "Loop time of T on P procs for 100 steps with 32000 atoms"
lammps_once() {  # $1 = processes
  local out t
  if [ "$1" = 1 ]; then
    out=$(cd "$work" && OMP_NUM_THREADS=1 "$lmp" -in "$here/in.lj" -log none 2>&1)
  else
    out=$(cd "$work" && OMP_NUM_THREADS=1 "$mpirun" $mpiflags -np "$1" "$lmp" -in "$here/in.lj" -log none 2>&1)
  fi
  t=$(echo "$out" | awk '/^Loop time of/ { print $4; exit }')
  if [ -z "$t" ]; then echo "LAMMPS ($1 proc) failed:" >&2; echo "$out" | tail -5 >&2; return; fi
  awk -v t="$t" -v n=$atoms -v s=$steps 'BEGIN { printf "%.0f", n * s / t }'
}

best() { awk -v a="$1" -v b="${2:-0}" 'BEGIN { print (b + 0 > a + 0 ? b : a) }'; }

# The two programs alternate, REPEAT times each (the machine may be shared: alternating exposes both
# to the same load); the best rate of each counts.
run_both() {  # $1 = processes, $2 = 1 to run mardyn; sets bm, bl
  bm=0 bl=0
  for _ in $(seq "$repeat"); do
    [ "$2" = 1 ] && bm=$(best "$bm" "$(mardyn_once "$1")")
    [ -n "$lmp" ] && bl=$(best "$bl" "$(lammps_once "$1")")
  done
}

run_both 1 1
m1=$bm l1=$bl
m2=0 l2=0
if [ -n "$mpirun" ]; then
  withmpi=0
  "$mardyn" --version | grep -q "^MPI: yes" && withmpi=1
  run_both 2 $withmpi
  m2=$bm l2=$bl
fi

fmt() { awk -v x="$1" 'BEGIN { if (x + 0 == 0) print "n/a"; else printf "%.3e", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 == 0 || b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'; }
echo "LJ benchmark (LAMMPS in.lj): $atoms atoms, $steps steps, rc = 2.5, NVE; best of $repeat, alternating; $(nproc) cores: $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
[ -z "$lmp" ] && echo "(LAMMPS not found: apt-get install -y lammps)"
printf '%-10s | %18s | %18s | %16s\n' processes "mardyn atom-steps/s" "LAMMPS atom-steps/s" "mardyn / LAMMPS"
printf '%-10s | %18s | %18s | %16s\n' 1 "$(fmt "$m1")" "$(fmt "$l1")" "$(ratio "$m1" "$l1")"
printf '%-10s | %18s | %18s | %16s\n' 2 "$(fmt "$m2")" "$(fmt "$l2")" "$(ratio "$m2" "$l2")"
