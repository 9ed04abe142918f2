#!/bin/sh
# Benchmark (printed table, not a test): molecule updates per second of the vectorised (default)
# and the reference (--legacy-cell-processor) cell processors for ls1-mardyn's Argon and CO2
# examples and a 2CLJQ liquid of 23,328 molecules, with 1 and 2 MPI processes.
# Usage: validation/multisite/bench.sh [build-dir] [ls1-examples-dir]
set -e
BUILD=$(cd "${1:-build}" && pwd)
EX=${2:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/ls1-examples}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# 2CLJQ: the input/2cljq model on an 18^3 FCC lattice (23,328 molecules) at the same density.
sed -e 's|<cells>6</cells>|<cells>18</cells>|' -e 's|12.428930|37.286790|g' \
    "$ROOT/input/2cljq/config.xml" > "$WORK/2cljq-large.xml"
run() {  # name config steps np extra-args
  if [ "$4" -gt 1 ]; then
    command -v mpirun >/dev/null || { echo "| $1 | $4 | $6 | (no mpirun) |"; return; }
    launch="mpirun --allow-run-as-root --oversubscribe -np $4"
  else
    launch=""
  fi
  ups=$(cd "$WORK" && $launch "$BUILD/mardyn" --print-interval 0 --final-checkpoint 0 --steps "$3" $5 "$2" 2>&1 \
        | sed -n 's/.*Molecule updates per second: *\([0-9.e+]*\).*/\1/p' | head -1)
  echo "| $1 | $4 | $6 | $ups |"
}
echo "| system | processes | cell processor | molecule updates/s |"
echo "|---|---|---|---|"
for np in 1 2; do
  run "Argon (ls1 example)" "$EX/Argon/200K_18mol_l/config.xml" 200 $np "" vectorized
  run "Argon (ls1 example)" "$EX/Argon/200K_18mol_l/config.xml" 50 $np "--legacy-cell-processor" reference
  run "CO2 (ls1 example)" "$EX/CO2/370K_15mol_l/config.xml" 50 $np "" vectorized
  run "CO2 (ls1 example)" "$EX/CO2/370K_15mol_l/config.xml" 10 $np "--legacy-cell-processor" reference
  run "2CLJQ, 23,328 molecules" "$WORK/2cljq-large.xml" 20 $np "" vectorized
  run "2CLJQ, 23,328 molecules" "$WORK/2cljq-large.xml" 5 $np "--legacy-cell-processor" reference
done
