// Hardware ceilings for the cost model (bench/cost/README.md): what each
// memory pipe of this GPU delivers, measured with CUDA events (one warm-up,
// then the median of Reps timed runs). Prints one line per result:
//   CEILING name value unit
// Usage: ceilings [REPS]   (default 20; at least 20 is what the README asks)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void check(cudaError_t Err, const char *What) {
  if (Err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(Err));
    std::exit(1);
  }
}

static void ceiling(const char *Name, double Value, const char *Unit) {
  std::printf("CEILING %s %.6g %s\n", Name, Value, Unit);
  std::fflush(stdout);
}

// Median time in milliseconds of Reps runs of Run, each between two events
// on the default stream, after one warm-up run: the way launch_timer.cpp
// times the pairs (there each run is one kernel launch).
template <typename F> static double medianMs(int Reps, F Run) {
  cudaEvent_t Start, Stop;
  check(cudaEventCreate(&Start), "cudaEventCreate");
  check(cudaEventCreate(&Stop), "cudaEventCreate");
  Run();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> Ms;
  for (int I = 0; I < Reps; ++I) {
    cudaEventRecord(Start, 0);
    Run();
    cudaEventRecord(Stop, 0);
    check(cudaEventSynchronize(Stop), "timed run");
    float T = 0;
    cudaEventElapsedTime(&T, Start, Stop);
    Ms.push_back(T);
  }
  check(cudaGetLastError(), "launch");
  std::sort(Ms.begin(), Ms.end());
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  return Ms[Ms.size() / 2];
}

// --- DRAM -------------------------------------------------------------------

// Grid-stride read of N float4 (four independent accumulators in flight per
// thread); writes only if the sum is a value it cannot be, so that nothing
// but the reads reaches DRAM.
__global__ void readKernel(const float4 *__restrict__ In, size_t N,
                           float *__restrict__ Out) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float A = 0, B = 0, C = 0, D = 0;
  for (; I + 3 * Stride < N; I += 4 * Stride) {
    float4 X = In[I], Y = In[I + Stride], Z = In[I + 2 * Stride],
           W = In[I + 3 * Stride];
    A += X.x + X.y + X.z + X.w;
    B += Y.x + Y.y + Y.z + Y.w;
    C += Z.x + Z.y + Z.z + Z.w;
    D += W.x + W.y + W.z + W.w;
  }
  for (; I < N; I += Stride) {
    float4 X = In[I];
    A += X.x + X.y + X.z + X.w;
  }
  float S = A + B + C + D;
  if (S == -1.0f)
    Out[threadIdx.x] = S;
}

// One float4 per thread.
__global__ void copyKernel(const float4 *__restrict__ In,
                           float4 *__restrict__ Out) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  Out[I] = In[I];
}

// --- L2 ---------------------------------------------------------------------

// Passes over a buffer that fits in L2, loads marked .cg (cached in L2 only,
// not in L1), so every load after the first pass is an L2 hit.
__global__ void l2ReadCg(const float4 *__restrict__ In, int N, int Passes,
                         float *__restrict__ Out) {
  int Stride = gridDim.x * blockDim.x;
  float A = 0, B = 0;
  for (int P = 0; P < Passes; ++P) {
    int I = blockIdx.x * blockDim.x + threadIdx.x;
    for (; I + Stride < N; I += 2 * Stride) {
      float4 X = __ldcg(In + I), Y = __ldcg(In + I + Stride);
      A += X.x + X.y + X.z + X.w;
      B += Y.x + Y.y + Y.z + Y.w;
    }
    for (; I < N; I += Stride) {
      float4 X = __ldcg(In + I);
      A += X.x + X.y + X.z + X.w;
    }
  }
  float S = A + B;
  if (S == -1.0f)
    Out[threadIdx.x] = S;
}

// The same with ordinary (L1-cached) loads: each pass starts one block's
// share further, so an SM never reads in one pass what it read in the last
// one and L1 does not serve it; the path the pairs' loads take.
__global__ void l2ReadShifted(const float4 *__restrict__ In, int N, int Passes,
                              float *__restrict__ Out) {
  int Stride = gridDim.x * blockDim.x;
  float A = 0;
  for (int P = 0; P < Passes; ++P) {
    int Shift = (P * 64 * blockDim.x) % N; // 64 blocks' share per pass
    for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += Stride) {
      int J = I + Shift;
      float4 X = In[J < N ? J : J - N];
      A += X.x + X.y + X.z + X.w;
    }
  }
  if (A == -1.0f)
    Out[threadIdx.x] = A;
}

