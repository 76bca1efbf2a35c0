// A size the user gives with --param (N = 8) is also the value of the host
// variable the launch passes for it, where the launch's grid reads that
// variable after its last write: the grid `div_ceil(N, 8)` is one block,
// and the cases of the block index that no block of that grid is in
// (`blockIdx.x % 2 == 1`, 16 bytes past a sector boundary) are no cases.
// Without --param the grid is unknown and those blocks may run.
// RUN: %warplint --all-accesses --exit-zero %s --param=N=8 -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=OPEN
#include <string>

__global__ void tile(float *C, int N) {
  // Blocks 16 bytes apart: an odd block's warp starts mid-sector.
  int I = blockIdx.x * 4 + threadIdx.x;
  // GIVEN: launch-given-params.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: global store of 'C' (4 bytes) in kernel 'tile': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  // GIVEN-NOT: warning: uncoalesced
  // OPEN: launch-given-params.cu:[[#@LINE+2]]:{{[0-9]+}}: warning: uncoalesced global store to 'C' (5 sectors per request, ideal 4)
  // OPEN: note: this happens in the blocks and warps where blockIdx.x % 2 == 1
  C[I] = float(N);
}

int div_ceil(int A, int B) { return (A + B - 1) / B; }

int main(int argc, char **argv) {
  int N = 8;
  if (argc > 1)
    N = std::stoi(argv[1]);
  float *C = nullptr;
  dim3 Grid(div_ceil(N, 8));
  tile<<<Grid, 32>>>(C, N);
}
