struct F3 { float x, y, z; };

__device__ __forceinline__ float twice(const float *p, int i) {
  return p[i] * 2.0f;
}

__global__ void tiles(float *out, int k0) {
  __shared__ float As[16 * 64];
  int row = threadIdx.x / 16;
  As[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float reg[8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
    reg[i] = As[k0 * 64 + row * 8 + i];
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += reg[i] * reg[(i + 1) % 8];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void f3store(float3 *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 v;
  v.x = in[i];
  v.y = in[i] + 1.0f;
  v.z = in[i] + 2.0f;
  out[i] = v;
}

__global__ void branches(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f)
    v = in[i + 1];
  if (i < n) {
    float a = 0;
    for (int k = 0; k < n; ++k)
      a += in[k * 32 + i] * in[k + 7];
    out[i] = a;
  }
  out[i + 1] = v + twice(in, i + 3);
}
