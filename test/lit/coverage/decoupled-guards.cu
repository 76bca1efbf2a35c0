// A bounds guard that adds two free values (`x < imageW` with
// x = blockIdx.x * 16 + threadIdx.x) while one of them is also in the
// address (`y * imageW + x`): no exact reduction follows both. The sum in
// the guard is then read as a value of its own, as if it did not depend on
// its parts; every case that happens is among those cases, so the least
// and the greatest over them bound the answer (SolveSpace::Decoupled).
// Blocks the guard skips may still issue the load with no active lane: the
// least mean is 0.
// RUN: %exit 0 %warplint --all-accesses %s -- 2>&1 | FileCheck %s
// RUN: %exit 0 %warplint --all-accesses --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON
// Each width the bound covers, answered exactly once it is known (the
// launch's 4x4 blocks all lie inside the guard's 1000 columns: the blocks
// the guard would cut are not in the grid, so no case names them):
// RUN: %exit 0 %warplint --all-accesses --param ImageW=1000 --param ImageH=1000 %s -- 2>&1 | FileCheck %s --check-prefix=W1000
// RUN: %exit 1 %warplint --all-accesses --param ImageW=1001 --param ImageH=1000 %s -- 2>&1 | FileCheck %s --check-prefix=W1001
// W1000: global load of 'Src' (4 bytes) in kernel 'copyImage': 4 sectors per request (mean 4.0, ideal 4, coalesced); block 16x16x1
// W1001: global load of 'Src' (4 bytes) in kernel 'copyImage': 6 sectors per request (mean 5.75, ideal 4, scattered); block 16x16x1

__global__ void copyImage(float *Dst, const float *Src, int ImageW,
                          int ImageH) {
  int X = blockIdx.x * 16 + threadIdx.x;
  int Y = blockIdx.y * 16 + threadIdx.y;
  if (X < ImageW && Y < ImageH)
    Dst[Y * ImageW + X] = Src[Y * ImageW + X];
  // CHECK: decoupled-guards.cu:[[@LINE-1]]:27: remark: global load of 'Src' (4 bytes) in kernel 'copyImage': bounded: 1 to 6 sectors per request (mean 0.0 to 5.75) depending on values warplint does not follow: active lanes depend on 'blockIdx.x * 16 + threadIdx.x < ImageW', bounded over every value of 'blockIdx.x * 16 - ImageW'
}
// JSON: "kernel": "copyImage"
// JSON: "status": "bounded",
// JSON-NEXT: "sectors_min": 1,
// JSON-NEXT: "sectors_max": 6,
// JSON: "bound_over": "values"

// Data bounds say so too.
__global__ void gather(float *Out, const int *Index) {
  Out[threadIdx.x] = Out[Index[threadIdx.x]];
}
// JSON: "kernel": "gather"
// JSON: "status": "bounded",
// JSON: "bound_over": "data"

// An opaque subterm whose classes change the answer, and a value loaded in
// a loop (another in each iteration): bounds over all their values.
__global__ void halfPitch(short *Dst, int ImgStride) {
  Dst[blockIdx.y * (ImgStride / 2) + threadIdx.x] = 0;
  // CHECK: decoupled-guards.cu:[[@LINE-1]]:3: remark: global store of 'Dst' (2 bytes) in kernel 'halfPitch': bounded: 2 to 3 sectors per request (mean 2.0 to 3.0) depending on values warplint does not follow: the answer depends on the value of 'ImgStride / 2', not known for this launch, bounded over all its values
}

__global__ void offsets(float *In, float *Out, const int *Offs, int N) {
  for (int I = 0; I < N; I++) {
    int Off = Offs[I];
    Out[Off + threadIdx.x] = In[threadIdx.x];
    // CHECK: decoupled-guards.cu:[[@LINE-1]]:5: remark: global store of 'Out' (4 bytes) in kernel 'offsets': bounded: 4 to 5 sectors per request (mean 4.0 to 5.0) depending on values warplint does not follow: the answer depends on the value loaded from 'Offs[I]', which may differ between iterations, bounded over all its values
  }
}

// Blocks that walk an image in a grid-stride loop (Mandelbrot), with a
// test on a parameter that only says whether the launch writes at all
// (`Frame == 0`): that test multiplies the cases beyond the budget for
// nothing (every case it admits costs the same), so it is set aside.
__global__ void tiles(uchar4 *Dst, int ImageW, int ImageH, int Frame,
                      int GridWidth, int NumBlocks) {
  for (unsigned B = blockIdx.x; B < NumBlocks; B += gridDim.x) {
    int X = blockDim.x * (B % GridWidth) + threadIdx.x;
    int Y = blockDim.y * (B / GridWidth) + threadIdx.y;
    if (X < ImageW && Y < ImageH && Frame == 0)
      Dst[ImageW * Y + X] = make_uchar4(1, 2, 3, 4);
    // CHECK: decoupled-guards.cu:[[@LINE-1]]:7: remark: global store of 'Dst' (4 bytes) in kernel 'tiles': bounded: 1 to 6 sectors per request (mean 0.0 to 5.75) depending on values warplint does not follow: active lanes depend on '(blockIdx.x + (B - blockIdx.x)) % GridWidth * 16 + threadIdx.x < ImageW'
  }
}

// A tree walked level by level (b+tree search): the node is loaded anew in
// each level, and whether a lane reads the next key depends on the key it
// read. A data bound that the node's value also decides: bounded over both.
struct Node {
  int Keys[257];
};
__global__ void treeLevels(const Node *Nodes, long *Current, const int *Key,
                           int *Found, int Height) {
  for (int L = 0; L < Height; L++) {
    if (Nodes[Current[blockIdx.x]].Keys[threadIdx.x] <= Key[blockIdx.x] &&
        Nodes[Current[blockIdx.x]].Keys[threadIdx.x + 1] > Key[blockIdx.x])
      Found[blockIdx.x] = threadIdx.x;
    // CHECK: decoupled-guards.cu:[[@LINE-2]]:9: remark: global load of 'Nodes' (4 bytes) in kernel 'treeLevels': bounded: 1 to 5 sectors per request (mean 0.0 to 5.0) depending on the data: active lanes depend on condition {{.*}}; the answer depends on the value loaded from 'Current[blockIdx.x]', which may differ between iterations, bounded over all its values
    __syncthreads();
    if (threadIdx.x == 0)
      Current[blockIdx.x] = Found[blockIdx.x];
  }
}

int main() {
  float *F;
  int *I;
  short *S;
  halfPitch<<<dim3(1, 8), 32>>>(S, *I);
  offsets<<<1, 32>>>(F, F, I, *I);
  copyImage<<<dim3(4, 4), dim3(16, 16)>>>(F, F, *I, *I);
  gather<<<1, 32>>>(F, I);
  treeLevels<<<*I, 256>>>((const Node *)F, (long *)F, I, I, *I);
  tiles<<<*I, dim3(16, 16)>>>((uchar4 *)F, *I, *I, *I, *I, *I);
}
