// A launcher called from more places than warplint follows (16 ways per
// launch): the first 16 calls in the file are launches of their own, and
// the rest are covered by one launch that keeps the size a parameter.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | grep "global store of 'Out'" > %t
// RUN: grep -c "through the call at" %t | FileCheck %s --check-prefix=BOUND
// RUN: grep -vc "through the call at" %t | FileCheck %s --check-prefix=OPEN
// BOUND: {{^}}16{{$}}
// OPEN: {{^}}1{{$}}

__global__ void fill(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I * 2] = 0;
}

void launch(float *Out, int N) { fill<<<(N + 63) / 64, 64>>>(Out, N); }

int main() {
  float *Out = nullptr;
  launch(Out, 64);
  launch(Out, 128);
  launch(Out, 192);
  launch(Out, 256);
  launch(Out, 320);
  launch(Out, 384);
  launch(Out, 448);
  launch(Out, 512);
  launch(Out, 576);
  launch(Out, 640);
  launch(Out, 704);
  launch(Out, 768);
  launch(Out, 832);
  launch(Out, 896);
  launch(Out, 960);
  launch(Out, 1024);
  launch(Out, 1088);
  launch(Out, 1152);
  launch(Out, 1216);
  launch(Out, 1280);
}
