// Input of compare-per-request.test: a loop whose blocks leave it on a
// value warplint does not decide; every request that runs has 4 sectors.
__global__ void blocks(const float *In, float *Out, int Tiles) {
  for (unsigned B = blockIdx.x;; B += gridDim.x) {
    unsigned Row = B * 8 / 256;
    if (Row >= Tiles)
      break;
    Out[Row * 1024 + threadIdx.x] = In[Row * 1024 + threadIdx.x];
  }
}
int main() { blocks<<<4, 32>>>(nullptr, nullptr, 64); }
