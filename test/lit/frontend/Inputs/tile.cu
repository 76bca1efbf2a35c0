// A 32-way conflict whose fix note names the architecture (occupancy).
__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out, const float *in) {
  transposeTile<<<1, dim3(32, 32)>>>(out, in);
}
