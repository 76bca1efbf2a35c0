// 256 stray tokens at file scope: clang reports an error for each of them.
#define E0 - - - - - - - - - - - - - - - -
#define E1 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0 E0
E1
__global__ void k(float *o) { o[threadIdx.x] = 1.0f; }
