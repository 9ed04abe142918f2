# libFuzzer targets of the input readers (MARDYN_FUZZ, clang): mardyn_fuzz_xml (the XML configuration
# with its includes and the files it names), mardyn_fuzz_phasespace (the ASCII phase space) and
# mardyn_fuzz_binary (ls1's binary phase space: header and records).
# scripts/run-fuzzers.sh builds them, seeds them from input/ (and ls1-mardyn's examples when present)
# and runs each for a bounded time.
if(NOT MARDYN_FUZZ)
  return()
endif()
foreach(_fuzzer xml:XmlConfigFuzzer phasespace:PhaseSpaceFuzzer binary:BinaryPhaseSpaceFuzzer)
  string(REPLACE ":" ";" _parts ${_fuzzer})
  list(GET _parts 0 _name)
  list(GET _parts 1 _source)
  add_executable(mardyn_fuzz_${_name} ${PROJECT_SOURCE_DIR}/src/fuzz/${_source}.cpp)
  target_link_libraries(mardyn_fuzz_${_name} PRIVATE mardyn_core)
  target_link_options(mardyn_fuzz_${_name} PRIVATE -fsanitize=fuzzer)
  set_target_properties(mardyn_fuzz_${_name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
endforeach()
