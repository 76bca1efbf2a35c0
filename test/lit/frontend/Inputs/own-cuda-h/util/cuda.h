// A project's own helper header that happens to be called cuda.h: it
// defines no CUDA_VERSION, and nvcc never reads it for its runtime.
#ifndef PROJECT_UTIL_CUDA_H
#define PROJECT_UTIL_CUDA_H
#define PROJECT_TILE 32
#endif
