#!/bin/bash
# Benchmark (`make bench`): the LAMMPS in.lj system (32,000 LJ atoms, FCC rho* = 0.8442, T* = 1.44,
# rc = 2.5, NVE, dt* = 0.005, 100 steps) run by mardyn and by LAMMPS one after the other, on 1 and 2
# processes and on 1 process x 2 threads (time-step loop rates), and on one process over LONG_STEPS (1000)
# steps as whole processes (wall time of the run, start-up included); with an ls1-mardyn binary also
# ls1-mardyn's Argon and CO2 examples run by both. Prints one table: rates of both and their ratio.
# Usage: run-benchmarks.sh BUILD_DIR [LS1_BINARY]   (or LS1_MARDYN=path; `make bench LS1_MARDYN=path`)
# LAMMPS: `apt-get install -y lammps` (binary lmp or lmp_serial). Env: REPEAT=3 (best of),
# LS1_EXAMPLES (default ../shared/ls1-examples beside the source tree), LS1_STEPS_ARGON, LS1_STEPS_CO2,
# LS1_ARGS (options after the configuration; default --final-checkpoint=0), LONG_STEPS (1000).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
mardyn=$build/mardyn
work=${WORKDIR:-$build/bench}
repeat=${REPEAT:-3}
ls1=${2:-${LS1_MARDYN:-}}
ls1ex=${LS1_EXAMPLES:-$here/../../../shared/ls1-examples}
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
mardyn_once() {  # $1 = processes, $2 = threads per process; prints the rate or nothing
  local out launch=""
  [ "$1" != 1 ] && launch="$mpirun $mpiflags -np $1"
  out=$(cd "$work" && OMP_NUM_THREADS=$2 $launch "$mardyn" --print-interval 0 --final-checkpoint 0 -p "$work/mardyn" "$work/lj-bench.xml" 2>&1)
  echo "$out" | awk -F': *' '/Molecule updates per second/ { print $2; exit }'
  grep -q "Molecule updates per second" <<< "$out" || { echo "mardyn ($1 proc x $2 threads) failed:" >&2; echo "$out" | tail -5 >&2; }
}

# LAMMPS: "Loop time of T on P procs for 100 steps with 32000 atoms"
lammps_once() {  # $1 = processes, $2 = threads (used only where LAMMPS has its OPENMP package)
  local out t launch="" omp=""
  [ "$1" != 1 ] && launch="$mpirun $mpiflags -np $1"
  [ "$2" != 1 ] && omp="-sf omp -pk omp $2"
  out=$(cd "$work" && OMP_NUM_THREADS=$2 $launch "$lmp" $omp -in "$here/in.lj" -log none 2>&1)
  t=$(echo "$out" | awk '/^Loop time of/ { print $4; exit }')
  if [ -z "$t" ]; then echo "LAMMPS ($1 proc x $2 threads) failed:" >&2; echo "$out" | tail -5 >&2; return; fi
  awk -v t="$t" -v n=$atoms -v s=$steps 'BEGIN { printf "%.0f", n * s / t }'
}

best() { awk -v a="$1" -v b="${2:-0}" 'BEGIN { print (b + 0 > a + 0 ? b : a) }'; }

# The programs alternate, REPEAT times each (the machine may be shared: alternating exposes both to
# the same load); the best rate of each counts.
run_both() {  # $1 = processes, $2 = threads, $3 = 1 to run mardyn, $4/$5 = LAMMPS processes/threads; sets bm, bl
  bm=0 bl=0
  for _ in $(seq "$repeat"); do
    [ "$3" = 1 ] && bm=$(best "$bm" "$(mardyn_once "$1" "$2")")
    [ -n "$lmp" ] && bl=$(best "$bl" "$(lammps_once "$4" "$5")")
  done
}

withmpi=0
[ -n "$mpirun" ] && grep -q "^MPI: yes" <<< "$("$mardyn" --version)" && withmpi=1
# LAMMPS threads only with its OPENMP package (lj/cut/omp); otherwise its 2-process run is the row's reference.
lmpomp=0
[ -n "$lmp" ] && grep -q "lj/cut/omp" <<< "$("$lmp" -h 2>/dev/null)" && lmpomp=1

run_both 1 1 1 1 1
m1=$bm l1=$bl
m2=0 l2=0
if [ -n "$mpirun" ]; then
  run_both 2 1 $withmpi 2 1
  m2=$bm l2=$bl
fi
if [ $lmpomp = 1 ]; then
  run_both 1 2 1 1 2
  lt="LAMMPS 1 x 2 threads"
else
  run_both 1 2 1 2 1
  lt="LAMMPS 2 processes (no OPENMP package)"
  [ -z "$mpirun" ] && bl=0
fi
mt=$bm ltr=$bl

# Whole runs as a user times them (start-up and set-up included), over LONG_STEPS (1000) steps: mardyn and
# LAMMPS one process each, alternating; rates are atom-steps per wall second of the whole process.
long_steps=${LONG_STEPS:-1000}
"$here/../lj/lj-config.sh" NVE 0.8442 1.44 2.5 20 "$long_steps" 0 false none "$long_steps" generator > "$work/lj-long.xml"
sed "s/^run .*/run             $long_steps/" "$here/in.lj" > "$work/in-long.lj"
whole_rate() {  # $1 = atom-steps, then the command; prints atom-steps per wall second, or 0
  local n=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  (cd "$work" && OMP_NUM_THREADS=1 "$@" > /dev/null 2>&1) || { echo 0; return; }
  t1=$(date +%s.%N)
  awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", n / (b - a) }'
}
wm=0 wl=0
for _ in $(seq "$repeat"); do
  wm=$(best "$wm" "$(whole_rate $((atoms * long_steps)) "$mardyn" --print-interval 0 --final-checkpoint 0 -p "$work/long" "$work/lj-long.xml")")
  [ -n "$lmp" ] && wl=$(best "$wl" "$(whole_rate $((atoms * long_steps)) "$lmp" -in "$work/in-long.lj" -log none)")
