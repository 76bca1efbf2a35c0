// Statements that span lines: which line nvcc's line table gives each
// memory instruction (multiline.sass). The instruction of a subscript is on
// the line where its index ends, of a dereference or '->' where the pointer
// ends, of '.' where its base's is, of a call where the call begins.
struct P { float x; float y; };

__global__ void subscripts(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[
      i + 1];
  float w = a
      [i + 2];
  out[i] =
      v + w;
  out[i + n] = b[i]
      + b[i + 64];
  out[i +
      2 * n] = v;
  out[i + 2 * n + 1]
      = w;
  out[i + 4096] += b
      [i
       + 8192];
}

__global__ void members(const P *p, P *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = p[i]
      .y;
  float t = p[i + 32].
      x;
  const P *r = p + i + 64;
  float u = r->
      x;
  float c = (*r)
      .y;
  q[i]
      .y = s;
  out[i] = s + t + u + c + p[i +
      128].x;
}

__global__ void pointers(float *out, const float *in, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  *(out
      + i + 2048) = 1.0f;
  float v = *(in
      + i + 4096);
  float d = in[idx[i]
      ];
  float2 b = reinterpret_cast<const float2 *>(in)
      [i + 8192];
  out[i] = v + d + b.x + b.y;
}

__global__ void calls(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(
      &out[i],
      1.0f);
  atomicAdd(&out[i +
                 1024], 2.0f);
  float a = __ldg(
      &in[i]);
  out[i + 2048] = a;
}

__global__ void tiles(float *out, const float *in) {
  __shared__ float tile[32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty]
      [tx] = in[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] =
      tile[tx]
          [ty];
}

__global__ void reduce(float *out) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  if (t < 16)
    s[t] =
        s[t] +
        s[t + 16];
  __syncthreads();
  out[t] = s[t];
}

__global__ void loops(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0;
       k < n;
       k++)
    out[i] += in[i
                 + k * 32];
  float s = 0;
  for (int k = 0; k < n && in[i + k] > 0.0f;
       k++)
    s += 1.0f;
  out[i + 64] = s;
}
