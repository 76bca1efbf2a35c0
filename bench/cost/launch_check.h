// The host side every pair file of bench/cost/pairs/ shares: after each
// launch, stop on an error, and print "LAUNCH n kernel". Launches are
// numbered in program order, as launch_timer.cpp and Nsight Compute number
// them; run-on-gpu joins these lines with the timer's.
#ifndef WARPLINT_BENCH_COST_LAUNCH_CHECK_H
#define WARPLINT_BENCH_COST_LAUNCH_CHECK_H

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

static int Launches = 0;
static void check(const char *Kernel) {
  cudaError_t Err = cudaGetLastError();
  if (Err == cudaSuccess)
    Err = cudaDeviceSynchronize();
  if (Err != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", Kernel, cudaGetErrorString(Err));
    std::exit(1);
  }
  std::printf("LAUNCH %d %s\n", Launches++, Kernel);
}

#endif // WARPLINT_BENCH_COST_LAUNCH_CHECK_H
