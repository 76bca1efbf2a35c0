// Scalars initialized with braces (`size_t const i{expr};`, `unsigned{x}`,
// `T x = {expr}`) hold their one element, on the device side (indices) and
// on the host side (sizes and block shapes): the style of code that writes
// every local this way is as exact as the `=` style.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s
#include <cstddef>

__global__ void braced(float *A, std::size_t n) {
  std::size_t const i{blockIdx.x * blockDim.x + threadIdx.x};
  std::size_t const j = {i * 2};
  unsigned int const t{threadIdx.x};
  // CHECK: brace-init.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: global store of 'A' (4 bytes) in kernel 'braced': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 128x1x1 from the launch at {{.*}}brace-init.cu:{{[0-9]+}}:3 through the call at {{.*}} (n = 1000)
  if (i < n) A[i] = 1.0f;
  // CHECK: brace-init.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: global store of 'A' (4 bytes) in kernel 'braced': 8 sectors per request (mean 8.0, ideal 4, strided)
  if (j < n) A[j] = 2.0f;
  // CHECK: brace-init.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: global store of 'A' (4 bytes) in kernel 'braced': 4 sectors per request (mean 4.0, ideal 4, coalesced)
  A[unsigned{t}] = 3.0f;
}

void launch(float *A, std::size_t n) {
  unsigned int const threads{128U};
  dim3 const block{threads, 1U, 1U};
  dim3 const grid{static_cast<unsigned int>((n + threads - 1) / threads), 1U,
                  1U};
  braced<<<grid, block>>>(A, n);
}

int main() {
  float *A = nullptr;
  std::size_t const n{1000};
  launch(A, n);
}
