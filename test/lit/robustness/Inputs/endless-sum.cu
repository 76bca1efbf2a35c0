// Four lines of macros that expand to a sum of 65,536 terms in the
// initializer of a constant: clang tries to evaluate it as a constant
// expression, term by term, for each prefix of the sum, and takes hours
// (clang++ -fsyntax-only itself does not end on this file in minutes).
#define T0 + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x + threadIdx.x
#define T1 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0 T0
#define T2 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1 T1
#define T3 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2 T2
__global__ void endless(int *o) {
  const int Sum = 0 T3;
  o[threadIdx.x] = Sum;
}
int main() { endless<<<1, 32>>>(nullptr); }
