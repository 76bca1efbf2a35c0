// Elementwise, permute and loss kernels index with one flattened index
// decomposed by sizes: b = idx / (NH * T * d), n = idx % (T * d) / d, ...
// With the sizes known (here through the launcher's call from main), every
// lane of a warp shares its quotients when the sizes are multiples of the
// block's span or of the warp's (the quotient is one value per warp, the
// remainder the lanes' own part), and the answer is exact. A size that cuts
// warps at shifting places (C = 48) leaves the access unknown, with the
// reason.
// RUN: %exit 1 %warplint --all-accesses --show-unknown %s -- 2>&1 | FileCheck %s

__global__ void permute(float *Q, const float *In, int B, int T, int NH,
                        int D) {
  int Idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (Idx < B * NH * T * D) {
    int Bi = Idx / (NH * T * D);
    int Rest = Idx % (NH * T * D);
    int H = Rest / (T * D);
    Rest = Rest % (T * D);
    int N = Rest / D;
    int Di = Rest % D;
    Q[Idx] = In[Bi * T * 3 * NH * D + N * 3 * NH * D + H * D + Di];
  }
}
// CHECK-DAG: flattened-index.cu:[[@LINE-3]]:14: remark: global load of 'In' (4 bytes) in kernel 'permute': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 256x1x1 from the launch at {{.*}} (B = 4, T = 1024, NH = 12, D = 64)

// The transposed read of the same decomposition: each lane its own row.
__global__ void unpermute(float *Out, const float *In, int T, int C) {
  int Idx = blockIdx.x * blockDim.x + threadIdx.x;
  int Row = Idx / C, Col = Idx % C;
  Out[Idx] = In[Col * T + Row];
}
// CHECK-DAG: flattened-index.cu:[[@LINE-2]]:14: warning: uncoalesced global load from 'In' (32 sectors per request, ideal 4) [warplint-uncoalesced]
// CHECK-DAG: flattened-index.cu:[[@LINE-3]]:14: remark: global load of 'In' (4 bytes) in kernel 'unpermute': unknown: address depends on 'blockIdx.x' inside '(blockIdx.x * 256 + threadIdx.x) {{[/%]}} 48', not only added; {{.*}} (T = 512, C = 48)

void launchPermute(float *Q, const float *In, int B, int T, int NH, int D) {
  int Total = B * NH * T * D;
  permute<<<(Total + 255) / 256, 256>>>(Q, In, B, T, NH, D);
}

void launchUnpermute(float *Out, const float *In, int T, int C) {
  unpermute<<<T * C / 256, 256>>>(Out, In, T, C);
}

int main() {
  launchPermute(nullptr, nullptr, 4, 1024, 12, 64);
  launchUnpermute(nullptr, nullptr, 512, 768);
  launchUnpermute(nullptr, nullptr, 512, 48);
}
