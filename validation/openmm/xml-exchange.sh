#!/usr/bin/env bash
# Exchanges XML files between Debian's OpenMM 7.7 and this project's library with XmlExchange.cpp: each library
# writes a System (every Force class both have, virtual sites, a constraint, a triclinic box) and a
# CompoundIntegrator with one integrator of each kind; each library reads both files. A file must read the same
# in a library whichever library wrote it (energies per force group, forces, every integrator parameter, to 1e-12
# relative); the deviation between the two libraries on the same file is printed for information.
#   usage: validation/openmm/xml-exchange.sh [build-dir]     (default: build)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$(realpath -m "${1:-$ROOT/build}")"
WORK="$BUILD/validation-openmm-xml"
mkdir -p "$WORK"
[ -f /usr/include/OpenMM.h ] || { echo "Debian's OpenMM 7.7 is missing: apt-get install libopenmm-dev libopenmm-plugins" >&2; exit 2; }
cmake --build "$BUILD" -j2 --target OpenMM >/dev/null
CXX="${CXX:-g++}"
"$CXX" -std=c++17 -O2 -o "$WORK/xml_openmm77" "$HERE/XmlExchange.cpp" -lOpenMM
"$CXX" -std=c++17 -O2 -o "$WORK/xml_project" "$HERE/XmlExchange.cpp" \
  -I"$ROOT/src/openmm/api/include" -I"$ROOT/src/openmm/olla/include" -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lOpenMM
run77() { (unset OPENMM_PLUGIN_DIR; "$WORK/xml_openmm77" "$@"); }
runours() { OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" "$WORK/xml_project" "$@"; }
run77 write "$WORK/system_77.xml" "$WORK/integrators_77.xml"
runours write "$WORK/system_ours.xml" "$WORK/integrators_ours.xml"
for writer in 77 ours; do
  run77 read "$WORK/system_$writer.xml" "$WORK/integrators_$writer.xml" > "$WORK/read77_$writer.txt"
  runours read "$WORK/system_$writer.xml" "$WORK/integrators_$writer.xml" > "$WORK/readours_$writer.txt"
done
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
def load(name):
    return {line.split()[0]: line.split()[1:] for line in open(f"{work}/{name}.txt")}
def deviation(a, b):
    worst, mismatches = 0.0, []
    if a.keys() != b.keys():
        return float("inf"), ["different quantities printed"]
    for key, values in a.items():
        for x, y in zip(values, b[key]):
            d = abs(float(x) - float(y)) / max(abs(float(x)), 1.0)
            worst = max(worst, d)
            if d > 1e-12:
                mismatches.append(f"{key}: {x} vs {y}")
    return worst, mismatches
failed = False
for reader in ("77", "ours"):
    worst, mismatches = deviation(load(f"read{reader}_{reader}"), load(f"read{reader}_77" if reader == "ours" else f"read{reader}_ours"))
    name = "OpenMM 7.7" if reader == "77" else "this library"
    print(f"{name} reading the other library's files: largest deviation from its own files {worst:.2e}")
    for m in mismatches:
        print("  MISMATCH:", m)
    failed |= bool(mismatches)
worst, _ = deviation(load("read77_77"), load("readours_77"))
print(f"information: this library against OpenMM 7.7 on OpenMM's file, largest relative deviation {worst:.2e}")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
