// warplint's stand-in for the CUDA toolkit's <vector_types.h>, on the include path only
// when warplint parses without a toolkit. Everything it would declare comes
// from the force-included warplint_cuda_runtime.h.
#ifndef WARPLINT_STUB_VECTOR_TYPES_H
#define WARPLINT_STUB_VECTOR_TYPES_H
#include "../warplint_cuda_runtime.h"
#endif
