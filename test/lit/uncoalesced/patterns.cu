// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %exit 1 %warplint --no-misaligned %s -- 2>&1 | FileCheck %s --check-prefix=NOMIS --implicit-check-not=misaligned
// RUN: %exit 1 %warplint --assume-worst %s -- 2>&1 | FileCheck %s --check-prefix=WORST

struct Particle {
  float x, y, z;
};

__global__ void vectorAdd(float *c, const float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

__global__ void strided(float *out, const float *in) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = in[row * 32];
  // CHECK: patterns.cu:[[@LINE-1]]:14: warning: uncoalesced global load from 'in' (32 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: adjacent lanes are 128 bytes apart
}

__global__ void offsetByOne(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
  // A pointer parameter's alignment is the caller's: the waste is not
  // proven (the caller may pass an allocation's start plus 4 bytes), so
  // a remark unless the worst case is asked for.
  // CHECK: patterns.cu:[[@LINE-4]]:12: remark: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: the lanes' addresses are contiguous but do not start on a 32-byte sector boundary
  // CHECK-NEXT: note: this assumes 'in' is 256-byte aligned, as cudaMalloc returns; a pointer the caller offsets into an allocation moves the sector boundaries
  // NOMIS-NOT: patterns.cu:[[@LINE-7]]
  // WORST: patterns.cu:[[@LINE-8]]:12: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
}

// Each block starts one float further: whatever the caller's pointer, 7
// of every 8 blocks read across a sector boundary. Proven: a warning.
__global__ void offsetByBlock(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + blockIdx.x];
  // CHECK: patterns.cu:[[@LINE-1]]:12: warning: uncoalesced global load from 'in' (5 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: this happens in the blocks and warps where blockIdx.x % 8 != 0
  // CHECK-NOT: note: this assumes
  // CHECK: note: no launch found
}

__global__ void arrayOfStructs(float *out, const Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x;
  // CHECK: patterns.cu:[[@LINE-1]]:12: warning: uncoalesced global load from 'p.x' (12 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: adjacent lanes read field 'x' of adjacent 12-byte structs; a struct of arrays would make this access contiguous
  // NOMIS: patterns.cu:[[@LINE-3]]:12: warning: uncoalesced global load from 'p.x'
}

__global__ void columnWalk(float *out, const float *in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[y * n + x] = in[x * n + y];
  // CHECK: patterns.cu:[[@LINE-1]]:20: warning: uncoalesced global load from 'in' (32 sectors per request, ideal 4) [warplint-uncoalesced]
  // CHECK: note: consecutive elements follow threadIdx.y here; swapping the roles of threadIdx.x and threadIdx.y
}

int main() {
  float *a, *b, *c;
  Particle *p;
  vectorAdd<<<64, 256>>>(c, a, b);
  strided<<<64, 128>>>(c, a);
  offsetByOne<<<64, 128>>>(c, a);
  arrayOfStructs<<<64, 128>>>(c, p);
  columnWalk<<<dim3(32, 128), dim3(32, 8)>>>(c, a, 1024);
  return 0;
}
