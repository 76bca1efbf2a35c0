// Valid CUDA that stresses the analyzer.

__device__ int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }

__device__ void recurse(float *s, int n) {
  if (n > 0) {
    s[threadIdx.x * n] = 1.0f;
    recurse(s, n - 1);
  }
}

__global__ void pathological(float *out, int n) {
  __shared__ float zero[0];
  __shared__ float s[1024];
  recurse(s, 3);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 4; ++d)
          for (int e = 0; e < 4; ++e)
            for (int f = 0; f < 4; ++f)
              for (int g = 0; g < 4; ++g)
                for (int h = 0; h < 4; ++h)
                  s[(a + b + c + d + e + f + g + h + threadIdx.x) % 1024] += 1.0f;
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; j += 3)
      s[(i * 7 + j + threadIdx.x * 3) % 1024] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = s[depth(threadIdx.x)] + zero[threadIdx.x];
}

int main() { pathological<<<1, 128>>>(nullptr, 100); }
