// STRIDE comes from the compile command (-DSTRIDE=2).
#ifndef STRIDE
#error "compile with -DSTRIDE=N"
#endif

__global__ void strided(float *out) {
  __shared__ float s[32 * STRIDE];
  // A 2-way conflict when STRIDE is 2.
  s[threadIdx.x * STRIDE] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() { strided<<<1, 32>>>(nullptr); }
