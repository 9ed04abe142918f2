#!/bin/bash
# compare-with-ls1.sh <ls1 MarDyn binary> <folder of an example> <config.xml> [steps, default 20]
# Runs an ls1-mardyn example for the given number of steps with ls1-mardyn and with mardyn, in a scratch
# copy of its folder (and of the folder above, for includes and relative data paths), and compares the
# per-step lines "Simstep = N  T = ..  U_pot = ..  p = .." as printed (6 significant digits). Output plugins
# that ls1 may lack in a build (VTKMoleculeWriter, TestPlugin, SysMonOutput) are removed from the copy.
set -euo pipefail
ls1=$(readlink -f "$1"); dir=$(readlink -f "$2"); cfg=$3; steps=${4:-20}
here=$(cd "$(dirname "$0")" && pwd)
mardyn=${MARDYN:-$here/../../build/mardyn}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
parent=$(dirname "$dir")
cp -r "$parent" "$work/"; chmod -R u+w "$work"
copy="$work/$(basename "$parent")/$(basename "$dir")"
cd "$copy"
python3 - "$cfg" "$steps" <<'PY'
import re, sys
cfg, steps = sys.argv[1], sys.argv[2]
s = open(cfg).read()
s = re.sub(r'<(output)?plugin name="(VTKMoleculeWriter|TestPlugin|SysMonOutput)".*?</(output)?plugin>', '', s, flags=re.S)
s = re.sub(r'(<production>\s*<steps>)\s*\d+\s*(</steps>)', r'\g<1>%s\2' % steps, s)
open(cfg, 'w').write(s)
PY
"$ls1" "$cfg" 2>&1 | grep -o "Simstep = .*" | sed 's/[[:space:]]*$//' > "$work/ls1.txt" || true
"$mardyn" "$cfg" --final-checkpoint 0 -p "$work/out" 2>&1 | grep -o "Simstep = .*" | sed 's/\t\[SI.*//; s/[[:space:]]*$//' > "$work/mardyn.txt" || true
if [ ! -s "$work/ls1.txt" ]; then
  echo "ls1-mardyn printed no step lines (a file outside the copied folders, or ls1 stopped): nothing compared"; exit 1
fi
if diff "$work/ls1.txt" "$work/mardyn.txt" > "$work/diff.txt"; then
  echo "$(wc -l < "$work/ls1.txt") step lines, all equal to ls1-mardyn's"
else
  echo "step lines differ (< ls1-mardyn, > mardyn):"; head -20 "$work/diff.txt"; exit 1
fi
