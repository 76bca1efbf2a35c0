# Writes one kernel with 2500 shared-memory accesses (a generated stress input).
print("__global__ void many(float *out) {")
print("  __shared__ float s[64][33];")
print("  float acc = 0.0f;")
for i in range(2500):
    print(f"  acc += s[(threadIdx.x + {i}) % 64][{i % 33}];")
print("  out[threadIdx.x] = acc;")
print("}")
print("int main() { many<<<1, 64>>>(nullptr); }")
