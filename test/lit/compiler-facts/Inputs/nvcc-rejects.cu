// nvcc rejects a device-side launch without -rdc, which warplint tolerates
// (docs/compile-flags.md): the analysis still answers.
__global__ void child(float *out) { out[threadIdx.x] = 1.0f; }

__global__ void parent(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
  if (threadIdx.x == 0)
    child<<<1, 32>>>(out);
}

void launch(float *f) { parent<<<1, 64>>>(f); }
