// A 2-way conflict: stride of two words (launched below).
__global__ void conflict(float *out) {
  __shared__ float s[512];
  s[threadIdx.x * 2] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() { conflict<<<1, 32>>>(nullptr); }
