// A local array initialized by a list and only read by subscript afterwards
// is a table of its elements' values at the declaration: the stage buffers
// of a multi-stage pipeline (`float *Stage[] = {S0, S1, S2, S3}; Stage[(k +
// 3) % 4]`). Evenly spaced elements read at a computed index are exact;
// others, and arrays written or whose address is taken, stay unknown.
// (Unknown places are shown through inline PTX, which lists an address it
// cannot place.)
// RUN: %warplint --all-accesses --exit-zero --show-unknown %s -- 2>&1 | FileCheck %s
__global__ void stages(const float *In, int Steps) {
  __shared__ float Buffer[4 * 256];
  float *S0 = Buffer, *S1 = S0 + 256, *S2 = S1 + 256, *S3 = S2 + 256;
  float *Stage[] = {S0, S1, S2, S3};
  for (int K = 0; K < 8; ++K) {
    Stage[(K + 3) % 4][threadIdx.x] = In[K * 256 + threadIdx.x];
    // CHECK: local-tables.cu:[[@LINE-1]]:{{[0-9]+}}: remark: shared store of 'Buffer' (4 bytes) in kernel 'stages': 1 wavefront per request
    __syncthreads();
  }
  // A constant index picks its element, whatever the spacing.
  float *Odd[] = {S0, S2 + 1, S1};
  Odd[1][threadIdx.x * 2] = 0;
  // CHECK: local-tables.cu:[[@LINE-1]]:{{[0-9]+}}: remark: shared store of 'Buffer' (4 bytes) in kernel 'stages': 2 wavefronts per request
  // At a computed index, uneven elements are not followed.
  asm volatile("st.shared.f32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&Odd[Steps % 3][threadIdx.x])), "f"(0.0f));
  // CHECK: local-tables.cu:[[@LINE-1]]:3: remark: inline PTX 'st.shared.f32': its address {{.*}} is not known to point into an array or buffer (the address '&Odd[Steps % 3][threadIdx.x]')
}

// A table that is written after its declaration is no table.
__global__ void written(int Pick) {
  __shared__ float Buffer[512];
  float *Pair[] = {Buffer, Buffer + 256};
  Pair[1] = Buffer + 128;
  asm volatile("st.shared.f32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&Pair[Pick % 2][threadIdx.x])), "f"(0.0f));
  // CHECK: local-tables.cu:[[@LINE-1]]:3: remark: inline PTX 'st.shared.f32': its address {{.*}} is not known to point into an array or buffer (the address '&Pair[Pick % 2][threadIdx.x]')
}

int main() {
  stages<<<1, 256>>>(nullptr, 4);
  written<<<1, 256>>>(1);
}
