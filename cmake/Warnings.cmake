# Warnings live on an INTERFACE target that every project target links PRIVATE,
# so they never leak to consumers and global CMAKE_CXX_FLAGS stay untouched.
add_library(sudoforge_warnings INTERFACE)
add_library(sudoforge::warnings ALIAS sudoforge_warnings)
target_compile_options(sudoforge_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference)
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
