#!/usr/bin/env bash
# Builds CompareForces.cpp against Debian's OpenMM 7.7 and against this project's library, runs both on the
# Reference and CPU platforms and compares every printed number (energies and force
# components) with OpenMM 7.7's Reference platform to 1e-9 relative. Exits non-zero on a mismatch.
#   usage: validation/openmm/compare-forces.sh [build-dir]     (default: build)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/peer-common.sh"
peer_build forces "$HERE/CompareForces.cpp"
peer_run forces
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
def load(name):
    return {line.split()[0]: float(line.split()[1]) for line in open(f"{work}/forces_{name}.txt")}
ref, failed = load("77"), False
results = {p: load(p) for p in ("Reference", "CPU")}
for p, ours in results.items():
    if ours.keys() != ref.keys():
        print(p, "prints other quantities than OpenMM"); failed = True
# Per system: the energy, and the largest deviation of energy and force components relative to max(|value|, 1).
print(f"{'system':24s} {'OpenMM 7.7 Reference energy':>28s} {'Reference':>10s} {'CPU':>10s}")
for system in dict.fromkeys(key.split('.')[0] for key in ref):
    row = []
    for p in ("Reference", "CPU"):
        dev = max(abs(ref[k] - results[p][k]) / max(abs(ref[k]), 1.0) for k in ref if k.split('.')[0] == system)
        failed |= dev > 1e-9
        row.append(f"{dev:10.2e}")
    print(f"{system:24s} {ref[system + '.energy']:28.17g} {row[0]} {row[1]}")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
