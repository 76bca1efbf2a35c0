// Input of compare-inlined-calls.test: a helper inlined into the kernel,
// whose load ncu may count on the call's line too, and cache-hinted stores
// that ncu counts on nvcc's sm_32_intrinsics.hpp, one of them to an
// optional output.
__device__ float4 load4(const float *P) {
  return *reinterpret_cast<const float4 *>(P);
}

__global__ void sums(const float *In, float *Out, float *Total) {
  int I = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  float4 V = load4(In + I);
  __stcs(Out + I / 4, V.x + V.y + V.z + V.w);
  if (Total != nullptr && threadIdx.x == 0)
    __stcs(Total + blockIdx.x, V.x);
}
int main() { sums<<<4, 32>>>(nullptr, nullptr, nullptr); }
