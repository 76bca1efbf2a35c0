// A member operator's object is its call's first argument: the parameters
// it may write through a reference are matched with the arguments after
// it, so a size passed by value beside an out-parameter stays the size.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s

__global__ void copy(float *Out, const float *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
  // CHECK: launch-member-operators.cu:[[@LINE-1]]:5: remark: global store of 'Out' (4 bytes) in kernel 'copy': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 256x1x1 from the launch at {{.*}}launch-member-operators.cu:[[@LINE+13]]:3 [warplint-access]
}

struct Timer {
  // Reads Size, writes Elapsed.
  void operator()(int Size, float &Elapsed) const { Elapsed = Size * 0.5f; }
};

void run(float *Out, const float *In) {
  int N = 4096;
  float Ms = 0;
  Timer T;
  T(N, Ms);
  copy<<<N / 256, 256>>>(Out, In, N);
}