// Scattered accesses to an L2-resident buffer of E * Stride floats: in each
// pass thread G touches element e = (G + P * T) mod E (T threads; E and T
// multiples of 32, so a warp's lanes stay consecutive), the float at
// e * Stride. Stride 8: each lane its own sector, 4 lines per warp request;
// stride 32: each lane its own sector and line, 32 lines per request (the
// store pattern of a naive transpose); stride 1: coalesced. Loads are .cg
// (L2 only); stores go to L2 anyway (L1 is write-through).
template <int Stride, bool Store>
__global__ void l2Strided(float *__restrict__ Buf, int E, int Passes,
                          float *__restrict__ Out) {
  int T = gridDim.x * blockDim.x;
  int Step = T % E;
  int Elem = (blockIdx.x * blockDim.x + threadIdx.x) % E;
  float A = 0;
  for (int P = 0; P < Passes; ++P) {
    if (Store)
      Buf[Elem * Stride] = float(P);
    else
      A += __ldcg(Buf + Elem * Stride);
    Elem += Step;
    if (Elem >= E)
      Elem -= E;
  }
  if (!Store && A == -1.0f)
    Out[threadIdx.x] = A;
}

// --- FMA --------------------------------------------------------------------

constexpr int FmaIters = 4096;

// Eight independent FFMA chains per thread.
__global__ void fmaChains(const float *In, float *Out) {
  float X[8];
#pragma unroll
  for (int C = 0; C < 8; ++C)
    X[C] = In[threadIdx.x] + C;
#pragma unroll 8
  for (int I = 0; I < FmaIters; ++I) {
#pragma unroll
    for (int C = 0; C < 8; ++C)
      X[C] = fmaf(X[C], 0.9999f, 0.0001f * (C + 1));
  }
  float S = 0;
#pragma unroll
  for (int C = 0; C < 8; ++C)
    S += X[C];
  if (S == -1.0f)
    Out[threadIdx.x] = S;
}

// --- shared memory ------------------------------------------------------------

constexpr int SharedIters = 4096;
constexpr int SharedBlockThreads = 256;

// Conflict-free shared loads: lane L reads word 32 * K + L (bank L), one
// wavefront per warp-wide load; volatile, so each is its own LDS with an
// immediate offset (the loop body is 32 LDS + 32 FADD). Each block records
// its SM and its first and last clock64().
__global__ void sharedLoads(float *__restrict__ Out,
                            long long *__restrict__ Clocks) {
  volatile __shared__ float S[32 * 32];
  for (int I = threadIdx.x; I < 32 * 32; I += blockDim.x)
    S[I] = float(I);
  __syncthreads();
  long long Begin = clock64();
  int Lane = threadIdx.x % 32;
  float Acc = 0;
#pragma unroll 1
  for (int R = 0; R < SharedIters; ++R) {
#pragma unroll
    for (int K = 0; K < 32; ++K)
      Acc += S[32 * K + Lane];
  }
  __syncthreads();
  long long End = clock64();
  if (threadIdx.x == 0) {
    unsigned Sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(Sm));
    Clocks[3 * blockIdx.x] = Sm;
    Clocks[3 * blockIdx.x + 1] = Begin;
    Clocks[3 * blockIdx.x + 2] = End;
  }
  if (Acc == -1.0f)
    Out[threadIdx.x] = Acc;
}

__global__ void emptyKernel() {}

