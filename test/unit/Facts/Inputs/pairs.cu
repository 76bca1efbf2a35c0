__device__ float helper(const float *p, int i) {
  return p[i] * 2.0f;
}

__global__ void haar(float *out, const float *in, int n) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  s[tid + 256] = in[tid + 256];
  __syncthreads();
  float a = s[2 * tid];
  float b = s[2 * tid + 1];
  out[tid] = a + b;
  if (tid < n)
    out[tid + 256] = helper(in, tid);
}

__global__ void bs(float *out, const float2 *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].x;
  float c = x * 3.0f;
  float y = p[i].y;
  out[i] = c + y;
}
