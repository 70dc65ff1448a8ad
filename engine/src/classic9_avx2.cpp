// The classic 9x9 core built for AVX2: this file alone is compiled for it (see
// engine/CMakeLists.txt), and classic9_sse.cpp calls it only where the processor
// has it.

#if defined(__x86_64__)
#define SUDOFORGE_CLASSIC9_SOLVE solve_avx2
#include "classic9_wide.hpp"
#endif