done

fmt() { awk -v x="$1" 'BEGIN { if (x + 0 == 0) print "n/a"; else printf "%.3e", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 == 0 || b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'; }
kernels=$("$mardyn" --print-interval 0 --final-checkpoint 0 --steps 0 -p "$work/probe" "$work/lj-bench.xml" 2>&1 >/dev/null |
          awk -F', ' '/^CPU:/ { print $2; exit }')
echo "Benchmark: $(nproc) cores: $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo); mardyn ${kernels:-?}; best of $repeat, alternating"
echo "LJ (LAMMPS in.lj): $atoms atoms, $steps steps, rc = 2.5, NVE; rates in atom-steps/s"
[ -z "$lmp" ] && echo "(LAMMPS not found: apt-get install -y lammps)"
row() { printf '%-24s | %-13s | %12s | %-40s | %12s | %7s\n' "$@"; }
row system "mardyn run" mardyn "reference run" reference ratio
row "LJ in.lj" "1 process" "$(fmt "$m1")" "LAMMPS 1 process" "$(fmt "$l1")" "$(ratio "$m1" "$l1")"
row "LJ in.lj" "2 processes" "$(fmt "$m2")" "LAMMPS 2 processes" "$(fmt "$l2")" "$(ratio "$m2" "$l2")"
row "LJ in.lj" "1 x 2 threads" "$(fmt "$mt")" "$lt" "$(fmt "$ltr")" "$(ratio "$mt" "$ltr")"
row "LJ in.lj, $long_steps steps" "1 proc, whole" "$(fmt "$wm")" "LAMMPS 1 process, whole run" "$(fmt "$wl")" "$(ratio "$wm" "$wl")"

# ls1-mardyn's examples, both programs on the same input (only the ResultWriter kept, steps set);
# rates in molecule-steps per second of the whole run (start-up included for both).
[ -z "$ls1" ] && { echo "(ls1-mardyn: give its binary as second argument or LS1_MARDYN=path for the Argon and CO2 rows)"; exit 0; }
[ -x "$ls1" ] || { echo "ls1-mardyn binary '$ls1' is not executable" >&2; exit 1; }
[ -d "$ls1ex" ] || { echo "ls1 examples not found in '$ls1ex' (set LS1_EXAMPLES)" >&2; exit 1; }
prepare_ls1() {  # $1 = example (Argon|CO2), $2 = case dir, $3 = steps; prints the config path
  local dir="$work/ls1/$1"
  rm -rf "$dir" && mkdir -p "$dir" && cp -r "$ls1ex/$1/." "$dir/"
  python3 - "$dir/$2/config.xml" "$3" << 'PY'
import re, sys
path, steps = sys.argv[1], sys.argv[2]
s = open(path).read()
s = re.sub(r"(<production>\s*<steps>)[^<]*(</steps>)", r"\g<1>" + steps + r"\g<2>", s)
def keep(m):
    return m.group(0) if 'name="ResultWriter"' in m.group(0) else ""
s = re.sub(r"<outputplugin\b.*?</outputplugin>", keep, s, flags=re.S)
open(path, "w").write(s)
PY
  echo "$dir/$2/config.xml"
}
# An ls1-mardyn built without MPI (its default, ENABLE_MPI=OFF) gets no 2-process row.
ls1mpi=0
ldd "$ls1" 2>/dev/null | grep -q "libmpi" && ls1mpi=1
molecules() { awk '/^ *NumberOfMolecules/ { print $2; exit } /^ *N[ \t]/ { print $2; exit }' "$1"; }
wall_rate() {  # $1 = molecules x steps, then the command; prints molecule-steps per wall second
  local n=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || { echo 0; return; }
  t1=$(date +%s.%N)
  awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", n / (b - a) }'
}
for ex in "Argon 200K_18mol_l ${LS1_STEPS_ARGON:-500}" "CO2 370K_15mol_l ${LS1_STEPS_CO2:-100}"; do
  set -- $ex
  cfg=$(prepare_ls1 "$1" "$2" "$3")
  inp=$(ls "$(dirname "$cfg")"/*.inp | head -1)
  n=$(molecules "$inp")
  work1=$(dirname "$cfg")
  for np in 1 2; do
    launch=""
    if [ $np = 2 ]; then
      if [ -z "$mpirun" ] || [ $ls1mpi = 0 ] || [ $withmpi = 0 ]; then
        row "$1 ($n, $3 steps)" "2 processes" "-" "(ls1-mardyn or mardyn without MPI)" "-" "n/a"
        continue
      fi
      launch="$mpirun $mpiflags -np 2"
    fi
    bm=0 bl=0
    for _ in $(seq "$repeat"); do
      bm=$(best "$bm" "$(cd "$work1" && OMP_NUM_THREADS=1 wall_rate $((n * $3)) $launch "$mardyn" --final-checkpoint 0 --print-interval 0 "$cfg")")
      bl=$(best "$bl" "$(cd "$work1" && OMP_NUM_THREADS=1 wall_rate $((n * $3)) $launch "$ls1" "$cfg" ${LS1_ARGS---final-checkpoint=0})")
    done
    row "$1 ($n, $3 steps)" "$np process$([ $np = 2 ] && echo es)" "$(fmt "$bm")" "ls1-mardyn $np process$([ $np = 2 ] && echo es)" "$(fmt "$bl")" "$(ratio "$bm" "$bl")"
  done
done
