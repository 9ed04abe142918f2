#!/usr/bin/env bash
# The whole time step on the GPU against OpenMM on the same GPU and against mardyn on all the host's
# CPU cores, in one run, on the Lennard-Jones liquid of ls1's and OpenMM's users (FCC at rho* = 0.8442,
# T* = 1.44, rc = 2.5 sigma, no tail correction, dt = 0.005 tau, NVE), and a multi-site row (the 2CLJQ
# fluid of input/2cljq scaled up) against one CPU core. Prints one table of particle-steps per second.
#
# usage: validation/gpu/bench-resident.sh BUILD_DIR [OUT_FILE]
# env:   CELLS="40 64"           FCC cells per side (N = 4 cells^3: 256,000 and 1,048,576)
#        PROCESSORS="verletList warpBlock threadBlock warpBlockCached"   PRECISIONS="single mixed double"
#        STEPS=300               time steps of each GPU run (the loop time counts)
#        BACKEND=cuda            GPU backend of mardyn
#        OPENMM_PATH=<dir>       PYTHONPATH holding openmm (8.6.1 wheels); empty: no OpenMM rows
#        CPU_PROCS=$(nproc)      processes of the CPU row (mpirun); CPU_CELLS=40, CPU_STEPS=50
#        MULTISITE_CELLS=63      2CLJQ lattice cells per side (4 cells^3 molecules); 0: no multi-site rows
#        SINGLE_CORE_CELLS=16    the 2CLJQ system of the one-core CPU row (its rate per molecule-step)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:?usage: bench-resident.sh BUILD_DIR [OUT_FILE]}" && pwd)
out=${2:-/dev/stdout}
mardyn=$build/mardyn
work=$(mktemp -d)
CELLS=${CELLS:-40 64}
PROCESSORS=${PROCESSORS:-verletList warpBlock threadBlock warpBlockCached}
PRECISIONS=${PRECISIONS:-single mixed double}
STEPS=${STEPS:-300}
BACKEND=${BACKEND:-cuda}
CPU_PROCS=${CPU_PROCS:-$(nproc)}
CPU_CELLS=${CPU_CELLS:-40}
CPU_STEPS=${CPU_STEPS:-50}
MULTISITE_CELLS=${MULTISITE_CELLS:-63}
SINGLE_CORE_CELLS=${SINGLE_CORE_CELLS:-16}
mpiflags="--oversubscribe"
[ "$(id -u)" = 0 ] && mpiflags="$mpiflags --allow-run-as-root"

rows=()
row() { rows+=("$(printf '%-34s %-9s %10s %14s %s' "$1" "$2" "$3" "$4" "${5:-}")"); echo "${rows[-1]}" >&2; }
rate_of() { awk -F': *' '/Molecule updates per second/ { print $2; exit }'; }

lj_config() {  # cells steps -> file
  SKIN=${SKIN:-} "$root/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 "$1" "$2" 0 false none "$2" generator \
    > "$work/lj-$1.xml"
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

declare -A openmm_mixed
for c in $CELLS; do
  n=$((4 * c * c * c))
  cfg=$(lj_config "$c" "$STEPS")
  if [ -n "${OPENMM_PATH:-}" ]; then
    for p in single mixed; do
      line=$(PYTHONPATH=$OPENMM_PATH timeout 300 python3 "$here/openmm-lj.py" CUDA $p "$c" "$STEPS" 2>&1 | tail -1)
      r=$(echo "$line" | sed -n 's/.*particle_steps_per_s=\([^ ]*\).*/\1/p')
      [ $p = mixed ] && openmm_mixed[$n]=$r
      row "OpenMM 8.6.1 CUDA" "$p" "$n" "${r:-failed}" "$(echo "$line" | grep -o 'ms_per_step=[^ ]*')"
    done
  fi
  for p in $PRECISIONS; do
    for proc in $PROCESSORS; do
      log=$work/run-$c-$p-$proc.txt
      (cd "$work" && timeout 600 "$mardyn" "$cfg" --gpu-backend "$BACKEND" --precision $p --cell-processor "$proc" \
         -i 0 --final-checkpoint 0 -p "$work/out" > "$log" 2>&1)
      r=$(rate_of < "$log")
      ref=${openmm_mixed[$n]:-}
      ratio=""
      [ -n "$r" ] && [ -n "$ref" ] && ratio=$(awk -v a="$r" -v b="$ref" 'BEGIN { printf "%.2fx OpenMM mixed", a / b }')
      extra="$ratio $(grep -o 'Host-device traffic: [^ ]*' "$log" | sed 's/Host-device traffic: /traffic /') B/step $(grep -o 'at most ([^ ]*' "$log" | sed 's/at most (/mem /') B/mol"
      row "mardyn --gpu $proc" "$p" "$n" "${r:-failed}" "$extra"
      [ -n "$r" ] || tail -3 "$log" >&2
    done
  done
done

# All the CPU cores of this machine, one process each.
if [ "$CPU_PROCS" -gt 0 ]; then
  n=$((4 * CPU_CELLS * CPU_CELLS * CPU_CELLS))
  cfg=$(lj_config "$CPU_CELLS" "$CPU_STEPS")
  r=$(cd "$work" && timeout 600 mpirun $mpiflags -np "$CPU_PROCS" "$mardyn" "$cfg" -i 0 --final-checkpoint 0 \
        -p "$work/cpu" 2>&1 | rate_of)
  row "mardyn CPU, mpirun -np $CPU_PROCS" "double" "$n" "${r:-failed}"
fi

# Multi-site: the 2CLJQ fluid on the GPU against one CPU core (at a smaller N; rates per molecule-step).
if [ "$MULTISITE_CELLS" -gt 0 ]; then
  n1=$((4 * SINGLE_CORE_CELLS ** 3))
  cfg=$(multisite_config "$SINGLE_CORE_CELLS" 20)
  r1=$(cd "$work" && timeout 600 "$mardyn" "$cfg" -i 0 --final-checkpoint 0 -p "$work/ms1" 2>&1 | rate_of)
  row "mardyn CPU 2CLJQ, 1 core" "double" "$n1" "${r1:-failed}"
  n=$((4 * MULTISITE_CELLS ** 3))
  cfg=$(multisite_config "$MULTISITE_CELLS" 100)
  for p in mixed double; do
    for proc in ${MULTISITE_PROCESSORS:-verletList warpBlock}; do
      log=$work/ms-$p-$proc.txt
      (cd "$work" && timeout 600 "$mardyn" "$cfg" --gpu-backend "$BACKEND" --precision $p --cell-processor "$proc" \
         -i 0 --final-checkpoint 0 -p "$work/ms" > "$log" 2>&1)
      r=$(rate_of < "$log")
      ratio=""
      [ -n "$r" ] && [ -n "$r1" ] && ratio=$(awk -v a="$r" -v b="$r1" 'BEGIN { printf "%.1fx one core", a / b }')
      row "mardyn --gpu 2CLJQ $proc" "$p" "$n" "${r:-failed}" "$ratio"
      [ -n "$r" ] || tail -3 "$log" >&2
    done
  done
fi

{
  echo "machine: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1), $(nproc) CPUs ($(lscpu | sed -n 's/^Model name: *//p' | head -1))"
  printf '%-34s %-9s %10s %14s %s\n' "code" "precision" "N" "steps*N/s" "notes"
  printf '%s\n' "${rows[@]}"
} > "$out"
rm -rf "$work"
