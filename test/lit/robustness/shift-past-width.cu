// An address with a shift past its width (`x << 9223372036854775807`, which
// has no value) overflowed the stack: the expansion keeps such a term whole,
// as its own atom, and writing the reason in source terms undid the atom by
// expanding it again, without end (found by scripts/mutate on a cuda-samples
// kernel, issue 14; the crash was a stack overflow that nothing caught). Now
// the access is unknown with the reason.
// RUN: %exit --timeout=60 0 %warplint --all-accesses --exit-zero %s -- 2>&1 | FileCheck %s --implicit-check-not=crashed

__global__ void rows(float *Out, int Height, int Pitch) {
  for (int I = 0; I < 2; ++I) {
    float *Row = Out + I * ((Height * Pitch * 3) >> 2) +
                 ((blockIdx.x * blockDim.x) << 9223372036854775807);
    Row[threadIdx.x] = 0.0f;
    // CHECK: shift-past-width.cu:[[@LINE-1]]:5: remark: global store of 'Out' (4 bytes) in kernel 'rows': unknown: address depends on 'blockIdx.x' inside 'blockIdx.x * 64 << 9223372036854775807', not only added
  }
}

void launch(float *Out, int H, int P) { rows<<<4, 64>>>(Out, H, P); }
