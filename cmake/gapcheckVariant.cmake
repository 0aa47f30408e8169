# gapcheck_add_variant(<name> SOURCES <rule.cpp>... [CLAIMS <claims.toml>...]
#                      [PROCESSES <process-name>...] [RC_PARAMS "<rapidcheck parameters>"])
#
# Builds a process variant written outside gapcheck's sources against the installed package:
#   <name>_gapcheck    the gapcheck command with the variant registered beside the built-ins
#                      (run, check, report, sweep, list know it by name);
#   <name>_properties  the generic property suite and the enumerated one-step laws, restricted
#                      to the variant's processes under every setting and weights they accept;
# and registers the ctest tests (label `variant`):
#   <name>_properties  the property suite;
#   <name>_claims      `<name>_gapcheck check --catalog <CLAIMS>`: fails on a FAIL of a true claim
#                      or a PASS of a negative control (only when CLAIMS are given).
# PROCESSES are the registered names of the variant's processes (default: <name>);
# the property suite fails if one of them is not registered.
# The property suite runs as many cases as gapcheck's CI gives the built-ins, on a fixed seed,
# and prints them: RC_PARAMS (default "seed=20261129 max_success=5000": 1,000 cases per
# process x setting x weights triple and property); an RC_PARAMS in the environment overrides it.
include_guard(GLOBAL)
enable_testing()

function(gapcheck_add_variant name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "RC_PARAMS" "SOURCES;CLAIMS;PROCESSES")
  if(NOT arg_RC_PARAMS)
    set(arg_RC_PARAMS "seed=20261129 max_success=5000")  # the built-ins' CI parameters (.ci/run)
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "gapcheck_add_variant(${name}): no SOURCES")
  endif()
  if(NOT arg_PROCESSES)
    set(arg_PROCESSES ${name})
  endif()

  # The variant's translation units, each ending with GAPCHECK_REGISTER_PROCESS(Type): compiled
  # once, linked into both executables.
  add_library(${name}_rule OBJECT ${arg_SOURCES})
  target_link_libraries(${name}_rule PUBLIC gapcheck::processes)

  add_executable(${name}_gapcheck ${GAPCHECK_DATA_DIR}/variant/gapcheck_main.cpp
                                  $<TARGET_OBJECTS:${name}_rule>)
  target_link_libraries(${name}_gapcheck PRIVATE gapcheck::cli)
  target_compile_definitions(${name}_gapcheck PRIVATE
                             GAPCHECK_INSTALLED_DATA_DIR="${GAPCHECK_DATA_DIR}/claims")

  list(JOIN arg_PROCESSES "," processes)
  add_executable(${name}_properties ${GAPCHECK_DATA_DIR}/variant/properties_main.cpp
                                    $<TARGET_OBJECTS:${name}_rule>)
  target_link_libraries(${name}_properties PRIVATE gapcheck::property_suite gapcheck::properties)
  target_compile_definitions(${name}_properties PRIVATE GAPCHECK_VARIANT_PROCESSES="${processes}"
                             GAPCHECK_VARIANT_RC_PARAMS="${arg_RC_PARAMS}")
  add_test(NAME ${name}_properties COMMAND ${name}_properties)
  set_tests_properties(${name}_properties PROPERTIES LABELS variant TIMEOUT 600)

  if(arg_CLAIMS)
    set(catalogs)
    foreach(claims IN LISTS arg_CLAIMS)
      cmake_path(ABSOLUTE_PATH claims BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} OUTPUT_VARIABLE path)
      list(APPEND catalogs --catalog ${path})
    endforeach()
    add_test(NAME ${name}_claims COMMAND ${name}_gapcheck check ${catalogs} --db "")
    set_tests_properties(${name}_claims PROPERTIES LABELS variant TIMEOUT 900)
  endif()
endfunction()
