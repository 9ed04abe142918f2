#!/bin/bash
# Physics validation of mardyn (`make validate`): NIST Lennard-Jones reference points and NVE energy
# conservation. Usage: validation/run-validation.sh BUILD_DIR. Exits non-zero if any check fails.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
status=0
echo "== Lennard-Jones NVT vs NIST =="
"$here/lj/run-nist.sh" "$build" || status=1
echo
echo "== Lennard-Jones NVE energy drift =="
"$here/lj/run-nve.sh" "$build" || status=1
echo
[ $status -eq 0 ] && echo "validation: all checks passed" || echo "validation: FAILED"
exit $status
