#!/bin/bash
# NVE energy conservation of a Lennard-Jones liquid: an NVT run from an FCC lattice melts and
# equilibrates it (rho* = 0.8442, T* = 0.728, 4000 atoms, rc = 2.5 sigma, potential shifted), its final
# checkpoint starts 10^4 NVE steps at dt* = 0.005. The drift of the total energy per particle (least-
# squares slope times the run length) is measured for each lattice seed; its root mean square over the
# seeds must stay below 1e-4 epsilon. (The drift of one run is a random walk of the truncation error
# whose spread at 4000 atoms is itself about 1e-4: one seed alone decides nothing.)
# Usage: run-nve.sh BUILD_DIR   (env: CELLS=10 -> 4000 atoms, EQUIL=3000, STEPS=10000, LIMIT=1e-4,
#                                SEEDS="4711 1 2", NVE_ARGS: further mardyn options of the NVE runs,
#                                e.g. "--gpu --precision mixed" for the drift of the device's time step)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
mardyn=$build/mardyn
cells=${CELLS:-10} equil=${EQUIL:-3000} steps=${STEPS:-10000} limit=${LIMIT:-1e-4}
seeds=${SEEDS:-4711 1 2}
work=${WORKDIR:-$build/validation-lj-nve}
mkdir -p "$work"
drifts=""
for seed in $seeds; do
  SEED=$seed "$here/lj-config.sh" NVT 0.8442 0.728 2.5 "$cells" "$equil" 0 true none 100 generator > "$work/melt.xml"
  (cd "$work" && "$mardyn" --quiet -p "$work/melt" "$work/melt.xml")
  "$here/lj-config.sh" NVE 0.8442 0.728 2.5 "$cells" "$steps" 0 true none 10 "$work/melt.restart.dat" > "$work/nve.xml"
  (cd "$work" && "$mardyn" --quiet --final-checkpoint 0 -p "$work/nve" ${NVE_ARGS:-} "$work/nve.xml")
  drift=$(awk -v dt=0.005 -v seed="$seed" '
    /^ *#/ || NF < 12 { next }
    { n++; N = $12; t = $1 * dt; e = ($3 + $5) / N
      if (n == 1) e0 = e
      st += t; se += e; stt += t * t; ste += t * e
      d = e - e0; if (d < 0) d = -d; if (d > maxdev) maxdev = d; tmax = t; tmin = (n == 1 ? t : tmin) }
    END {
      slope = (n * ste - st * se) / (n * stt - st * st)
      drift = slope * (tmax - tmin)
      printf "NVE LJ liquid, seed %s: N = %d, %d steps, dt* = 0.005, E/N at start = %.8f\n", seed, N, (tmax - tmin) / dt, e0 > "/dev/stderr"
      printf "  drift of E/N (linear fit x run length) = %.3e epsilon, largest |E/N - E0/N| = %.3e epsilon\n", drift, maxdev > "/dev/stderr"
      printf "%.6e\n", drift
    }' "$work/nve.res")
  drifts="$drifts $drift"
done
echo "$drifts" | awk -v limit="$limit" '{
    for (i = 1; i <= NF; i++) s += $i * $i
    rms = sqrt(s / NF)
    printf "NVE drift over %d seeds: root mean square %.3e epsilon (limit %g)\n", NF, rms, limit
    print (rms < limit ? "NVE drift: PASS" : "NVE drift: FAIL")
    exit (rms < limit ? 0 : 1)
  }'
