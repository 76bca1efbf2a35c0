// LD_PRELOAD interposer for the fix benchmark (bench/fixes.md): every
// cudaLaunchKernel of an unmodified program (built with -cudart shared) is
// run once to warm up, then LAUNCH_TIMER_REPS times between CUDA events on
// its stream, and the median is printed; the launch the program asked for
// runs last, so the program behaves as before. Timing only: results of
// kernels that accumulate (atomics) are not meaningful under it.
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" cudaError_t cudaLaunchKernel(const void *Func, dim3 Grid,
                                        dim3 Block, void **Args,
                                        size_t Shared, cudaStream_t Stream) {
  using Launch = cudaError_t (*)(const void *, dim3, dim3, void **, size_t,
                                 cudaStream_t);
  static Launch Real =
      reinterpret_cast<Launch>(dlsym(RTLD_NEXT, "cudaLaunchKernel"));
  const char *Env = std::getenv("LAUNCH_TIMER_REPS");
  int Reps = Env ? std::atoi(Env) : 0;
  if (Reps <= 0)
    return Real(Func, Grid, Block, Args, Shared, Stream);
  cudaEvent_t Start, Stop;
  cudaEventCreate(&Start);
  cudaEventCreate(&Stop);
  Real(Func, Grid, Block, Args, Shared, Stream);
  std::vector<float> Ms;
  for (int I = 0; I < Reps; ++I) {
    cudaEventRecord(Start, Stream);
    Real(Func, Grid, Block, Args, Shared, Stream);
    cudaEventRecord(Stop, Stream);
    cudaEventSynchronize(Stop);
    float T = 0;
    cudaEventElapsedTime(&T, Start, Stop);
    Ms.push_back(T);
  }
  std::sort(Ms.begin(), Ms.end());
  const char *Name = "?";
  cudaFuncGetName(&Name, Func);
  std::fprintf(stderr, "TIMER %s reps=%d median_us=%.3f min_us=%.3f\n", Name,
               Reps, Ms[Ms.size() / 2] * 1000, Ms.front() * 1000);
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  return Real(Func, Grid, Block, Args, Shared, Stream);
}
