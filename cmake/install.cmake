# Installing gapcheck as a CMake package, so that a process variant written in a folder of its
# own builds against it: `find_package(gapcheck CONFIG REQUIRED)` then
# `gapcheck_add_variant(name SOURCES rule.cpp [CLAIMS claims.toml])` (cmake/gapcheckVariant.cmake,
# docs/NEW_PROCESS.md).
#
# What is installed: the headers a variant sees (the directories of the libraries, without their
# tests), the static libraries as exported targets gapcheck::<part>, the gapcheck command, the
# claims data (catalog and published tables) under share/gapcheck/claims, and the sources that
# gapcheck_add_variant compiles with a variant (its mains). Static libraries carry their private
# dependencies into the link interface, so gapcheckConfig.cmake finds every one of them.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(GAPCHECK_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/gapcheck)

# The libraries include from the repository root ("processes/..."); installed, from include/.
# Their CMakeLists name the root once; the install interface is set here for all of them.
set(gapcheck_parts core builtin_processes processes stats claims store reports cli properties
                   property_suite)
foreach(part IN LISTS gapcheck_parts)
  set(target gapcheck_${part})
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(dirs)
    list(TRANSFORM dirs REPLACE "^(${PROJECT_SOURCE_DIR})$" "$<BUILD_INTERFACE:\\1>")
    set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${dirs}")
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${part})
  add_library(gapcheck::${part} ALIAS ${target})
  list(APPEND gapcheck_targets ${target})
endforeach()

install(TARGETS ${gapcheck_targets} EXPORT gapcheckTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        OBJECTS DESTINATION ${CMAKE_INSTALL_LIBDIR}/gapcheck/objects
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS gapcheck EXPORT gapcheckTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

foreach(dir IN ITEMS processes properties stats store reports cli)
  install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${dir}
          FILES_MATCHING PATTERN "*.hpp" PATTERN "tests" EXCLUDE PATTERN "catalog" EXCLUDE
          PATTERN "published" EXCLUDE)
endforeach()
install(DIRECTORY stats/claims/catalog stats/claims/published
        DESTINATION ${CMAKE_INSTALL_DATADIR}/gapcheck/claims)

# The store links MPI when it was found (store/CMakeLists.txt): then so must a variant.
get_target_property(store_links gapcheck_store LINK_LIBRARIES)
if("MPI::MPI_CXX" IN_LIST store_links)
  set(GAPCHECK_USES_MPI ON)
else()
  set(GAPCHECK_USES_MPI OFF)
endif()

install(EXPORT gapcheckTargets NAMESPACE gapcheck:: DESTINATION ${GAPCHECK_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/gapcheckConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/gapcheckConfig.cmake
                              INSTALL_DESTINATION ${GAPCHECK_INSTALL_CMAKEDIR}
                              PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/gapcheckConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/gapcheckConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/gapcheckConfigVersion.cmake
              cmake/gapcheckVariant.cmake
        DESTINATION ${GAPCHECK_INSTALL_CMAKEDIR})
install(DIRECTORY cmake/variant/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gapcheck/variant)

# Installs into a temporary prefix and builds examples/new-variant against it, with a broken copy
# that must be caught (scripts/install_test.sh). A sanitizer build's libraries would need the
# sanitizer flags in the example too: the test belongs to the plain build.
if(GAPCHECK_SANITIZE STREQUAL "")
  add_test(NAME install_variant
           COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/install_test.sh ${PROJECT_BINARY_DIR}
                   ${PROJECT_SOURCE_DIR} "${CMAKE_CXX_COMPILER_LAUNCHER}")
  set_tests_properties(install_variant PROPERTIES LABELS install TIMEOUT 900)
endif()
