// Five lines of macros that expand to 65,536 nested unary minuses: clang's
// own parser recurses once per level and runs out of stack (clang++ -fsyntax-only
// itself exits with SIGSEGV on this file).
#define N0 - - - - - - - - - - - - - - - -
#define N1 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0 N0
#define N2 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1 N1
#define N3 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2 N2
#define N4 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3 N3
__global__ void deep(float *o) { o[threadIdx.x] = N4 1.0f; }
int main() { deep<<<1, 32>>>(nullptr); }
