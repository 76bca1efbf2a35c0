// What following the host code must not assume (launch-harness.cu shows
// what it follows): a parameter's default argument is not its value, a
// table the code changes is not a constant, a launcher also reached through
// a pointer has callers warplint does not see, and a kernel parameter the
// helper reassigns is not only what the caller passed.
// RUN: %warplint --all-accesses --exit-zero --checks=-* %s -- 2>&1 | FileCheck %s --implicit-check-not="block 256x1x1" --implicit-check-not="block 128x1x1" --implicit-check-not="block 512x1x1"

__global__ void fill(float *Out) { Out[threadIdx.x] = 0; }
// CHECK-DAG: kernel 'fill': {{.*}}; block 1024x1x1 from the launch at {{.*}}launch-harness-limits.cu:[[DEFAULT:[0-9]+]]:{{[0-9]+}} through the call at
// CHECK-DAG: kernel 'fill': {{.*}}; block 64x1x1 from the launch at {{.*}}launch-harness-limits.cu:[[POINTER:[0-9]+]]:{{[0-9]+}} through the call at
// CHECK-DAG: launch at {{.*}}launch-harness-limits.cu:[[POINTER]]:{{[0-9]+}} skipped: its block shape is not a compile-time constant
// CHECK-DAG: launch at {{.*}}launch-harness-limits.cu:[[TABLE:[0-9]+]]:{{[0-9]+}} skipped: its block shape is not a compile-time constant

void runDefault(float *Out, const int Threads = 256) {
  fill<<<1, Threads>>>(Out);
}

void runPointer(float *Out, int Threads) { fill<<<1, Threads>>>(Out); }

void runTable(float *Out) {
  int Sizes[] = {64, 128};
  for (int &S : Sizes)
    S *= 2;
  for (int B : Sizes)
    fill<<<1, B>>>(Out);
}

__global__ void passed(float *Out) { Out[threadIdx.x * 2] = 0; }
__global__ void other(float *Out) { Out[threadIdx.x * 3] = 0; }
// CHECK-DAG: kernel 'passed': {{.*}}no launch found
// CHECK-DAG: kernel 'other': {{.*}}no launch found

using Kernel = void (*)(float *);
void benchAlt(Kernel K, bool Alt, float *Out) {
  if (Alt)
    K = other;
  K<<<1, 32>>>(Out);
}

int main() {
  float *Out = nullptr;
  runDefault(Out, 1024);
  void (*Launcher)(float *, int) = runPointer;
  Launcher(Out, 512);
  runPointer(Out, 64);
  runTable(Out);
  benchAlt(passed, false, Out);
}
