#!/usr/bin/env bash
# Builds CompareSystem.cpp once against Debian's OpenMM 7.7 (libopenmm-dev) and once against this project's
# OpenMM library, runs both on the Reference and CPU platforms, and compares energies, forces and a short
# trajectory to 1e-6 relative. Prints a table; exits non-zero on a mismatch.
#   usage: validation/openmm/compare.sh [build-dir]     (default: build-openmm-cpu)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$(realpath -m "${1:-$ROOT/build-openmm-cpu}")"
WORK="$BUILD/validation-openmm"
TOLERANCE=1e-6
mkdir -p "$WORK"

[ -f /usr/include/OpenMM.h ] || { echo "Debian's OpenMM 7.7 is missing: apt-get install libopenmm-dev libopenmm-plugins" >&2; exit 2; }
if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" -j2 --target OpenMM OpenMMCPU >/dev/null

CXX="${CXX:-g++}"
"$CXX" -std=c++17 -O2 -o "$WORK/compare_openmm77" "$HERE/CompareSystem.cpp" -lOpenMM
"$CXX" -std=c++17 -O2 -o "$WORK/compare_project" "$HERE/CompareSystem.cpp" \
  -I"$ROOT/src/openmm/api/include" -I"$ROOT/src/openmm/olla/include" \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lOpenMM

for variant in 0 1; do
  for platform in Reference CPU; do
    (unset OPENMM_PLUGIN_DIR; "$WORK/compare_openmm77" "$platform" "$variant" 2 > "$WORK/openmm77_${platform}_$variant.txt")
    OPENMM_PLUGIN_DIR="$BUILD/lib/plugins" "$WORK/compare_project" "$platform" "$variant" 2 \
      > "$WORK/project_${platform}_$variant.txt"
  done
done

python3 - "$WORK" "$TOLERANCE" <<'PY'
import math, sys
work, tol = sys.argv[1], float(sys.argv[2])

def load(name):
    scalars, vectors = {}, {}
    for line in open(f"{work}/{name}.txt"):
        f = line.split()
        if f[0] in ("force", "position"):
            vectors.setdefault(f[0], []).append([float(x) for x in f[2:5]])
        else:
            scalars[f[0]] = float(f[1])
    return scalars, vectors

def deviations(test, ref):
    (ts, tv), (rs, rv) = test, ref
    out = {}
    for key in rs:
        if key == "particles":
            continue
        out[key] = abs(ts[key] - rs[key]) / max(abs(rs[key]), 1e-12)
    forces_t, forces_r = tv["force"], rv["force"]
    rms = math.sqrt(sum(sum(c * c for c in f) for f in forces_r) / len(forces_r))
    out["forces (max |dF|/|F|)"] = max(
        math.dist(a, b) / max(math.hypot(*b), 1e-3 * rms) for a, b in zip(forces_t, forces_r))
    out["positions after 20 steps (max |dr| / 1 nm)"] = max(
        math.dist(a, b) for a, b in zip(tv["position"], rv["position"]))
    return out

failed = False
worst = 0.0
print(f"{'variant':8} {'quantity':44} {'ourRef-77Ref':>13} {'ourCPU-77Ref':>13} {'ourCPU-ourRef':>13} {'77CPU-77Ref':>12}")
for variant in (0, 1):
    r77, c77 = load(f"openmm77_Reference_{variant}"), load(f"openmm77_CPU_{variant}")
    rus, cus = load(f"project_Reference_{variant}"), load(f"project_CPU_{variant}")
    a, b, c, info = deviations(rus, r77), deviations(cus, r77), deviations(cus, rus), deviations(c77, r77)
    for key in a:
        gated = max(a[key], b[key], c[key])
        worst = max(worst, gated)
        mark = "" if gated <= tol else "  MISMATCH"
        failed |= gated > tol
        print(f"{variant:<8} {key:44} {a[key]:13.2e} {b[key]:13.2e} {c[key]:13.2e} {info[key]:12.2e}{mark}")
print(f"\nlargest relative deviation of this project's platforms: {worst:.2e} (tolerance {tol:g})")
print("the last column (OpenMM 7.7's single-precision CPU platform against its Reference) is for information")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
