// Each finding of a launch whose grid is known says what it costs the
// launch and what fixing it would gain (docs/performance-model.md): the
// conflicts are worth 6x where shared memory is all the kernel does (nvcc
// reads four elements of a row at once there: 8-way, 32 wavefronts per
// request instead of 4), and almost nothing where a DRAM stream hides them.
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %exit 1 %warplint --format=json %s -- | FileCheck %s --check-prefix=JSON
// RUN: %exit 1 %warplint --format=sarif %s -- | FileCheck %s --check-prefix=SARIF

constexpr int Blocks = 8192;

__global__ void sharedBound(float *Out) {
  __shared__ float T[32][32];
  T[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  float Sum = 0;
  for (int K = 0; K < 32; ++K)
    Sum += T[threadIdx.x][K];
  // TEXT: :[[@LINE-1]]:12: warning: 8-way shared memory bank conflict on 'T'
  // TEXT: note: this conflict adds 58,720,256 wavefronts per launch; shared memory limits the kernel: est. {{[0-9.]+}} us, {{[5-7]\.[0-9][0-9]}}x faster without them
  Out[blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x] = Sum;
}

__global__ void dramBound(const float *In, float *Out) {
  __shared__ float T[32][32];
  unsigned I = blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x;
  T[threadIdx.y][threadIdx.x] = In[I];
  __syncthreads();
  Out[I] = In[I + Blocks * 1024] + In[I + 2 * Blocks * 1024] +
           In[I + 3 * Blocks * 1024] + T[threadIdx.x][threadIdx.y];
  // TEXT: :[[@LINE-1]]:40: warning: 32-way shared memory bank conflict on 'T'
  // TEXT: note: this conflict adds 8,126,464 wavefronts per launch; DRAM limits the kernel: est. {{[0-9.]+}} us, 1.{{0[0-9]}}x faster without them
}

void run(float *In, float *Out) {
  sharedBound<<<Blocks, dim3(32, 32)>>>(Out);
  dramBound<<<Blocks, dim3(32, 32)>>>(In, Out);
}

// JSON:      "kernel": "sharedBound",
// JSON-NEXT: "impact": {
// JSON-NEXT:   "excess_wavefronts": 58720256,
// JSON-NEXT:   "per": "launch",
// JSON-NEXT:   "est_time_us": {{[0-9.]+}},
// JSON-NEXT:   "est_time_after_us": {{[0-9.]+}},
// JSON-NEXT:   "est_speedup": {{[0-9.]+}},
// JSON-NEXT:   "bottleneck": "shared memory",
// JSON-NEXT:   "bottleneck_after": "{{.*}}",
// JSON-NEXT:   "accesses_left_out": 0,
// JSON-NEXT:   "l2_resident": true,
// JSON-NEXT:   "launch_site": "{{.*}}impact.cu:36:3",
// JSON-NEXT:   "grid": "8192x1x1"
// JSON-NEXT: },
// JSON:      "kernel": "dramBound",
// JSON-NEXT: "impact": {
// JSON-NEXT:   "excess_wavefronts": 8126464,
// JSON:        "bottleneck": "DRAM",

// SARIF:      "properties": {
// SARIF-NEXT:   "impact": {
// SARIF-NEXT:     "excess_wavefronts": 58720256,