int main(int Argc, char **Argv) {
  int Reps = Argc > 1 ? std::atoi(Argv[1]) : 20;
  if (Reps < 1)
    Reps = 20;
  int Dev = 0, Sms = 0, L2 = 0, ClockKhz = 0, MemKhz = 0, BusBits = 0;
  check(cudaGetDevice(&Dev), "cudaGetDevice");
  cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev);
  cudaDeviceGetAttribute(&L2, cudaDevAttrL2CacheSize, Dev);
  cudaDeviceGetAttribute(&ClockKhz, cudaDevAttrClockRate, Dev);
  cudaDeviceGetAttribute(&MemKhz, cudaDevAttrMemoryClockRate, Dev);
  cudaDeviceGetAttribute(&BusBits, cudaDevAttrGlobalMemoryBusWidth, Dev);
  ceiling("sm_count", Sms, "SMs");
  ceiling("l2_size", L2, "bytes");
  ceiling("sm_clock_attribute", ClockKhz / 1000.0, "MHz");
  ceiling("mem_clock_attribute", MemKhz / 1000.0, "MHz");
  ceiling("mem_bus_width", BusBits, "bits");
  // Double data rate: two transfers per memory clock.
  ceiling("dram_bandwidth_theoretical", 2.0 * MemKhz * 1e3 * BusBits / 8 / 1e9,
          "GB/s");

  float *Sink = nullptr;
  check(cudaMalloc(&Sink, 1024 * sizeof(float)), "cudaMalloc sink");
  check(cudaMemset(Sink, 0, 1024 * sizeof(float)), "cudaMemset sink");

  // DRAM: 1 GiB buffers, read + written bytes over time.
  {
    const size_t Bytes = size_t(1) << 30;
    float4 *A = nullptr, *B = nullptr;
    check(cudaMalloc(&A, Bytes), "cudaMalloc A");
    check(cudaMalloc(&B, Bytes), "cudaMalloc B");
    check(cudaMemset(A, 0x3f, Bytes), "cudaMemset");
    check(cudaMemset(B, 0x3f, Bytes), "cudaMemset");
    double Ms = medianMs(Reps, [&] {
      cudaMemcpyAsync(B, A, Bytes, cudaMemcpyDeviceToDevice, 0);
    });
    ceiling("dram_copy_memcpy", 2.0 * Bytes / (Ms * 1e-3) / 1e9, "GB/s");
    size_t N4 = Bytes / sizeof(float4);
    Ms = medianMs(Reps, [&] {
      copyKernel<<<unsigned(N4 / 256), 256>>>(A, B);
    });
    ceiling("dram_copy_kernel", 2.0 * Bytes / (Ms * 1e-3) / 1e9, "GB/s");
    Ms = medianMs(Reps, [&] { readKernel<<<Sms * 8, 256>>>(A, N4, Sink); });
    ceiling("dram_read_kernel", Bytes / (Ms * 1e-3) / 1e9, "GB/s");
    Ms = medianMs(Reps, [&] { readKernel<<<Sms * 32, 256>>>(A, N4, Sink); });
    ceiling("dram_read_kernel_4waves", Bytes / (Ms * 1e-3) / 1e9, "GB/s");
    cudaFree(A);
    cudaFree(B);
  }

  // L2: a 16 MiB buffer read Passes times by every SM.
  {
    const int Bytes = 16 << 20, N4 = Bytes / 16, Passes = 128;
    float4 *A = nullptr;
    check(cudaMalloc(&A, Bytes), "cudaMalloc L2 buffer");
    check(cudaMemset(A, 0x3f, Bytes), "cudaMemset");
    double Ms = medianMs(Reps, [&] {
      l2ReadCg<<<Sms * 8, 256>>>(A, N4, Passes, Sink);
    });
    ceiling("l2_read_cg", double(Bytes) * Passes / (Ms * 1e-3) / 1e9, "GB/s");
    Ms = medianMs(Reps, [&] {
      l2ReadShifted<<<Sms * 8, 256>>>(A, N4, Passes, Sink);
    });
    ceiling("l2_read_via_l1", double(Bytes) * Passes / (Ms * 1e-3) / 1e9,
            "GB/s");
    ceiling("l2_read_via_l1_sectors_per_clock",
            double(Bytes) * Passes / 32 / (Ms * 1e-3) / (ClockKhz * 1e3),
            "sectors/clk (whole GPU, attribute clock)");
    cudaFree(A);
  }

  // L2: scattered loads and stores, 16 MiB buffer (see l2Strided).
  {
    const int Floats = 4 << 20, Passes = 256, Blocks = Sms * 8, Threads = 256;
    float *A = nullptr;
    check(cudaMalloc(&A, Floats * sizeof(float)), "cudaMalloc L2 buffer");
    check(cudaMemset(A, 0x3f, Floats * sizeof(float)), "cudaMemset");
    double Lanes = double(Blocks) * Threads * Passes;
    auto report = [&](const char *Name, double Ms, int Stride) {
      double Sectors = Lanes * std::min(Stride * 4, 32) / 32.0;
      char Buf[128];
      std::snprintf(Buf, sizeof(Buf), "%s_sectors_per_clock", Name);
      ceiling(Buf, Sectors / (Ms * 1e-3) / (ClockKhz * 1e3),
              "sectors/clk (whole GPU, attribute clock)");
      std::snprintf(Buf, sizeof(Buf), "%s_requests_per_clock", Name);
      ceiling(Buf, Lanes / 32 / (Ms * 1e-3) / (ClockKhz * 1e3),
              "warp requests/clk (whole GPU, attribute clock)");
    };
    double Ms = medianMs(Reps, [&] {
      l2Strided<1, true><<<Blocks, Threads>>>(A, Floats, Passes, Sink);
    });
    report("l2_store_coalesced", Ms, 1);
    Ms = medianMs(Reps, [&] {
      l2Strided<8, true><<<Blocks, Threads>>>(A, Floats / 8, Passes, Sink);
    });
    report("l2_store_stride8", Ms, 8);
    Ms = medianMs(Reps, [&] {
      l2Strided<32, true><<<Blocks, Threads>>>(A, Floats / 32, Passes, Sink);
    });
    report("l2_store_stride32", Ms, 32);
    Ms = medianMs(Reps, [&] {
      l2Strided<1, false><<<Blocks, Threads>>>(A, Floats, Passes, Sink);
    });
    report("l2_load_coalesced", Ms, 1);
    Ms = medianMs(Reps, [&] {
      l2Strided<8, false><<<Blocks, Threads>>>(A, Floats / 8, Passes, Sink);
    });
    report("l2_load_stride8", Ms, 8);
    Ms = medianMs(Reps, [&] {
      l2Strided<32, false><<<Blocks, Threads>>>(A, Floats / 32, Passes, Sink);
    });
    report("l2_load_stride32", Ms, 32);
    cudaFree(A);
  }

  // FMA: every SM full, eight independent chains per thread.
  {
    int Blocks = Sms * 8;
    double Ms = medianMs(Reps, [&] {
      fmaChains<<<Blocks, 256>>>(Sink, Sink);
    });
    ceiling("ffma_lanes_per_sm_per_clock",
            double(Blocks) * 256 * 8 * FmaIters /
                (double(Sms) * (Ms * 1e-3) * (ClockKhz * 1e3)),
            "FFMA lanes/SM/clk (attribute clock)");
  }

  // Shared memory: every SM full (8 blocks of 256 threads = 64 warps).
  {
    int Blocks = Sms * 8;
    long long *Clocks = nullptr;
    check(cudaMalloc(&Clocks, 3 * Blocks * sizeof(long long)), "cudaMalloc");
    double Ms = medianMs(Reps, [&] {
      sharedLoads<<<Blocks, SharedBlockThreads>>>(Sink, Clocks);
    });
    std::vector<long long> H(3 * Blocks);
    check(cudaMemcpy(H.data(), Clocks, H.size() * sizeof(long long),
                     cudaMemcpyDeviceToHost),
          "cudaMemcpy clocks");
    // Per SM: from the first block's start to the last block's end (clock64
    // is a per-SM counter, comparable only within an SM).
    std::vector<long long> First(1024, -1), Last(1024, -1);
    for (int B = 0; B < Blocks; ++B) {
      int Sm = int(H[3 * B]) % 1024;
      long long Begin = H[3 * B + 1], End = H[3 * B + 2];
      if (First[Sm] < 0 || Begin < First[Sm])
        First[Sm] = Begin;
      if (Last[Sm] < 0 || End > Last[Sm])
        Last[Sm] = End;
    }
    double SumCycles = 0;
    int SmsSeen = 0;
    for (int Sm = 0; Sm < 1024; ++Sm)
      if (First[Sm] >= 0) {
        SumCycles += double(Last[Sm] - First[Sm]);
        ++SmsSeen;
      }
    double Wavefronts =
        double(Blocks) * (SharedBlockThreads / 32) * SharedIters * 32;
    double MeanCycles = SumCycles / SmsSeen;
    ceiling("shared_wavefronts_total", Wavefronts, "wavefronts");
    ceiling("shared_time", Ms * 1e3, "us");
    ceiling("shared_sms_used", SmsSeen, "SMs");
    ceiling("shared_wavefronts_per_sm_per_clock_events",
            Wavefronts / (double(Sms) * (Ms * 1e-3) * (ClockKhz * 1e3)),
            "wavefronts/SM/clk (events time x attribute clock)");
    ceiling("shared_wavefronts_per_sm_per_clock_cycles",
            Wavefronts / (double(SmsSeen) * MeanCycles),
            "wavefronts/SM/clk (clock64 cycles per SM)");
    ceiling("sm_clock_under_load", MeanCycles / (Ms * 1e-3) / 1e6,
            "MHz (mean clock64 span per SM / events time)");
    ceiling("shared_wavefronts_per_sm_per_clock_events_measured_clock",
            Wavefronts / (double(Sms) * (Ms * 1e-3) *
                          (MeanCycles / (Ms * 1e-3))),
            "wavefronts/SM/clk (events time x clock under load)");
    cudaFree(Clocks);
  }

  // Launch overhead: an empty kernel, timed as launch_timer.cpp times the
  // pairs (events around one launch, median), at the pairs' grid sizes.
  {
    int LaunchReps = 200;
    if (const char *Env = std::getenv("LAUNCH_TIMER_REPS"))
      LaunchReps = std::max(20, std::atoi(Env));
    const int Grids[] = {1, Sms, 8448, 65536};
    const char *Names[] = {"launch_empty_1_block", "launch_empty_sm_count_blocks",
                           "launch_empty_8448_blocks",
                           "launch_empty_65536_blocks"};
    for (int G = 0; G < 4; ++G) {
      double Ms = medianMs(LaunchReps, [&] {
        emptyKernel<<<Grids[G], 256>>>();
      });
      ceiling(Names[G], Ms * 1e3, "us");
    }
  }
  cudaFree(Sink);
  check(cudaDeviceSynchronize(), "end");
  return 0;
}
