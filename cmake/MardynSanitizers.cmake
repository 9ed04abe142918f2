# MARDYN_SANITIZE: everything compiled and linked with AddressSanitizer and UndefinedBehaviorSanitizer
# (any UB report is fatal). scripts/run-sanitized-tests.sh builds the CPU suite this way and runs it
# with LeakSanitizer suppressions for Open MPI's own allocations (scripts/sanitizer/lsan-openmpi.supp).
#
# MARDYN_FUZZ: libFuzzer targets of the input readers (src/fuzz), built with clang; see
# scripts/run-fuzzers.sh.
option(MARDYN_SANITIZE "Build with -fsanitize=address,undefined" OFF)
option(MARDYN_FUZZ "Build the libFuzzer targets of the input readers (clang)" OFF)

if(MARDYN_SANITIZE OR MARDYN_FUZZ)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
if(MARDYN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MARDYN_FUZZ needs clang (libFuzzer), e.g. CXX=clang++-14 CC=clang-14")
  endif()
  # Coverage for the fuzzers everywhere; the fuzzer's main() only in the fuzz targets.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
