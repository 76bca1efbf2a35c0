// Kernels launched elsewhere: their block shapes come from .warplint.yaml.
// With 32x8 blocks tile[threadIdx.x][threadIdx.y] is a 32-way conflict;
// with 16x16 a 16-way one (two rows of 16 lanes per warp, two banks).
__global__ void transposeTile(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void other(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// A global access that is only misaligned: reported unless
// ReportMisaligned is false.
__global__ void shifted(float *out, const float *in) {
  out[blockIdx.x * 128 + threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x + 1];
}

void run(float *out, const float *in) { shifted<<<8, 128>>>(out, in); }
