#!/usr/bin/env bash
# GPU-machine validation of the GPU decorator in one batch: build, the gpu test suites (CUDA and
# OpenCL), compute-sanitizer memcheck/racecheck on a small system, the Argon and CO2 ls1 examples with
# COMPARE_TO_CPU for 100 steps on CUDA and on OpenCL, and the benchmark table.
# Usage (repository root, after `source .device/setup.sh`): validation/gpu/run-device.sh [outdir]
set -u
OUTDIR=${1:-${OUT:-/tmp/gpu-out}}
mkdir -p "$OUTDIR"
ROOT=$(pwd)
SRC=/tmp/mardyn-src
BUILD=/tmp/mardyn-build
EX=${MARDYN_LS1_EXAMPLES:-$ROOT/validation/gpu/ls1-examples}
log() { echo "== $(date +%T) $*" | tee -a "$OUTDIR/summary.txt"; }

# The platform library is not needed here: build from a copy without it.
rm -rf "$SRC" && mkdir -p "$SRC"
tar --exclude=./src/openmm --exclude='./build*' --exclude=./.git --exclude=./.device -cf - . | tar -xf - -C "$SRC"
log "configure"
cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUTDIR/build.txt" 2>&1 || { tail -30 "$OUTDIR/build.txt"; exit 1; }
log "build"
cmake --build "$BUILD" -j16 -- -k 0 mardyn_gpu_tests mardyn mardyn_gpu_bench >> "$OUTDIR/build.txt" 2>&1 || grep -B2 -A10 "error" "$OUTDIR/build.txt" | head -40

log "tests"
for s in LinkedCellsGPUDecoratorTest GpuChargeModelTest GpuDipolarModelTest GpuQuadrupolarModelTest GpuMixtureTest; do
  start=$SECONDS
  (cd "$BUILD" && timeout 150 ./mardyn_gpu_tests $s > "$OUTDIR/test-$s.txt" 2>&1)
  rc=$?
  echo "$s rc=$rc $((SECONDS - start)) s $(tail -1 "$OUTDIR/test-$s.txt")" | tee -a "$OUTDIR/summary.txt"
done
cat "$OUTDIR"/test-*.txt | grep "gpu test" > "$OUTDIR/tests.txt"

log "compute-sanitizer"
for tool in memcheck racecheck; do
  for p in reference threadBlock; do
    [ $tool = racecheck ] && [ $p = reference ] && continue  # no shared memory in the reference processor
    timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 "$BUILD/mardyn_gpu_bench" --n 600 --steps 1 \
      --backend cuda --cpu 0 --precisions double --processors $p > "$OUTDIR/sanitizer-$tool-$p.txt" 2>&1
    echo "$tool $p rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUTDIR/sanitizer-$tool-$p.txt" | head -1)" | tee -a "$OUTDIR/summary.txt"
  done
done

log "ls1 examples, 100 steps, COMPARE_TO_CPU"
for ex in Argon/200K_18mol_l CO2/370K_15mol_l; do
  for be in cuda opencl; do
    d=$(mktemp -d)
    (cd "$d" && MARDYN_GPU_OPTIONS=compareToCpu=1 timeout 120 "$BUILD/mardyn" "$EX/$ex/config.xml" --gpu-backend $be \
       --precision double --steps 100 > out.txt 2>&1; echo "rc=$?" >> out.txt)
    name=$(echo $ex | cut -d/ -f1)-$be
    grep -E "GPU vs CPU" "$d/out.txt" | awk '{f=$8; if (f>mf) mf=f; t=$13; if (t>mt) mt=t} END {print "max force dev " mf ", max torque dev " mt ", checks " NR}' > "$OUTDIR/example-$name.txt"
    grep -E "GPU decorator|Simstep = (0|100)\b|rc=|error" "$d/out.txt" | head -8 >> "$OUTDIR/example-$name.txt"
    [ $be = cuda ] && (cd "$d" && timeout 120 "$BUILD/mardyn" "$EX/$ex/config.xml" --steps 100 2>&1 | grep -E "Simstep = 100\b" | sed 's/^/cpu only: /' >> "$OUTDIR/example-$name.txt")
    echo "$name: $(tr '\n' ' ' < "$OUTDIR/example-$name.txt")" | tee -a "$OUTDIR/summary.txt"
    rm -rf "$d"
  done
done

log "MPI, 2 ranks on the GPU, Argon 20 steps vs the serial CPU run"
d=$(mktemp -d)
(cd "$d" && timeout 60 mpirun -np 2 -x OCL_ICD_FILENAMES -x MARDYN_GPU_OPTIONS=compareToCpu=1 "$BUILD/mardyn" \
   "$EX/Argon/200K_18mol_l/config.xml" --gpu-backend cuda --precision double --steps 20 > mpi.txt 2>&1; echo "rc=$?" >> mpi.txt
 timeout 60 "$BUILD/mardyn" "$EX/Argon/200K_18mol_l/config.xml" --steps 20 > cpu.txt 2>&1)
echo "mpi+gpu: $(grep -E 'Simstep = 20\b' "$d/mpi.txt") $(grep rc= "$d/mpi.txt") checks $(grep -c 'GPU vs CPU' "$d/mpi.txt")" | tee -a "$OUTDIR/summary.txt"
echo "cpu    : $(grep -E 'Simstep = 20\b' "$d/cpu.txt")" | tee -a "$OUTDIR/summary.txt"
rm -rf "$d"

log "benchmark"
B="$BUILD/mardyn_gpu_bench --backend cuda"
{
  timeout 150 $B --model lj --n 100000 --steps 5
  timeout 60 $B --model lj --n 100000 --steps 5 --cpu 0 --processors threadBlock --blockSize 32
  timeout 200 $B --model lj --n 1000000 --steps 3 --cpu 1 --precisions single,mixed,double
  timeout 60 $B --model lj --n 1000000 --steps 3 --cpu 0 --processors threadBlock --blockSize 32
  timeout 100 $B --model co2 --n 100000 --density 0.4 --steps 5 --cpu 0
  timeout 60 "$BUILD/mardyn_gpu_bench" --backend opencl --model lj --n 100000 --steps 3 --cpu 0 --precisions mixed
} > "$OUTDIR/bench.txt" 2>&1
cat "$OUTDIR/bench.txt" | tee -a "$OUTDIR/summary.txt"
