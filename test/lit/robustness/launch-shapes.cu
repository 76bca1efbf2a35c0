// Launch shapes the target cannot run, from every source, are reported with
// the source named and never analyzed (issue 14). Each of these once
// crashed, hung or was analyzed as if valid: dim3(2^31, 2^31) divided by
// zero in the solver, 2^31 threads with __syncwarp ran out of memory, 2^28
// threads took 47 s.
// RUN: %exit --timeout=60 0 %warplint %s -- 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %exit --timeout=60 0 %warplint --arch=sm_80 %s -- 2>&1 | FileCheck %s --check-prefix=ARCH

// Every kernel stores coalesced: whatever shape it is analyzed for, there is
// no finding, so the only output is the warnings about shapes.

__global__ void huge2d(float *o) { o[threadIdx.x + blockDim.x * threadIdx.y] = 1.0f; }
__global__ void syncwarpHuge(float *o) { __syncwarp(); o[threadIdx.x] = 2.0f; }
__global__ void slowHuge(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void tooManyThreads(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void tooWide(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void product(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void zeroThreads(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void deepZ(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void tallGrid(float *o) { o[threadIdx.x] = 3.0f; }
__global__ void valid(float *o) { o[threadIdx.x] = 3.0f; }

// warplint: block-dim(2048)
__global__ void annotated(float *o) { o[threadIdx.x] = 3.0f; }
// CHECK-DAG: launch-shapes.cu:[[@LINE-2]]:1: warning: the 'warplint: block-dim' comment of 'annotated' has an invalid launch shape: block dimension x is 2048, more than the 1024 allowed on sm_90; the kernel is not analyzed for it

// warplint: block-dim(32, many)
__global__ void malformed(float *o) { o[threadIdx.x] = 3.0f; }
// CHECK-DAG: launch-shapes.cu:[[@LINE-2]]:1: warning: malformed 'warplint: block-dim' comment for 'malformed': expected block-dim(X[,Y[,Z]]) with integer extents; it is ignored

// warplint: block-dim(0, 4)
__global__ void annotatedZero(float *o) { o[threadIdx.x] = 3.0f; }
// CHECK-DAG: launch-shapes.cu:[[@LINE-2]]:1: warning: the 'warplint: block-dim' comment of 'annotatedZero' has an invalid launch shape: block dimension x is 0, not a positive number; the kernel is not analyzed for it

__global__ void __launch_bounds__(4096) bounded(float *o) { o[threadIdx.x] = 3.0f; }
// CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'bounded' has an invalid launch shape: block dimension x is 4096, more than the 1024 allowed on sm_90; the kernel is not analyzed for it

void host(float *o) {
  huge2d<<<1, dim3(2147483648, 2147483648)>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'huge2d' has an invalid launch shape: block dimension x is 2147483648, more than the 1024 allowed on sm_90; the kernel is not analyzed for it
  // ARCH: launch-shapes.cu:[[@LINE-2]]:3: warning: the launch of 'huge2d' has an invalid launch shape: block dimension x is 2147483648, more than the 1024 allowed on sm_80; the kernel is not analyzed for it
  syncwarpHuge<<<1, 2147483648u>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'syncwarpHuge' has an invalid launch shape: block dimension x is 2147483648, more than
  slowHuge<<<1, 268435456>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'slowHuge' has an invalid launch shape: block dimension x is 268435456, more than
  tooManyThreads<<<1, 2048>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'tooManyThreads' has an invalid launch shape: block dimension x is 2048, more than
  tooWide<<<1, dim3(1025, 1025)>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'tooWide' has an invalid launch shape: block dimension x is 1025, more than
  product<<<1, dim3(64, 32)>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'product' has an invalid launch shape: block 64x32x1 has 2048 threads, more than the 1024 allowed on sm_90; the kernel is not analyzed for it
  zeroThreads<<<1, 0>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'zeroThreads' has an invalid launch shape: block dimension x is 0, not a positive number; the kernel is not analyzed for it
  deepZ<<<1, dim3(1, 1, 128)>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'deepZ' has an invalid launch shape: block dimension z is 128, more than the 64 allowed on sm_90; the kernel is not analyzed for it
  tallGrid<<<dim3(1, 65536), 32>>>(o);
  // CHECK-DAG: launch-shapes.cu:[[@LINE-1]]:3: warning: the launch of 'tallGrid' has an invalid launch shape: grid dimension y is 65536, more than the 65535 allowed on sm_90; the kernel is not analyzed for it
  valid<<<dim3(2147483647, 65535, 65535), dim3(16, 16, 4)>>>(o);
}
