#!/usr/bin/env bash
# GPU runs under mpirun (each rank its own device context: one GPU per rank where the machine has them, else
# sharing one device) give the one-rank GPU run's step lines, as the CPU's MPI runs give its serial ones:
# the LJ liquid, the 2CLJQ fluid and a vapour-liquid slab whose liquid fills the lower half of the box
# along the split axis (the upper ranks start without molecules), on 2 and 4 ranks, and that slab with
# physics plugins (on the device and through the host), TemperatureControl alone and MaxCheck removing molecules
# over 120 steps, each on 2 ranks in double. Double precision:
# every printed digit over 60 steps; single and mixed: T, U_pot and p within 1e-5 over 20 steps. A box
# without molecules runs on 2 ranks. Extra mardyn arguments (a transfer path, say) come from
# MARDYN_MPI_TEST_ARGS; MARDYN_MPI_TEST_PRECISIONS picks precisions (default "double mixed single"), so that
# several instances can share the work.
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
# The slab with physics plugins: the planar correction and TemperatureControl on the device, MaxCheck
# removing the fastest molecules through the host, a reflecting Mirror on the device.
awk '/<longrange type="homogeneous"\/>/ {
  print "      <longrange type=\"planar\"><slabs>40</slabs><smooth>false</smooth><frequency>3</frequency></longrange>"
  print "      <thermostats><thermostat type=\"TemperatureControl\"><control><start>0</start><frequency>1</frequency>"
  print "        <stop>1000000</stop></control><regions><region><coords><lcx>0</lcx><lcy>0</lcy><lcz>0</lcz>"
  print "        <ucx>box</ucx><ucy>box</ucy><ucz>box</ucz></coords><target><temperature>0.9</temperature>"
  print "        <component>0</component></target><settings><numslabs>5</numslabs><exponent>0.4</exponent>"
  print "        <directions>xyz</directions></settings><writefreq>1000</writefreq><fileprefix>beta</fileprefix>"
  print "      </region></regions></thermostat></thermostats>"; next }
/<output>/ { print; print "      <outputplugin name=\"MaxCheck\"><control><start>0</start><frequency>1</frequency><stop>1000</stop>"
  print "        </control><targets><target cid=\"1\" method=\"3\"><vmax>3.2</vmax></target></targets></outputplugin>"
  print "      <outputplugin name=\"Mirror\"><type>1</type><dir>o-|</dir><position><refID>0</refID><coord>8.0</coord>"
  print "        </position></outputplugin>"; next }
{ print }' slab.xml > plugins.xml
# TemperatureControl alone: molecules that leave the box through x = 0 stay with the lower rank until the
# next rebuild, and are thermostatted where the CPU's exchange has wrapped them.
# MaxCheck removing more molecules, over 120 steps: a removal in a step whose rebuild moved molecules between
# the ranks (the counts per component are made again while the migration's own update is pending).
sed 's|<vmax>3.2</vmax>|<vmax>2.6</vmax>|' plugins.xml > removal.xml
tc=$(sed -n '/<thermostats>/,/<\/thermostats>/p' plugins.xml)
TC=$tc awk '{ print } /<longrange type="homogeneous"\/>/ { print ENVIRON["TC"] }' slab.xml > thermostat.xml
printf 'mardyn trunk 20120726\n currentTime 0\n Length %s %s %s\n NumberOfMolecules 0\n MoleculeFormat ICRVQD\n' "$lx" "$ly" "$ly" > empty.inp

config() {
  case $1 in
    slab) echo "$work/slab.xml" ;;
    plugins) echo "$work/plugins.xml" ;;
    thermostat) echo "$work/thermostat.xml" ;;
    removal) echo "$work/removal.xml" ;;
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
for precision in ${MARDYN_MPI_TEST_PRECISIONS:-double mixed single}; do
  steps=60 interval=10
  [ $precision = double ] || { steps=20 interval=1; }
  for example in lj-fcc:2 lj-fcc:4 2cljq:2 2cljq:4 slab:2 slab:4 empty:2 plugins:2 thermostat:2 removal:2; do
    name=${example%%:*} np=${example##*:}
    case $name in empty|plugins|thermostat|removal) [ $precision != double ] && continue ;; esac
    [ $name = removal ] && steps=120
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
