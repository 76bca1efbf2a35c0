// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s --check-prefix=JSON

// Fields of one vector element read a few lines apart: nvcc emits one
// LDG.E.64 for .x and .y of a float2 (the type promises 8-byte alignment),
// so the hardware sees 8 sectors for 8 ideal, not 8 for 4 per field.

__global__ void optionPrices(const float2 *price, float *call, int n) {
  int opt = blockIdx.x * blockDim.x + threadIdx.x;
  float s = price[opt].x;
  float a = s * 0.5f;
  float b = a + 1.0f;
  float x = price[opt].y;
  call[opt] = b * x;
}
// JSON: "line": 10,
// JSON: "variable": "price.x",
// JSON: "sectors": 8,
// JSON: "ideal_sectors": 8,
// JSON: "emitted": {
// JSON-NEXT: "origin": "source-rule",
// JSON-NEXT: "carries": [
// JSON: "line": 13,
// JSON: "instr_bytes": 8,
// JSON: "line": 13,
// JSON: "variable": "price.y",
// JSON: "merged_into": {
// JSON-NEXT: "line": 10,

// Two floats of a float* parameter: nvcc cannot prove p + 2*i 8-byte
// aligned and emits two LDG.E, each 8 sectors for 4.
__global__ void pairsOfFloats(const float *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[2 * i];
  // CHECK: vector-fields.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'p' (8 sectors per request, ideal 4)
  float b = p[2 * i + 1];
  // CHECK: vector-fields.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'p' (8 sectors per request, ideal 4)
  out[i] = a - b;
}

// .x .y .z of a float4: one LDG.E.128 (the type promises 16 bytes); .y and
// .z alone start 4 bytes past an 8-byte boundary: two LDG.E.
__global__ void partialFloat4(const float4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[i].x;
  float b = p[i].y;
  float c = p[i].z;
  out[i] = a + b * c;
}
// JSON: "variable": "p.x",
// JSON: "instr_bytes": 16,
__global__ void middleFields(const float4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float b = p[i].y;
  // CHECK: vector-fields.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'p.y' (16 sectors per request, ideal 4)
  float c = p[i].z;
  // CHECK: vector-fields.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'p.z' (16 sectors per request, ideal 4)
  out[i] = b * c;
}

// All four fields: one LDG.E.128; .z and .w: one LDG.E.64 at +8; four
// consecutive floats of a float* parameter: four LDG.E.
__global__ void moreFields(const float4 *p, const float *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[i].x, b = p[i].y, c = p[i].z, d = p[i].w;
  float z = p[i + 1024].z;
  float w = p[i + 1024].w;
  // CHECK: vector-fields.cu:[[@LINE-2]]:13: warning: uncoalesced global load from 'p.z' (16 sectors per request, ideal 8)
  // CHECK: note: nvcc merges the two 4-byte loads of lines [[@LINE-3]]-[[@LINE-2]] into one 8-byte load
  float e = q[4 * i], f = q[4 * i + 1], g = q[4 * i + 2], h = q[4 * i + 3];
  // CHECK: vector-fields.cu:[[@LINE-1]]:13: warning: uncoalesced global load from 'q' (16 sectors per request, ideal 4)
  out[i] = a + b * c - d + z * w + e * f - g * h;
}
// JSON: "variable": "p.x",
// JSON: "instr_bytes": 16,
// JSON: "variable": "p.z",
// JSON: "instr_bytes": 8,
// JSON: "variable": "q",
// JSON-NOT: "emitted"
// JSON: "variable": "out",

int main() {
  float2 *price;
  float *out;
  cudaMalloc(&price, 1024 * sizeof(float2));
  cudaMalloc(&out, 1024 * sizeof(float));
  optionPrices<<<8, 128>>>(price, out, 1024);
  pairsOfFloats<<<8, 128>>>(out, out);
  partialFloat4<<<8, 128>>>((float4 *)out, out);
  middleFields<<<8, 128>>>((float4 *)out, out);
  moreFields<<<8, 128>>>((float4 *)out, out, out);
}
