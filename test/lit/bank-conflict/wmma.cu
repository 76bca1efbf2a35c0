// WMMA fragments: load_matrix_sync and store_matrix_sync cost what the
// instructions nvcc makes of them cost (lib/Frontend/Walker/Fragments.cpp,
// measured in test/gpu/tensor-core/README.md, "WMMA"). A half A fragment
// with ldm 64 (128-byte rows) is one LDSM.x4 whose 8 rows per matrix share
// a bank group: 32 wavefronts, ideal 4; ldm 72 pads the rows by 16 bytes.
// A float accumulator stored column-major with ldm 16 puts lanes 4g..4g+3
// on one bank (8 stores of 4 wavefronts); ldm 20 spreads them. Findings are
// on the user's call; a fragment whose lane layout was not measured is
// listed, unknown.
// REQUIRES: cuda-toolkit
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --check-prefix=LIST
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void fragments(float *Out) {
  __shared__ __align__(128) __half Wide[16 * 64];
  __shared__ __align__(128) __half Padded[16 * 72];
  __shared__ __align__(128) float Tight[16 * 16];
  __shared__ __align__(128) float Loose[16 * 20];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> A;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, __half, wmma::row_major> Tall;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
  wmma::load_matrix_sync(A, Wide, 64);
  // CHECK: wmma.cu:[[@LINE-1]]:3: warning: 8-way shared memory bank conflict on 'Wide' (32 wavefronts per request, ideal 4) [warplint-bank-conflict]
  wmma::load_matrix_sync(A, Padded, 72);
  wmma::load_matrix_sync(Tall, Padded, 72);
  // LIST: wmma.cu:[[@LINE-1]]:3: remark: shared load of 'Padded' (2 bytes) in kernel 'fragments': unknown: which lane of the WMMA fragment of '__hmma_m32n8k16_ld_a' (layout 0) accesses which address was not measured
  wmma::fill_fragment(Acc, 0.0f);
  wmma::store_matrix_sync(Tight, Acc, 16, wmma::mem_col_major);
  // CHECK: wmma.cu:[[@LINE-1]]:3: warning: 4-way shared memory bank conflict on 'Tight' (4 wavefronts per request, ideal 1) [warplint-bank-conflict]
  wmma::store_matrix_sync(Loose, Acc, 20, wmma::mem_col_major);
  // LIST: wmma.cu:[[@LINE-1]]:3: remark: shared store of 'Loose' (4 bytes) in kernel 'fragments': 1 wavefront per request
  __syncthreads();
  Out[threadIdx.x] = Tight[threadIdx.x] + Loose[threadIdx.x];
}

int main() { fragments<<<1, 32>>>(nullptr); }
