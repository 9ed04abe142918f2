#!/usr/bin/env bash
# Builds CompareBehaviours.cpp against Debian's OpenMM 7.7 and against this project's library, runs both on the
# Reference and CPU platforms and compares every printed number with OpenMM 7.7's Reference platform to 1e-9
# relative (index pairs exactly; the rigid LangevinMiddle trajectory to 1e-5: see README.md). Exits non-zero on a
# mismatch.
#   usage: validation/openmm/compare-behaviours.sh [build-dir]     (default: build)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/peer-common.sh"
peer_build behaviours "$HERE/CompareBehaviours.cpp"
peer_run behaviours
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
def load(name):
    return {line.split()[0]: line.split()[1:] for line in open(f"{work}/behaviours_{name}.txt")}
ref, failed = load("77"), False
print(f"{'quantity':32s} {'OpenMM 7.7 Reference':>24s} {'Reference':>10s} {'CPU':>10s}")
for platform in ("Reference", "CPU"):
    ours = load(platform)
    if ours.keys() != ref.keys():
        print(platform, "prints other quantities than OpenMM"); failed = True
results = {p: load(p) for p in ("Reference", "CPU")}
for key, values in ref.items():
    row = []
    for p in ("Reference", "CPU"):
        mine = results[p][key]
        if len(values) == 1:
            a, b = float(values[0]), float(mine[0])
            dev = abs(a - b) / max(abs(a), 1.0)
            row.append(f"{dev:10.2e}")
            failed |= dev > (1e-5 if key.startswith("langevinMiddle.") else 1e-9)
        else:
            row.append(f"{'same' if mine == values else 'DIFFERS':>10s}")
            failed |= mine != values
    print(f"{key:32s} {' '.join(values):>24s} {row[0]} {row[1]}")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
