// Input for nolint.cu: a column walk of a 32x32 tile.

__global__ void column(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][threadIdx.x] = 0.0f;
  __syncthreads();
  out[0] += s[threadIdx.x][0];
}

int main() { column<<<1, 32>>>(nullptr); }
