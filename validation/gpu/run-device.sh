#!/usr/bin/env bash
# GPU-machine validation of the GPU decorator in one batch, most important first (partial results
# stay in the output folder if the time runs out): build, the gpu test suites (CUDA and OpenCL), the
# Argon and CO2 ls1 examples with COMPARE_TO_CPU for 100 steps (CUDA and OpenCL) beside the CPU-only
# run, the benchmark table, compute-sanitizer memcheck/racecheck/synccheck on a small system, the
# cell-processor sweep (processor-sweep.sh, up to 5 minutes), an MPI run; on a machine with several GPUs
# the multi-GPU sections: probe (links between the GPUs, peer access, whether MPI is CUDA-aware),
# mpitests (the halo-exchange suites and mpirun against one rank, one GPU per rank), mpisanitizer
# (compute-sanitizer on every rank of a 2-GPU run through the device-to-device path) and multigpu
# (bench-multigpu.sh: the scaling table and the phase profile).
# Usage (repository root, after `source .device/setup.sh`): validation/gpu/run-device.sh [outdir]
# MARDYN_LS1_EXAMPLES: folder holding Argon/ and CO2/ of the ls1-mardyn examples.
# MARDYN_GPU_SECTIONS: the sections to run after the build, default
#   "tests longsingle nve examples bench sanitizer sweep mpi" (all of them take more than 10 minutes: pick
#   some; probe mpitests mpisanitizer multigpu are asked for by name). MARDYN_OPENMM_PATH: a PYTHONPATH with
#   OpenMM 8.6.1 (the bench's peer rows). MARDYN_GPU_PREBUILT: a folder with mardyn and mardyn_gpu_tests
#   built elsewhere; used instead of a build when they start here.
set -u
# Six files go to the output folder (summary.txt, tests.txt, bench.txt, sanitizer.txt, sweep.txt,
# build.txt); the per-run logs stay in $WORK.
OUTDIR=${1:-${OUT:-/tmp/gpu-out}}
WORK=/tmp/gpu-validation
mkdir -p "$OUTDIR" "$WORK"
ROOT=$(pwd)
SRC=/tmp/mardyn-src
BUILD=${MARDYN_GPU_BUILD:-/tmp/mardyn-build}   # an existing build folder with MARDYN_GPU_SKIP_BUILD=1
BE=${MARDYN_GPU_BACKEND:-cuda}                # the backend of the benchmark, sanitizer and MPI runs
NS=${MARDYN_GPU_BENCH_SCALE:-1}                # divides the benchmark's molecule counts (dry runs)
ST=${MARDYN_GPU_EXAMPLE_STEPS:-100}            # steps of the example runs
EX=${MARDYN_LS1_EXAMPLES:-$ROOT/../shared/ls1-examples}
SECTIONS=" ${MARDYN_GPU_SECTIONS:-tests longsingle nve examples bench sanitizer sweep mpi} "
S="$OUTDIR/summary.txt"
log() { echo "== $(date +%T) $*" | tee -a "$S"; }
want() { case "$SECTIONS" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

if [ -n "${MARDYN_GPU_PREBUILT:-}" ] && "$MARDYN_GPU_PREBUILT/mardyn" --version > "$WORK/prebuilt.txt" 2>&1 &&
   grep -q "GPU: yes" "$WORK/prebuilt.txt"; then
  BUILD=$(cd "$MARDYN_GPU_PREBUILT" && pwd)
  MARDYN_GPU_SKIP_BUILD=1
  log "using the binaries in $BUILD: $(head -1 "$WORK/prebuilt.txt")"
fi
if [ -z "${MARDYN_GPU_SKIP_BUILD:-}" ]; then
  # The platform library is not needed here: build from a copy without it (or from a source
  # archive, e.g. `git archive` of a commit, named by MARDYN_GPU_SOURCE_TAR).
  rm -rf "$SRC" && mkdir -p "$SRC"
  if [ -n "${MARDYN_GPU_SOURCE_TAR:-}" ]; then
    tar -xzf "$MARDYN_GPU_SOURCE_TAR" -C "$SRC" && rm -rf "$SRC/src/openmm"
  else
    tar --exclude=./src/openmm --exclude='./build*' --exclude=./.git --exclude=./.device -cf - . | tar -xf - -C "$SRC"
  fi
  log "configure + build"
  cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$WORK/build.txt" 2>&1 || { tail -30 "$WORK/build.txt" > "$OUTDIR/build.txt"; exit 1; }
  cmake --build "$BUILD" -j"$(nproc)" -- -k 0 mardyn_gpu_tests mardyn ${MARDYN_GPU_BUILD_TARGETS:-mardyn_gpu_bench} \
    >> "$WORK/build.txt" 2>&1
  { grep -E "MarDyn|CUDA|OpenCL" "$WORK/build.txt" | head -8; grep -B2 -A10 " error" "$WORK/build.txt" | head -60; tail -2 "$WORK/build.txt"; } > "$OUTDIR/build.txt"
fi

want tests && log "tests"
want tests && for s in LinkedCellsGPUDecoratorTest GpuTimeStepTest GpuMixtureTest GpuChargeModelTest \
                      GpuDipolarModelTest GpuQuadrupolarModelTest GpuWarpBlockTest GpuAutoTuneTest GpuOptionsTest \
                      GpuHaloExchangeTest GpuEmptySystemTest; do
  start=$SECONDS
  (cd "$BUILD" && MARDYN_SOURCE_DIR=$ROOT timeout 150 ./mardyn_gpu_tests $s > "$WORK/test-$s.txt" 2>&1)
  echo "$s rc=$? $((SECONDS - start)) s: $(tail -1 "$WORK/test-$s.txt")" | tee -a "$S"
  { echo "### $s"; grep -v "^$" "$WORK/test-$s.txt" | grep -v "skipped backend" | head -150; } >> "$OUTDIR/tests.txt"
done
want tests && for t in kill-restart mpi-one-rank; do
  if [ $t = kill-restart ]; then a=("$BUILD/mardyn" "$WORK/$t"); else a=("$BUILD/mardyn" mpirun "$ROOT" "$WORK/$t"); fi
  timeout 200 "$ROOT/src/gpu/tests/scripts/$t.sh" "${a[@]}" > "$WORK/test-$t.txt" 2>&1
  echo "$t rc=$? $(tail -1 "$WORK/test-$t.txt")" | tee -a "$S"
  { echo "### $t"; cat "$WORK/test-$t.txt"; } >> "$OUTDIR/tests.txt"
done

# A single-precision run of a large system must not stop on a false alarm: N = 256,000, 1,000 steps.
want longsingle && log "single precision, N = 256,000, 1000 steps (no false 'outside its cell' alarm)"
want longsingle && for proc in threadBlock warpBlock verletList; do
  "$ROOT/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 $((40 / NS)) 1000 0 false none 1000 generator > "$WORK/single.xml"
  (cd "$WORK" && timeout 120 "$BUILD/mardyn" single.xml --gpu-backend $BE --precision single --cell-processor $proc \
     -i 500 --final-checkpoint 0 -p single > "$WORK/single-$proc.txt" 2>&1)
  echo "single $proc rc=$? $(grep -E 'Simstep = 1000|error' "$WORK/single-$proc.txt" | head -1)" | tee -a "$S"
done

# NVE energy drift of the device's time step in mixed precision against the CPU's (validation/lj/run-nve.sh).
want nve && log "NVE drift, 4000 atoms, 10^4 steps, CPU and GPU mixed"
want nve && for args in "" "--gpu-backend $BE --precision mixed --cell-processor verletList"; do
  NVE_ARGS="$args" WORKDIR="$WORK/nve" timeout 200 "$ROOT/validation/lj/run-nve.sh" "$BUILD" > "$WORK/nve.txt" 2>&1
  echo "NVE ${args:-CPU}: $(grep -E 'root mean square' "$WORK/nve.txt")" | tee -a "$S"
done

want examples && log "ls1 examples, 100 steps, COMPARE_TO_CPU"
want examples && for ex in Argon/200K_18mol_l CO2/370K_15mol_l; do
  for be in cuda opencl; do
    d=$(mktemp -d)
    name=$(echo $ex | cut -d/ -f1)-$be
    (cd "$d" && MARDYN_GPU_OPTIONS=compareToCpu=1 timeout 60 "$BUILD/mardyn" "$EX/$ex/config.xml" --gpu-backend $be \
       --precision double --steps $ST > out.txt 2>&1; echo "rc=$?" >> out.txt)
    grep -E "GPU vs CPU" "$d/out.txt" | awk 'BEGIN {mf=0; mt=0} {f=$8; if (f>mf) mf=f; t=$13; if (t>mt) mt=t} END {print "max force dev " mf ", max torque dev " mt ", checks " NR}' > "$WORK/example-$name.txt"
    grep -E "GPU decorator|Simstep = $ST\b|rc=|error" "$d/out.txt" | head -6 >> "$WORK/example-$name.txt"
    if [ $be = $BE ]; then
      (cd "$d" && timeout 60 "$BUILD/mardyn" "$EX/$ex/config.xml" --steps $ST 2>&1 | grep -E "Simstep = $ST\b" | sed 's/^/cpu only: /' >> "$WORK/example-$name.txt")
      (cd "$d" && timeout 60 "$BUILD/mardyn" "$EX/$ex/config.xml" --gpu-backend $BE --precision mixed --steps $ST 2>&1 | grep -E "Simstep = $ST\b|Timers|forces" | sed 's/^/gpu mixed, no check: /' >> "$WORK/example-$name.txt")
    fi
    echo "$name: $(tr '\n' ' ' < "$WORK/example-$name.txt")" | tee -a "$S"
    rm -rf "$d"
  done
done

want bench && log "benchmark (bench-resident.sh: mardyn --gpu against OpenMM on this GPU and mpirun on its CPUs)"
want bench && BACKEND=$BE OPENMM_PATH=${MARDYN_OPENMM_PATH:-} timeout 540 "$ROOT/validation/gpu/bench-resident.sh" "$BUILD" \
  "$OUTDIR/bench.txt" 2> "$WORK/bench-log.txt"
want bench && cat "$OUTDIR/bench.txt" >> "$S"

want sanitizer && log "compute-sanitizer (double, one step: reference/threadBlock 600 molecules, warp-block 2000)"
# The CUDA backend probes cuFuncGetParamInfo one index past a kernel's last parameter to learn the
# parameter count (the driver API has no call for it); that expected CUDA_ERROR_INVALID_VALUE is an API
# return code, not a memory error, so API errors are left out of the reports. The warp-block processors
# run on 2000 molecules (125 cells: many jobs for the scheduler), at their default block size and with
# 256 threads (eight warps of a block sharing the job pool), warpBlockCached also deterministic
# (ordered commits). Each set: molecules, processors, deterministic.
want sanitizer && for tool in memcheck racecheck synccheck; do
  for set in "600 reference,threadBlock,verletList 0" \
             "2000 warpBlock,warpBlock/256,warpBlockCached,warpBlockCached/256 0" \
             "2000 warpBlockCached,warpBlockCached/256 1"; do
    read -r n procs det <<< "$set"
    f="$WORK/sanitizer-$tool-$n-$det.txt"
    timeout 150 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 3 "$BUILD/mardyn_gpu_bench" \
      --n $n --steps 1 --backend $BE --cpu 0 --precisions double --processors $procs --deterministic $det > "$f" 2>&1
    echo "$tool $procs det=$det rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | head -1)" | tee -a "$S"
    { echo "### $tool $procs det=$det"; grep -E "^lj|^# " "$f"; grep -v -E "^lj|^# " "$f" | tail -25; } \
      >> "$OUTDIR/sanitizer.txt"
  done
done

if want sweep; then
  log "cell-processor sweep (processor-sweep.sh; MARDYN_GPU_BENCH_SCALE divides its N too)"
  MARDYN_GPU_BACKEND=$BE timeout 320 "$ROOT/validation/gpu/processor-sweep.sh" "$BUILD/mardyn_gpu_bench" \
    "$WORK/sweep-raw.txt" > "$OUTDIR/sweep.txt" 2>&1
  rc=$?
  { echo "sweep rc=$rc, $(grep -c -E '^ *[0-9]' "$OUTDIR/sweep.txt") rows"; sed -n '/fastest kernel/,$p' "$OUTDIR/sweep.txt"; } | tee -a "$S"
fi

if want mpi; then
  log "MPI, 2 ranks sharing the GPU, Argon 20 steps"
  d=$(mktemp -d)
  (cd "$d" && MARDYN_GPU_OPTIONS=compareToCpu=1 timeout 40 mpirun -np 2 -x OCL_ICD_FILENAMES -x MARDYN_GPU_OPTIONS "$BUILD/mardyn" \
     "$EX/Argon/200K_18mol_l/config.xml" --gpu-backend $BE --precision double --steps 20 > mpi.txt 2>&1; echo "rc=$?" >> mpi.txt
   timeout 40 "$BUILD/mardyn" "$EX/Argon/200K_18mol_l/config.xml" --steps 20 > cpu.txt 2>&1)
  echo "mpi+gpu: $(grep -E 'Simstep = 20\b' "$d/mpi.txt") $(grep rc= "$d/mpi.txt"), checks $(grep -c 'GPU vs CPU' "$d/mpi.txt")" | tee -a "$S"
  echo "cpu    : $(grep -E 'Simstep = 20\b' "$d/cpu.txt")" | tee -a "$S"
fi
if want probe; then
  log "probe: GPUs, their links, peer access, MPI"
  { nvidia-smi -L; nvidia-smi topo -m
    python3 -c "import torch; n = torch.cuda.device_count(); print('peer access:', ' '.join(f'{i}->{j}:{int(torch.cuda.can_device_access_peer(i, j))}' for i in range(n) for j in range(n) if i != j))"
    ompi_info --parsable --all 2>/dev/null | grep -E "mpi_built_with_cuda_support|ompi:version:full" | head -3
  } > "$OUTDIR/probe.txt" 2>&1
  grep -E "peer access|cuda_support" "$OUTDIR/probe.txt" | tee -a "$S"
fi

if want mpitests; then
  log "multi-GPU tests (one GPU per rank under mpirun)"
  for s in ${MARDYN_GPU_MPI_SUITES:-GpuHaloExchangeTest GpuEmptySystemTest}; do
    start=$SECONDS
    (cd "$BUILD" && MARDYN_SOURCE_DIR=$ROOT timeout ${MARDYN_GPU_SUITE_TIMEOUT:-150} ./mardyn_gpu_tests $s > "$WORK/test-$s.txt" 2>&1)
    echo "$s rc=$? $((SECONDS - start)) s: $(tail -1 "$WORK/test-$s.txt")" | tee -a "$S"
    { echo "### $s"; grep -v "^$" "$WORK/test-$s.txt" | head -80; } >> "$OUTDIR/tests.txt"
  done
  start=$SECONDS
  timeout ${MARDYN_GPU_SUITE_TIMEOUT:-150} "$ROOT/src/gpu/tests/scripts/mpi-one-rank.sh" "$BUILD/mardyn" mpirun "$ROOT" "$WORK/mpi-one-rank" \
    > "$WORK/test-mpi-one-rank.txt" 2>&1
  echo "mpi-one-rank rc=$? $((SECONDS - start)) s" | tee -a "$S"
  { echo "### mpi-one-rank"; cat "$WORK/test-mpi-one-rank.txt"; } >> "$OUTDIR/tests.txt"
fi

if want multigpu; then
  log "multi-GPU benchmark (bench-multigpu.sh)"
  timeout "${MARDYN_GPU_MULTI_TIMEOUT:-400}" "$ROOT/validation/gpu/bench-multigpu.sh" "$BUILD" "$OUTDIR/multigpu.txt" \
    "$OUTDIR/phases.txt" 2> "$WORK/multigpu-log.txt"
  echo "multigpu rc=$?" | tee -a "$S"
  cat "$OUTDIR/multigpu.txt" >> "$S" 2>/dev/null || tail -20 "$WORK/multigpu-log.txt" | tee -a "$S"
fi
if want mpisanitizer; then
  log "compute-sanitizer on both ranks of a 2-GPU run (device-to-device halo, 30 steps, LJ 4000, mixed)"
  "$ROOT/validation/lj/lj-config.sh" NVE 0.8442 1.44 2.5 10 30 0 false none 30 generator > "$WORK/san.xml"
  for tool in ${MARDYN_GPU_SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
    f="$WORK/mpisan-$tool.txt"
    (cd "$WORK" && timeout ${MARDYN_GPU_SUITE_TIMEOUT:-150} mpirun -np 2 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 3 \
       "$BUILD/mardyn" san.xml --gpu-backend cuda --precision mixed -i 10 --final-checkpoint 0 -p san > "$f" 2>&1)
    echo "$tool rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | tr '\n' ' ') $(grep -o 'GPU halo exchange: [^(]*' "$f" | head -1)" | tee -a "$S"
    { echo "### $tool"; grep -v "^$" "$f" | tail -30; } >> "$OUTDIR/sanitizer.txt"
  done
fi

log "done"
