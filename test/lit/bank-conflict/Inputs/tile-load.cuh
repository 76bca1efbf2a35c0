// A device function in a header, analyzed through every kernel that calls
// it.
__device__ inline float loadColumn(const float (*tile)[32], int row) {
  return tile[threadIdx.x][row];
}
