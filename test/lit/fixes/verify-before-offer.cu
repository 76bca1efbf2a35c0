// Every fix is verified on an in-memory copy before it is offered (issue
// 14). Here the padding would break a static_assert on the row size, which
// warplint does not read as a use of the array's layout: re-parsing the
// padded copy fails, so the padding is not offered anywhere (text, JSON,
// --export-fixes, --fix) and a note says why; the swizzle verifies and is
// offered instead, and --fix writes it.
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s -- 2>/dev/null | FileCheck %s
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --format=json %s -- 2>/dev/null | FileCheck --check-prefix=JSON %s
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --export-fixes=%t.yaml %s -- > /dev/null 2>&1
// RUN: FileCheck --check-prefix=YAML %s < %t.yaml
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --format=sarif %s -- 2>/dev/null | FileCheck --check-prefix=SARIF %s
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2> %t.err
// RUN: FileCheck --check-prefix=APPLIED %s < %t.err
// RUN: FileCheck --check-prefix=FIXED %s < %t.cu

__global__ void rowSized(float *out) {
  __shared__ float tile[32][32];
  static_assert(sizeof(tile[0]) == 128, "rows of 128 bytes");
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out) { rowSized<<<1, dim3(32, 32)>>>(out); }
// CHECK: note: no edit for 'pad the rows of 'tile' to 33 elements (tile[32][33])': not verified: the fixed code does not parse ({{.*}}verify-before-offer.cu:{{[0-9]+}}:17: error: static assertion failed{{.*}})
// CHECK: :{{[0-9]+}}:21: note: swizzle the columns of 'tile': tile[r][c] becomes tile[r][c ^ (r % 32)]: every access of 'tile' becomes conflict-free (1056 -> 64 wavefronts per block)
// CHECK-NOT: tile[32][33]

// JSON-NOT: "pad the rows of 'tile'",
// JSON: "message": "swizzle the columns of 'tile'",
// JSON-NEXT: "preferred": true,
// JSON-NOT: "replacement": "33"

// YAML-NOT: ReplacementText: '33'
// YAML: ReplacementText: 'threadIdx.x ^ (threadIdx.y % 32)'
// YAML-NOT: ReplacementText: '33'

// APPLIED: note: '{{.*}}.cu': applied 2 edits, verified before writing: re-analysis finds 64 shared-memory wavefronts per block (was 1056)
// FIXED: __shared__ float tile[32][32];
// FIXED: tile[threadIdx.y][threadIdx.x ^ (threadIdx.y % 32)] = 1.0f;
// FIXED: out[threadIdx.x] = tile[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)];

// SARIF: "fixes": [
// SARIF-NOT: "text": "33"
// SARIF: "text": "threadIdx.x ^ (threadIdx.y % 32)"
// SARIF-NOT: "text": "33"
