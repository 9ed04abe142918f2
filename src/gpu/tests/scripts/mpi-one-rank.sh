#!/usr/bin/env bash
# GPU runs under mpirun (each rank its own device context; here they share the device) give the one-rank
# GPU run's step lines, as the CPU's MPI runs give its serial ones: LJ (2 and 4 ranks, split along
# different axes) and the 2CLJQ fluid (2 ranks), 60 steps.
# usage: mpi-one-rank.sh MARDYN MPIEXEC SOURCE_DIR WORKDIR      exit 77 (skipped) without a GPU device
set -uo pipefail
mardyn=$1 mpiexec=$2 src=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
lines() { grep "Simstep" | sed 's/^.*Simstep/Simstep/'; }
if ! "$mardyn" "$src/input/lj-fcc/config.xml" --gpu --precision double -n 1 -q -p probe --final-checkpoint 0 > probe.txt 2>&1; then
  grep -q "no usable device" probe.txt && { cat probe.txt; exit 77; }
  cat probe.txt; exit 1
fi
status=0
for example in lj-fcc:2 lj-fcc:4 2cljq:2; do
  name=${example%%:*} np=${example##*:}
  cfg=$src/input/$name/config.xml
  one=$("$mardyn" "$cfg" --gpu --precision double -n 60 -i 10 -p one --final-checkpoint 0 2>&1 | lines)
  many=$("$mpiexec" -np "$np" --oversubscribe -x OCL_ICD_FILENAMES "$mardyn" "$cfg" --gpu --precision double -n 60 -i 10 \
           -p many --final-checkpoint 0 2>&1 | lines)
  if [ -n "$one" ] && [ "$one" = "$many" ]; then
    echo "$name, $np ranks: the one-rank lines ($(echo "$one" | tail -1))"
  else
    echo "$name, $np ranks: differ"; diff <(echo "$one") <(echo "$many"); status=1
  fi
done
exit $status
