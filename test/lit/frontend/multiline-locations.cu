// An access written over several lines is placed where nvcc's line table
// (and so Nsight Compute's Source view) puts its instruction: the line where
// a subscript's index ends. JSON keeps the whole expression's range
// (begin_line..end_line) for tools that join by range; a finding's caret is
// on the instruction's line. Evidence: compiler-facts/listing-lines.test.
// RUN: %warplint --format=json --all-accesses --exit-zero %s -- | FileCheck %s --check-prefix=JSON
// RUN: %warplint --exit-zero --checks=-*,warplint-bank-conflict %s -- 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %exit 1 %warplint --checks=-*,warplint-bank-conflict %s --

__global__ void transposeColumns(float *Out, const float *In) {
  __shared__ float Tile[32][32];
  int X = threadIdx.x, Y = threadIdx.y;
  Tile[Y][X] = In[Y * 32 + X];
  __syncthreads();
  Out[Y * 32 + X] = Tile
      [X]
      [Y];
}

void launch(float *Out, const float *In) {
  transposeColumns<<<1, dim3(32, 32)>>>(Out, In);
}

// JSON:      "line": 17,
// JSON-NEXT: "column": 8,
// JSON-NEXT: "begin_line": 15,
// JSON-NEXT: "begin_column": 21,
// JSON-NEXT: "end_line": 17,
// JSON-NEXT: "end_column": 10,
// JSON-NEXT: "kernel": "transposeColumns",
// JSON:      "variable": "Tile",
// JSON-NEXT: "space": "shared",
// JSON-NEXT: "op": "load",

// TEXT:      multiline-locations.cu:17:8: warning: 32-way shared memory bank conflict
// TEXT-NEXT:    17 |       [Y];
// TEXT-NEXT:       |        ^~
