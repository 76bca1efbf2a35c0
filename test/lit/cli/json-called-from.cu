// A device function called twice from one kernel is analyzed once per call:
// the JSON tells the two apart by `called_from` (the call sites), so that
// per-line totals over both calls can be compared with a profiler's.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s

__device__ void scale(float *Row, int Step) {
  Row[Step * threadIdx.x] *= 2.0f;
}

__global__ void twoPasses(float *Out) {
  __shared__ float Tile[32 * 33];
  Tile[threadIdx.x] = Out[threadIdx.x];
  __syncthreads();
  scale(Tile, 1);
  scale(Tile, 33);
  __syncthreads();
  Out[threadIdx.x] = Tile[threadIdx.x];
}

void launch(float *Out) { twoPasses<<<1, 32>>>(Out); }

// The load of the first call: stride 1, one wavefront.
// CHECK:      "line": 7,
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "end_line": 7,
// CHECK-NEXT: "end_column": {{[0-9]+}},
// CHECK-NEXT: "kernel": "twoPasses",
// CHECK-NEXT: "function": "scale",
// CHECK-NEXT: "called_from": [
// CHECK-NEXT:   "{{.*}}json-called-from.cu:14:3"
// CHECK-NEXT: ],
// CHECK:      "op": "load",
// CHECK:      "wavefronts": 1,
// The accesses of the second call (its load and its store) follow those of
// the first: stride 33 words, conflict-free as well.
// CHECK:      "{{.*}}json-called-from.cu:15:3"
// CHECK:      "wavefronts": 1,
// CHECK:      "{{.*}}json-called-from.cu:15:3"
// CHECK:      "wavefronts": 1,
// CHECK-NOT:  "called_from"
