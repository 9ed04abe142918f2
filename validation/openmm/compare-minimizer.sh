#!/usr/bin/env bash
# Builds CompareMinimizer.cpp against Debian's OpenMM 7.7 and against this project's library and minimizes the
# 216-water box from SEEDS starts (seed 0 and starts moved by up to 1e-5 nm) on OpenMM 7.7's Reference platform
# (tolerance 10: its root-mean-square per-particle force) and on this library's PLATFORMS (tolerance 10/sqrt(3),
# the same criterion per force component). Exits non-zero if a platform's mean energy lies more than 0.5 % above
# OpenMM 7.7's, its residual force projected onto the constraints exceeds the tolerance, or a constraint is off
# by more than twice the integrator's tolerance (1e-6).
#   usage: [SEEDS=4] [PLATFORMS="Reference CPU OpenCL:single OpenCL:mixed OpenCL:double"] \
#          validation/openmm/compare-minimizer.sh [build-dir]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/peer-common.sh"
SEEDS="${SEEDS:-4}"
PLATFORMS="${PLATFORMS:-Reference CPU OpenCL:single OpenCL:mixed OpenCL:double}"
peer_build minimizer "$HERE/CompareMinimizer.cpp"
run() { # label, command...
  local label="$1"; shift
  for seed in $(seq 0 $((SEEDS - 1))); do
    echo "$label $seed $("$@" "$seed" ${PRECISION:-} | awk '{printf "%s ", $2}')"
  done
}
{
  (unset OPENMM_PLUGIN_DIR; run 77Reference "$WORK/minimizer_openmm77" Reference 10)
  for p in $PLATFORMS; do
    PRECISION="${p#*:}"; [ "$PRECISION" = "$p" ] && PRECISION=""
    OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" PRECISION="$PRECISION" run "$p" "$WORK/minimizer_project" "${p%%:*}" 5.7735
  done
} > "$WORK/minimizer.txt"
python3 - "$WORK/minimizer.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    # initial minimized rms_projected max_projected constraint_error energy_after_10_steps seconds
    rows.setdefault(f[0], []).append([float(v) for v in f[2:]])
ref = statistics.mean(r[1] for r in rows["77Reference"])
failed = False
print(f"{'platform':16s} {'energies per start':48s} {'mean':>10s} {'max rms F':>9s} {'max err':>8s} {'s/run':>6s}")
for name, runs in rows.items():
    mean = statistics.mean(r[1] for r in runs)
    rms, err = max(r[2] for r in runs), max(r[4] for r in runs)
    print(f"{name:16s} {' '.join(f'{r[1]:.1f}' for r in runs):48s} {mean:10.1f} {rms:9.2f} {err:8.1e} "
          f"{statistics.mean(r[6] for r in runs):6.1f}")
    if name != "77Reference":
        failed |= mean > ref + 0.005 * abs(ref) or rms > 5.7735 or err > 2e-6
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
