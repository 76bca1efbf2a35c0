// --fix re-parses the fixed file; when the result does not compile (here a
// static_assert on the row size, which warplint does not read as a use of
// the array's layout) the original file is restored and warplint says why.
// RUN: cp %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --fix %t.cu -- > /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: diff %s %t.cu
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict --format=json %s -- | FileCheck --check-prefix=JSON %s

__global__ void rowSized(float *out) {
  __shared__ float tile[32][32];
  static_assert(sizeof(tile[0]) == 128, "rows of 128 bytes");
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out) { rowSized<<<1, dim3(32, 32)>>>(out); }
// CHECK: error: fixes for '{{.*}}.cu' not applied: the fixed code does not parse ({{.*}}static assertion failed{{.*}}); the original files were restored
// JSON: "message": "pad the rows of 'tile'",
// JSON-NEXT: "preferred": true,
// JSON-NEXT: "edits": [
// JSON-NEXT: {
// JSON-NEXT: "file": "{{.*}}restore.cu",
// JSON-NEXT: "offset": 581,
// JSON-NEXT: "length": 2,
// JSON-NEXT: "line": 11,
// JSON-NEXT: "column": 29,
// JSON-NEXT: "replacement": "33"
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "wavefronts_before": 1056.0,
// JSON-NEXT: "wavefronts_after": 64.0,
// JSON-NEXT: "shared_bytes_before": 4096,
// JSON-NEXT: "shared_bytes_after": 4224
