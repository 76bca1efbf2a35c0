// One finding per problem: a line analyzed for several instantiations and
// launch shapes is one warning whose notes list the others, worst first;
// a finding in a __device__ function names the kernel and call site.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: '--implicit-check-not=columns<1>'
// RUN: %exit 1 %warplint --format=sarif %s -- | %python -c "import json, sys; print(*sorted((r['locations'][0]['physicalLocation']['artifactLocation']['uri'].split('/')[-1], r['locations'][0]['physicalLocation']['region']['startLine']) for r in json.load(sys.stdin)['runs'][0]['results']))" | FileCheck %s --check-prefix=SARIF
#include "Inputs/tile-load.cuh"

template <int Pad>
__global__ void columns(float *out) {
  __shared__ float s[32][32 + Pad];
  out[threadIdx.x] = s[threadIdx.x][0];
  // CHECK: one-finding-per-problem.cu:[[@LINE-1]]:22: warning: 32-way shared memory bank conflict on 's' (32 wavefronts per request, ideal 1)
  // CHECK: note: assuming block 32x1x1 from the launch at {{.*}}one-finding-per-problem.cu:{{[0-9]+}}:3
  // CHECK: note: with block 16x2x1 from the launch at {{.*}}one-finding-per-problem.cu:{{[0-9]+}}:3: 16 wavefronts per request, ideal 1
  // CHECK: note: also in 'columns<2>', with block 32x1x1 from the launch at {{.*}}: 2-way conflict, 2 wavefronts per request, ideal 1
  // columns<1> is conflict-free and not named.
}

__global__ void viaHeader(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = loadColumn(t, threadIdx.y);
  // CHECK: tile-load.cuh:4:10: warning: 32-way shared memory bank conflict on 't'
  // CHECK: one-finding-per-problem.cu:[[@LINE-2]]:22: note: in 'loadColumn' called from kernel 'viaHeader' here
}

void run(float *out) {
  columns<0><<<1, 32>>>(out);
  columns<0><<<1, dim3(16, 2)>>>(out);
  columns<1><<<1, 32>>>(out);
  columns<2><<<1, 32>>>(out);
  viaHeader<<<1, dim3(32, 4)>>>(out);
}

// SARIF gets the same merged view: one result per line.
// SARIF: ('one-finding-per-problem.cu', 11) ('tile-load.cuh', 4){{$}}
