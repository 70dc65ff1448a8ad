# Included by tests/CMakeLists.txt (regression test) and, for SUDOFORGE_FUZZ=ON, by
# tests/fuzz/CMakeLists.txt: the reference grader and the fuzz targets' checks.
add_library(sudoforge_reference_grader STATIC ${PROJECT_SOURCE_DIR}/tests/grader/reference_grader.cpp)
target_include_directories(sudoforge_reference_grader PUBLIC ${PROJECT_SOURCE_DIR}/tests/grader)
target_link_libraries(sudoforge_reference_grader PUBLIC sudoforge::grader PRIVATE sudoforge::warnings)

add_library(sudoforge_fuzz_harness STATIC ${PROJECT_SOURCE_DIR}/tests/fuzz/harness.cpp)
target_include_directories(sudoforge_fuzz_harness PUBLIC ${PROJECT_SOURCE_DIR}/tests/fuzz
  PRIVATE ${PROJECT_SOURCE_DIR}/grader/src ${PROJECT_SOURCE_DIR}/engine/src ${PROJECT_SOURCE_DIR}/tests/support)
target_link_libraries(sudoforge_fuzz_harness PUBLIC sudoforge::grader PRIVATE sudoforge_reference_grader
  sudoforge::warnings)
