#!/usr/bin/env bash
# GPU benchmark of the library's CUDA and OpenCL platforms against OpenMM's (8.6.1 from PyPI), in one run on
# the same GPU: the LJ fluid at N = 32,000, 256,000 and 1,048,576 and a box of 98,304 water-like atoms, flexible
# (0.5 fs), rigid (constrained, 2 fs) and rigid with PME (LangevinMiddle, 2 fs) (GpuSystemsBenchmark.cpp / gpu_systems_peer.py build the same systems),
# single and mixed precision.
# Prints one table (particle-steps per second, the ratio to OpenMM on the same platform and precision, and the
# ratio to OpenMM's CUDA platform in the same precision, where CUDA ran first in PLATFORMS).
#   usage: validation/openmm/gpu-bench.sh BUILD_DIR OPENMM_PYTHONPATH [OUT_FILE]
#   env: PLATFORMS="CUDA OpenCL", PRECISIONS="single mixed", LJ_CELLS="20 40 64", WATER_CELLS=32
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
peer=$2
out=${3:-/dev/stdout}
bin=$build/gpu_systems_benchmark
g++ -std=c++17 -O2 -o "$bin" "$here/GpuSystemsBenchmark.cpp" -I"$root/src/openmm/api/include" \
  -I"$root/src/openmm/olla/include" -L"$build/lib" -Wl,-rpath,"$build/lib" -lOpenMM || exit 1
rate() { sed -n 's/.*particle_steps_per_s=\([^ ]*\).*/\1/p'; }
rows=()
declare -A cudaRate  # OpenMM's CUDA rate by precision and system
for platform in ${PLATFORMS:-CUDA OpenCL}; do
  for precision in ${PRECISIONS:-single mixed}; do
    for system in $(for c in ${LJ_CELLS:-20 40 64}; do echo "lj:$c"; done) "water:${WATER_CELLS:-32}" "rigid:${WATER_CELLS:-32}" "pme:${WATER_CELLS:-32}"; do
      model=${system%%:*} cells=${system##*:}
      theirs=$(env -u OPENMM_PLUGIN_DIR PYTHONPATH=$peer timeout 300 python3 "$here/gpu_systems_peer.py" $platform $precision $model $cells 2>&1 | tail -1)
      ours=$(OPENMM_PLUGIN_DIR=$build/lib/plugins timeout 300 "$bin" $platform $precision $model $cells 2>&1 | tail -1)
      n=$(echo "$ours" | sed -n 's/.*particles=\([0-9]*\).*/\1/p')
      a=$(echo "$ours" | rate) b=$(echo "$theirs" | rate)
      ratio=$( [ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
      [ "$platform" = CUDA ] && [ -n "$b" ] && cudaRate[$precision:$system]=$b
      c=${cudaRate[$precision:$system]:-}
      vsCuda=$( [ -n "$a" ] && [ -n "$c" ] && awk -v a="$a" -v c="$c" 'BEGIN { printf "%.2f", a / c }')
      rows+=("$(printf '%-7s %-7s %-6s %9s %12s %12s %6s %9s' $platform $precision $model "${n:-?}" "${a:-failed}" "${b:-failed}" "${ratio:-}" "${vsCuda:-}")")
      echo "${rows[-1]}" >&2
      [ -n "$a" ] || echo "  ours: $ours" >&2
      [ -n "$b" ] || echo "  OpenMM: $theirs" >&2
    done
  done
done
{
  echo "machine: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  printf '%-7s %-7s %-6s %9s %12s %12s %6s %9s\n' platform prec system N "this library" "OpenMM 8.6" ratio "/OMM CUDA"
  printf '%s\n' "${rows[@]}"
} > "$out"
