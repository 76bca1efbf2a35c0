// Conflict-free: consecutive lanes read consecutive words.
__global__ void clean(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

int main() { clean<<<4, 256>>>(nullptr); }
