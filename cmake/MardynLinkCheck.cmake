# The CUDA driver is only ever opened at run time: nothing built here may need libcuda.so.1 to start.
# mardyn_link_check links everything mardyn links with --no-as-needed, which keeps every library of
# the link line (as sanitizer and coverage builds and other distributions do), so a driver stub in
# any link interface would show up. The test build.NoDriverLink runs it and looks at the NEEDED
# entries and ldd's resolution of it and of every executable and shared library built.
add_executable(mardyn_link_check ${PROJECT_SOURCE_DIR}/src/tests/LinkCheckMain.cpp)
target_link_libraries(mardyn_link_check PRIVATE mardyn_core)
if(TARGET mardyn_gpu)
  target_link_libraries(mardyn_link_check PRIVATE mardyn_gpu)
endif()
target_link_options(mardyn_link_check PRIVATE "LINKER:--no-as-needed")
set_target_properties(mardyn_link_check PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})

set(_mardyn_link_checked $<TARGET_FILE:mardyn_link_check> $<TARGET_FILE:mardyn> $<TARGET_FILE:mardyn_tests>)
foreach(_target mardyn_mpi_tests mardyn_compute_tests OpenMM openmm_tests)
  if(TARGET ${_target})
    list(APPEND _mardyn_link_checked $<TARGET_FILE:${_target}>)
  endif()
endforeach()
add_test(NAME build.NoDriverLink COMMAND ${PROJECT_SOURCE_DIR}/scripts/check-no-driver-link.sh ${_mardyn_link_checked})
set_tests_properties(build.NoDriverLink PROPERTIES LABELS build)
