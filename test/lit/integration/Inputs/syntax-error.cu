// Not valid CUDA: a missing semicolon.
__global__ void broken(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = 1.0f
}
