#!/usr/bin/env bash
# OpenMM's own DHFR 'pme' benchmark System (23,558 atoms, PME, bonds to hydrogen constrained, rigid water,
# LangevinMiddle at 4 fs) on this library's and OpenMM 8.6.1's GPU platforms, in one run on the same GPU: one C++
# source (SerializedSystemBenchmark.cpp) built against each library reads the same files written by OpenMM's
# XmlSerializer (export_dhfr.py makes them from the PDB file in OpenMM's sources). Prints one table: the potential
# energy each read (they must agree to 1e-5 relative in mixed precision, else the row is marked), particle-steps
# per second, ns/day, the ratio to OpenMM on the same platform and precision, and the ratio to OpenMM's CUDA
# platform in the same precision (where CUDA ran first in PLATFORMS).
#   usage: validation/openmm/dhfr-bench.sh BUILD_DIR OPENMM_TARGET XML_DIR [OUT_FILE]
#   OPENMM_TARGET: where `pip install --target` put the openmm wheel (its OpenMM.libs holds headers and library)
#   env: PLATFORMS="CUDA OpenCL", PRECISIONS="mixed", STEPS=2000
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
peer=$(cd "$2" && pwd)/OpenMM.libs
xml=$(cd "$3" && pwd)
out=${4:-/dev/stdout}
for f in system.xml state.xml; do
  [ -f "$xml/$f" ] || { echo "dhfr-bench.sh: $xml/$f is missing (make it with export_dhfr.py)" >&2; exit 2; }
done
ours=$build/serialized_system_benchmark theirs=$build/serialized_system_benchmark_openmm
g++ -std=c++17 -O2 -o "$ours" "$here/SerializedSystemBenchmark.cpp" -I"$root/src/openmm/api/include" \
  -I"$root/src/openmm/olla/include" -L"$build/lib" -Wl,-rpath,"$build/lib" -lOpenMM || exit 1
g++ -std=c++17 -O2 -o "$theirs" "$here/SerializedSystemBenchmark.cpp" -I"$peer/include" -L"$peer/lib" \
  -Wl,-rpath,"$peer/lib" -lOpenMM || exit 1
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }
rows=()
declare -A cudaRate  # OpenMM's CUDA rate by precision
status=0
for platform in ${PLATFORMS:-CUDA OpenCL}; do
  for precision in ${PRECISIONS:-mixed}; do
    a=$(OPENMM_PLUGIN_DIR=$build/lib/plugins timeout 600 "$ours" $platform $precision "$xml/system.xml" "$xml/state.xml" ${STEPS:-2000} 2>&1 | tail -1)
    b=$(OPENMM_PLUGIN_DIR=$peer/lib/plugins timeout 600 "$theirs" $platform $precision "$xml/system.xml" "$xml/state.xml" ${STEPS:-2000} 2>&1 | tail -1)
    ra=$(echo "$a" | field particle_steps_per_s) rb=$(echo "$b" | field particle_steps_per_s)
    ea=$(echo "$a" | field initial_potential_energy) eb=$(echo "$b" | field initial_potential_energy)
    ratio=$( [ -n "$ra" ] && [ -n "$rb" ] && awk -v a="$ra" -v b="$rb" 'BEGIN { printf "%.3f", a / b }')
    [ "$platform" = CUDA ] && [ -n "$rb" ] && cudaRate[$precision]=$rb
    c=${cudaRate[$precision]:-}
    vsCuda=$( [ -n "$ra" ] && [ -n "$c" ] && awk -v a="$ra" -v c="$c" 'BEGIN { printf "%.3f", a / c }')
    agree=$( [ -n "$ea" ] && [ -n "$eb" ] && awk -v a="$ea" -v b="$eb" 'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= 1e-5 * (b < 0 ? -b : b)) ? "yes" : "NO" }')
    [ "$agree" = yes ] || status=1
    rows+=("$(printf '%-7s %-7s %16s %16s %5s %12s %12s %8s %8s %6s %9s' $platform $precision "${ea:-failed}" "${eb:-failed}" "${agree:-?}" \
      "${ra:-failed}" "${rb:-failed}" "$(echo "$a" | field ns_per_day)" "$(echo "$b" | field ns_per_day)" "${ratio:-}" "${vsCuda:-}")")
    echo "${rows[-1]}" >&2
    [ -n "$ra" ] || echo "  ours: $a" >&2
    [ -n "$rb" ] || echo "  OpenMM: $b" >&2
  done
done
{
  echo "machine: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1), DHFR 23,558 atoms, 4 fs"
  printf '%-7s %-7s %16s %16s %5s %12s %12s %8s %8s %6s %9s\n' platform prec "E0 ours" "E0 OpenMM" agree \
    "steps/s ours" "OpenMM" "ns/day" "OpenMM" ratio "/OMM CUDA"
  printf '%s\n' "${rows[@]}"
} > "$out"
exit $status
