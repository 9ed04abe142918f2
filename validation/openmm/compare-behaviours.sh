#!/usr/bin/env bash
# Builds CompareBehaviours.cpp against Debian's OpenMM 7.7 and against this project's library, runs both on the
# Reference and CPU platforms and compares every printed number with OpenMM 7.7's Reference platform to 1e-9
# relative (index pairs exactly). Exits non-zero on a mismatch.
#   usage: validation/openmm/compare-behaviours.sh [build-dir]     (default: build)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$(realpath -m "${1:-$ROOT/build}")"
WORK="$BUILD/validation-openmm"
mkdir -p "$WORK"
[ -f /usr/include/OpenMM.h ] || { echo "Debian's OpenMM 7.7 is missing: apt-get install libopenmm-dev libopenmm-plugins" >&2; exit 2; }
cmake --build "$BUILD" -j2 --target OpenMM OpenMMCPU >/dev/null
CXX="${CXX:-g++}"
"$CXX" -std=c++17 -O2 -o "$WORK/behaviours_openmm77" "$HERE/CompareBehaviours.cpp" -lOpenMM
"$CXX" -std=c++17 -O2 -o "$WORK/behaviours_project" "$HERE/CompareBehaviours.cpp" \
  -I"$ROOT/src/openmm/api/include" -I"$ROOT/src/openmm/olla/include" -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lOpenMM
(unset OPENMM_PLUGIN_DIR; "$WORK/behaviours_openmm77" Reference > "$WORK/behaviours_77.txt")
for platform in Reference CPU; do
  OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" "$WORK/behaviours_project" "$platform" > "$WORK/behaviours_$platform.txt"
done
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
            failed |= dev > 1e-9
        else:
            row.append(f"{'same' if mine == values else 'DIFFERS':>10s}")
            failed |= mine != values
    print(f"{key:32s} {' '.join(values):>24s} {row[0]} {row[1]}")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
