// A kernel whose only launches the target refuses is analyzed as if it had
// no launch; its findings say so and name the refused launch, instead of
// "no launch found" (which would contradict the warnings at the launches).
// RUN: %exit 1 %warplint %s -- 2>&1 | FileCheck %s

// The front end's warnings come first.
// CHECK: refused-launch-note.cu:[[#@LINE+14]]:3: warning: the launch of 'column' has an invalid launch shape: block dimension x is 2048, more than the 1024 allowed on sm_90; the kernel is not analyzed for it
// CHECK: refused-launch-note.cu:[[#@LINE+14]]:3: warning: the launch of 'column' has an invalid launch shape: block 32x64x1 has 2048 threads, more than the 1024 allowed on sm_90; the kernel is not analyzed for it

__global__ void column(float *o) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = 1.0f;
  // CHECK: refused-launch-note.cu:[[@LINE-1]]:3: warning: 32-way shared memory bank conflict on 's'
  // CHECK: note: no valid launch shape: blockDim.x assumed a multiple of 32 (the launch at {{.*}}refused-launch-note.cu:[[#@LINE+7]] has an invalid shape, and 1 more source)
  // CHECK-NOT: no launch found
  __syncthreads();
  o[threadIdx.x] = s[0][threadIdx.x];
}

void host(float *o) {
  column<<<1, 2048>>>(o);
  column<<<1, dim3(32, 64)>>>(o);
}
