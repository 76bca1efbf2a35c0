// Stencils with halos staged in shared memory: a 1-D 7-point stencil (block
// 256, radius 3) and a 2-D 5-point stencil (block 16x16, tile 18x18).
#include <cstdio>

constexpr int R = 3;
constexpr int B1 = 256;

// In holds N + 2*R values: element I of the output is centred on In[I + R],
// so the centre load starts 12 bytes past a sector boundary.
__global__ void stencil1D(const float *In, float *Out) {
  __shared__ float S[B1 + 2 * R];
  int Tid = threadIdx.x;
  int G = blockIdx.x * B1 + Tid;
  float C = In[G + R];  // expect: global load sectors=5 ideal=4
  S[Tid + R] = C;       // expect: shared store wavefronts=1 ideal=1
  if (Tid < R) {
    float L = In[G];          // expect: global load sectors=1 ideal=1
    S[Tid] = L;               // expect: shared store wavefronts=1 ideal=1
    float H = In[G + B1 + R]; // expect: global load sectors=1 ideal=1
    S[Tid + B1 + R] = H;      // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  float Acc = 0;
#pragma unroll
  for (int K = -R; K <= R; ++K)
    Acc += S[Tid + R + K]; // expect: shared load wavefronts=1 ideal=1
  Out[G] = Acc;            // expect: global store sectors=4 ideal=4
}

// 2-D: a warp holds two rows of 16 threads; tile rows are 18 floats apart, so
// the two rows overlap in two banks (words a..a+15 and a+18..a+33).
constexpr int W = 1024;
__global__ void stencil2D(const float *In, float *Out) {
  __shared__ float S[18][48];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int X = 16 + blockIdx.x * 16 + Tx;
  int Y = 16 + blockIdx.y * 16 + Ty;
  float C = In[Y * W + X]; // expect: global load sectors=4 ideal=4
  S[Ty + 1][Tx + 1] = C;   // expect: shared store wavefronts=2 ideal=1
  if (Tx == 0) {
    float L = In[Y * W + X - 1]; // expect: global load sectors=2 ideal=1
    S[Ty + 1][0] = L;            // expect: shared store wavefronts=1 ideal=1
  }
  if (Tx == 15) {
    float Rt = In[Y * W + X + 1]; // expect: global load sectors=2 ideal=1
    S[Ty + 1][17] = Rt;           // expect: shared store wavefronts=1 ideal=1
  }
  if (Ty == 0) {
    float U = In[(Y - 1) * W + X]; // expect: global load sectors=2 ideal=2
    S[0][Tx + 1] = U;              // expect: shared store wavefronts=1 ideal=1
  }
  if (Ty == 15) {
    float D = In[(Y + 1) * W + X]; // expect: global load sectors=2 ideal=2
    S[17][Tx + 1] = D;             // expect: shared store wavefronts=1 ideal=1
  }
  __syncthreads();
  float Ce = S[Ty + 1][Tx + 1]; // expect: shared load wavefronts=2 ideal=1
  float Le = S[Ty + 1][Tx];     // expect: shared load wavefronts=2 ideal=1
  float Ri = S[Ty + 1][Tx + 2]; // expect: shared load wavefronts=2 ideal=1
  float Up = S[Ty][Tx + 1];     // expect: shared load wavefronts=2 ideal=1
  float Dn = S[Ty + 2][Tx + 1]; // expect: shared load wavefronts=2 ideal=1
  Out[Y * W + X] = 0.2f * (Ce + Le + Ri + Up + Dn); // expect: global store sectors=4 ideal=4
}

int main() {
  float *In, *Out;
  cudaMalloc(&In, (W * W + 2 * R) * sizeof(float));
  cudaMalloc(&Out, W * W * sizeof(float));
  cudaMemset(In, 0, (W * W + 2 * R) * sizeof(float));
  stencil1D<<<64, dim3(256)>>>(In, Out);
  stencil2D<<<dim3(62, 62), dim3(16, 16)>>>(In, Out);
  cudaError_t Err = cudaDeviceSynchronize();
  std::printf("stencil: %s\n", cudaGetErrorString(Err));
  return Err == cudaSuccess ? 0 : 1;
}
