#!/usr/bin/env bash
# Builds CompareLJPME.cpp against Debian's OpenMM 7.7 and against this project's library, runs both on the
# Reference and CPU platforms and compares with OpenMM 7.7's Reference platform: with the same explicit alpha and
# grids the energy must agree to 1e-6 relative and every force component to 1e-6 of the largest force. The run with
# parameters chosen from the error tolerance is reported (grid sizes may differ: see README.md), not required.
#   usage: validation/openmm/compare-ljpme.sh [build-dir]     (default: build)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
source "$HERE/peer-common.sh"
peer_build ljpme "$HERE/CompareLJPME.cpp"
peer_run ljpme
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
def load(name):
    return {line.split()[0]: line.split()[1:] for line in open(f"{work}/ljpme_{name}.txt")}
ref, failed = load("77"), False
for tag in ("explicit", "tolerance"):
    for key in (f"{tag}.ljpme.grid", f"{tag}.ljpme.alpha", f"{tag}.pme.grid", f"{tag}.pme.alpha"):
        print(f"{key:24s} OpenMM 7.7: {' '.join(ref[key]):28s}", "  ".join(f"{p}: {' '.join(load(p)[key])}" for p in ("Reference", "CPU")))
    forces = [k for k in ref if k.startswith(f"{tag}.force")]
    fmax = max(abs(float(ref[k][0])) for k in forces)
    for platform in ("Reference", "CPU"):
        ours = load(platform)
        e77, e = float(ref[f"{tag}.energy"][0]), float(ours[f"{tag}.energy"][0])
        de = abs(e - e77) / abs(e77)
        df = max(abs(float(ours[k][0]) - float(ref[k][0])) for k in forces) / fmax
        same = ours[f"{tag}.ljpme.grid"] == ref[f"{tag}.ljpme.grid"] and ours[f"{tag}.pme.grid"] == ref[f"{tag}.pme.grid"]
        verdict = ""
        if tag == "explicit":
            bad = de > 1e-6 or df > 1e-6 or not same
            failed |= bad
            verdict = "FAILED" if bad else "ok"
        print(f"{tag:9s} {platform:9s} energy {e:.12f} (7.7 {e77:.12f}) rel {de:.2e}; max |dF|/max|F| {df:.2e}"
              f" (max|F| {fmax:.1f}) {verdict}")
print("FAILED" if failed else "PASSED")
sys.exit(1 if failed else 0)
PY
