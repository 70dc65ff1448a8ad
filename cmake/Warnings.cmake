# Warnings live on an INTERFACE target that every project target links PRIVATE,
# so they never leak to consumers and global CMAKE_CXX_FLAGS stay untouched.
add_library(sudoforge_warnings INTERFACE)
add_library(sudoforge::warnings ALIAS sudoforge_warnings)
target_compile_options(sudoforge_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference)
# GCC 12 reports impossible overlaps in inlined std::string concatenation at -O2/-O3
# (GCC bugs 105329, 105651), so -Wrestrict is off for GCC before 13.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(sudoforge_warnings INTERFACE -Wno-restrict)
endif()
# ThreadSanitizer's instrumentation makes GCC 12 see null dereferences in inlined
# std::string code of CLI11's headers that cannot happen; the check stays on in
# every other build.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND SUDOFORGE_SANITIZE MATCHES "thread")
  target_compile_options(sudoforge_warnings INTERFACE -Wno-null-dereference)
endif()
# Clang's -Wconversion takes in -Wsign-conversion, which GCC's leaves out for C++;
# the code is kept clean for GCC's set (clang builds only the fuzz targets).
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  target_compile_options(sudoforge_warnings INTERFACE -Wno-sign-conversion)
endif()
if(SUDOFORGE_WERROR)
  target_compile_options(sudoforge_warnings INTERFACE -Werror)
endif()

# Code generation flags shared by all project targets (not warnings, but same reach).
add_library(sudoforge_codegen INTERFACE)
add_library(sudoforge::codegen ALIAS sudoforge_codegen)
if(SUDOFORGE_ARCH AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  target_compile_options(sudoforge_codegen INTERFACE -march=${SUDOFORGE_ARCH})
endif()
target_link_libraries(sudoforge_warnings INTERFACE sudoforge_codegen)
