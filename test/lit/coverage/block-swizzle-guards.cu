// A block swizzle's tile tested against the tile count (`if (tile_i >=
// M_tiles) return;`, tile_i the raster order's row, M_tiles from a size
// the launch leaves open) chooses whole blocks: every value in the test is
// the same for a block's threads. The addresses read the same tile index,
// so the test cannot simply be dropped as one that only says which blocks
// run (block-guards.cu); it is set aside and the cases cover every block,
// the ones it rejects too: when every block costs the same, which blocks
// run cannot change the answer, and it is exact under the test's
// condition; when they differ, it stays a bound (docs/solver.md, "Tests
// that choose blocks by values the address reads").
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s
// RUN: %warplint --all-accesses --exit-zero --format=json %s -- 2>&1 | FileCheck %s --check-prefix=JSON

__device__ int tileRow() {
  return blockIdx.z % 2 ? (gridDim.y - blockIdx.y - 1) * 16 : blockIdx.y * 16;
}

__global__ void swizzled(const float *A, float *C, int M, int N) {
  const int MTiles = M % 16 ? M / 16 + 1 : M / 16;
  const int TileI = tileRow();
  if (TileI >= MTiles)
    return;
  C[(TileI * 16 + threadIdx.x / 32) * N + threadIdx.x % 32] =
      A[TileI * 16 * 64 + threadIdx.x * 2];
  // CHECK-DAG: block-swizzle-guards.cu:[[@LINE-1]]:7: remark: global load of 'A' (4 bytes) in kernel 'swizzled': 8 sectors per request (mean 8.0, ideal 4, strided) when (blockIdx.z % 2 != 0 ? (gridDim.y - blockIdx.y - 1) * 16 : blockIdx.y * 16) < (M % 16 != 0 ? M / 16 + 1 : M / 16);
}

// The tile's place changes the alignment of the row (12 bytes a tile row,
// with tile rows whose count the model does not know to be a multiple of
// 16): blocks differ, and the answer is a bound.
__global__ void unevenRows(float *C, int M) {
  const int MTiles = M % 16 ? M / 16 + 1 : M / 16;
  const int TileI = tileRow();
  if (TileI >= MTiles)
    return;
  C[TileI * 3 + threadIdx.x] = 0.0f;
  // CHECK-DAG: block-swizzle-guards.cu:[[@LINE-1]]:3: remark: global store of 'C' (4 bytes) in kernel 'unevenRows': bounded: 4 to 5 sectors per request
}

// The outcome of every block that runs is the common case's.
// JSON: "variable": "C",
// JSON: "common_case": {
// JSON-NEXT: "condition": "(blockIdx.z % 2 != 0 ? (gridDim.y - blockIdx.y - 1) * 16 : blockIdx.y * 16) < (M % 16 != 0 ? M / 16 + 1 : M / 16)",
// JSON-NEXT: "sectors": 4,

int main(int Argc, char **) {
  int M = Argc * 100;
  dim3 Grid(1, (M + 255) / 256, 2);
  swizzled<<<Grid, 256>>>(nullptr, nullptr, M, 1024);
  unevenRows<<<Grid, 256>>>(nullptr, M);
}
