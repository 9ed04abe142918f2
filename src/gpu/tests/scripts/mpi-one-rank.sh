#!/usr/bin/env bash
# GPU runs under mpirun (each rank its own device context: one GPU per rank where the machine has them, else
# sharing one device) give the one-rank GPU run's step lines, as the CPU's MPI runs give its serial ones:
# the LJ liquid, the 2CLJQ fluid and a vapour-liquid slab whose liquid fills the lower half of the box
# along the split axis (the upper ranks start without molecules), on 2 and 4 ranks. Double precision:
# every printed digit over 60 steps; single and mixed: T, U_pot and p within 1e-5 over 20 steps. A box
# without molecules runs on 2 ranks. Extra mardyn arguments (a transfer path, say) come from
# MARDYN_MPI_TEST_ARGS.
# usage: mpi-one-rank.sh MARDYN MPIEXEC SOURCE_DIR WORKDIR      exit 77 (skipped) without a GPU device
set -uo pipefail
mardyn=$1 mpiexec=$2 src=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
read -r -a extra <<< "${MARDYN_MPI_TEST_ARGS:-}"
lines() { grep "Simstep" | sed 's/^.*Simstep/Simstep/'; }
if ! "$mardyn" "$src/input/lj-fcc/config.xml" --gpu --precision double -n 1 -q -p probe --final-checkpoint 0 > probe.txt 2>&1; then
  grep -q "no usable device" probe.txt && { cat probe.txt; exit 77; }
  cat probe.txt; exit 1
fi

# The slab: FCC liquid at rho* = 0.8442 (6 x 6 x 6 cells, 864 molecules) in the lower half of a box twice
# as long along x, Maxwell velocities at T* = 0.8 (awk's generator: the same file for every run here).
awk 'BEGIN {
  srand(7); a = (4 / 0.8442) ^ (1 / 3); n = 6; L = n * a; k = 0
  split("0 0 0 0.5 0.5 0 0.5 0 0.5 0 0.5 0.5", b, " ")
  for (i = 0; i < n; i++) for (j = 0; j < n; j++) for (l = 0; l < n; l++) for (m = 0; m < 4; m++) {
    k++
    for (d = 0; d < 3; d++) { u = rand(); if (u < 1e-12) u = 1e-12; v[d] = sqrt(-2 * 0.8 * log(u)) * cos(6.283185307 * rand()) }
    line[k] = sprintf("%d 1 %.10f %.10f %.10f %.10f %.10f %.10f 1 0 0 0 0 0 0", k, (i + b[3*m+1] + 0.25) * a,
                      (j + b[3*m+2] + 0.25) * a, (l + b[3*m+3] + 0.25) * a, v[0], v[1], v[2])
  }
  printf "mardyn trunk 20120726\n currentTime 0\n Length %.12f %.12f %.12f\n NumberOfMolecules %d\n MoleculeFormat ICRVQD\n", 2 * L, L, L, k
  for (q = 1; q <= k; q++) print line[q]
}' > slab.inp
cp "$src/input/lj-restart/components.xml" .
lx=$(sed -n 's/^ Length \([^ ]*\) .*/\1/p' slab.inp) ly=$(sed -n 's/^ Length [^ ]* \([^ ]*\) .*/\1/p' slab.inp)
sed -e 's|lj-liquid-256.inp|slab.inp|' -e "s|<lx>[^<]*</lx>|<lx>$lx</lx>|" -e "s|<ly>[^<]*</ly>|<ly>$ly</ly>|" \
    -e "s|<lz>[^<]*</lz>|<lz>$ly</lz>|" "$src/input/lj-restart/config.xml" > slab.xml
sed -e 's|slab.inp|empty.inp|' slab.xml > empty.xml
printf 'mardyn trunk 20120726\n currentTime 0\n Length %s %s %s\n NumberOfMolecules 0\n MoleculeFormat ICRVQD\n' "$lx" "$ly" "$ly" > empty.inp

config() {
  case $1 in
    slab) echo "$work/slab.xml" ;;
    empty) echo "$work/empty.xml" ;;
    *) echo "$src/input/$1/config.xml" ;;
  esac
}

# largest relative deviation of T, U_pot and p (p relative to max(|p|, T)) between two sets of step lines
deviation() {
  paste <(echo "$1") <(echo "$2") | awk -F'\t' '
    function abs(x) { return x < 0 ? -x : x }
    function rel(a, b) { return abs(a - b) / (abs(b) > 1e-300 ? abs(b) : 1e-300) }
    { split($2, t1, "= "); split($3, u1, "= "); split($4, p1, "= ")
      split($6, t2, "= "); split($7, u2, "= "); split($8, p2, "= ")
      d = rel(t1[2], t2[2]); if (d > w) w = d
      d = rel(u1[2], u2[2]); if (d > w) w = d
      s = abs(p2[2]) > t2[2] ? abs(p2[2]) : t2[2]; d = abs(p1[2] - p2[2]) / (s > 1e-300 ? s : 1e-300); if (d > w) w = d }
    END { printf "%.3g", w + 0 }'
}

status=0
declare -A reference
for precision in double mixed single; do
  steps=60 interval=10
  [ $precision = double ] || { steps=20 interval=1; }
  for example in lj-fcc:2 lj-fcc:4 2cljq:2 2cljq:4 slab:2 slab:4 empty:2; do
    name=${example%%:*} np=${example##*:}
    [ $name = empty ] && [ $precision != double ] && continue
    cfg=$(config "$name")
    key=$name-$precision
    if [ -z "${reference[$key]:-}" ]; then
      reference[$key]=$("$mardyn" "$cfg" --gpu --precision $precision -n $steps -i $interval -p one --final-checkpoint 0 \
                          "${extra[@]}" 2>&1 | lines)
    fi
    one=${reference[$key]}
    out=$("$mpiexec" -np "$np" --oversubscribe -x OCL_ICD_FILENAMES "$mardyn" "$cfg" --gpu --precision $precision \
            -n $steps -i $interval -p many --final-checkpoint 0 "${extra[@]}" 2>&1)
    many=$(echo "$out" | lines)
    path=$(echo "$out" | grep -o "GPU halo exchange: [^(]*" | head -1 | sed 's/ *$//')
    if [ -z "$one" ] || [ "$(echo "$one" | wc -l)" != "$(echo "$many" | wc -l)" ]; then
      echo "$name, $np ranks, $precision: runs failed"; echo "$out" | tail -5; status=1; continue
    fi
    if [ $precision = double ]; then
      if [ "$one" = "$many" ]; then
        echo "$name, $np ranks, double: the one-rank lines ($(echo "$one" | tail -1)) [$path]"
      else
        echo "$name, $np ranks, double: differ [$path]"; diff <(echo "$one") <(echo "$many"); status=1
      fi
    else
      dev=$(deviation "$many" "$one")
      if awk -v d="$dev" 'BEGIN { exit !(d <= 1e-5) }'; then
        echo "$name, $np ranks, $precision: within $dev of the one-rank run over $steps steps [$path]"
      else
        echo "$name, $np ranks, $precision: deviates by $dev [$path]"; diff <(echo "$one") <(echo "$many") | head; status=1
      fi
    fi
  done
done
exit $status
