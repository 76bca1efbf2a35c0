// warplint's stand-in for the CUDA toolkit's <cuda_runtime_api.h>, on the include path only
// when warplint parses without a toolkit. Everything it would declare comes
// from the force-included warplint_cuda_runtime.h.
#ifndef WARPLINT_STUB_CUDA_RUNTIME_API_H
#define WARPLINT_STUB_CUDA_RUNTIME_API_H
#include "../warplint_cuda_runtime.h"
#endif
