# Test helpers. Every test file src/<area>/tests/<Name>Test.cpp defines one CppUnit fixture
# class <Name>Test (CPPUNIT_TEST_SUITE_REGISTRATION); it is compiled into the test executable
# mardyn_tests and becomes one ctest entry "<area>.<Name>Test" that runs only that suite.

# mardyn_add_test_sources(AREA <area> SOURCES <files...> [LABELS <labels...>])
function(mardyn_add_test_sources)
  cmake_parse_arguments(ARG "" "AREA" "SOURCES;LABELS" ${ARGN})
  foreach(src IN LISTS ARG_SOURCES)
    target_sources(mardyn_tests PRIVATE ${src})
    get_filename_component(suite ${src} NAME_WE)
    if(suite MATCHES "Test$")
      add_test(NAME ${ARG_AREA}.${suite} COMMAND mardyn_tests ${suite})
      set_tests_properties(${ARG_AREA}.${suite} PROPERTIES
        LABELS "${ARG_AREA};${ARG_LABELS}"
        SKIP_RETURN_CODE 77
        ENVIRONMENT "MARDYN_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
    endif()
  endforeach()
endfunction()

# mardyn_area(<area>): compiles src/<area>/*.cpp into mardyn_core and src/<area>/tests/*.cpp
# into mardyn_tests. Used by the core areas of the application.
function(mardyn_area area)
  file(GLOB _srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${area}/*.cpp)
  if(_srcs)
    target_sources(mardyn_core PRIVATE ${_srcs})
  endif()
  file(GLOB _tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${area}/tests/*.cpp)
  if(_tests)
    mardyn_add_test_sources(AREA ${area} SOURCES ${_tests})
  endif()
endfunction()
