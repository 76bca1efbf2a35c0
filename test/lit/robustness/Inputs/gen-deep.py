"""Writes a kernel that nests deeper than any walker may recurse.

usage: gen-deep.py KIND N [M]
  sum      one expression of N terms: int v = 0 + (int)threadIdx.x + ...
  ifs      N nested if statements around one store
  chain    N statements v = v + threadIdx.x; (a value N operations deep)
  loops    N nested counted for loops around one store
  helper   a device function that returns from inside N nested loops,
           called M times
  inlined  a device function of N nested ifs around one store, called M
           times (each call walked and recorded apart)
Each ends with a shared store whose bank conflict the analysis would find
if it saw the whole kernel, and a second, shallow one that it must see.
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = []
if kind == "helper":
    out += ["__device__ float *pick(float *s) {"]
    out += ["  for (int q = 0; q < 2; ++q) {"] * n
    out.append("  return s;")
    out += ["  }"] * n
    out += ["  return s;", "}", ""]
if kind == "inlined":
    out += ["__device__ void nest(float *s) {"]
    out += ["  if (threadIdx.x < 1000 - %d) {" % i for i in range(n)]
    out.append("  s[threadIdx.x] = 0.0f;")
    out += ["  }"] * n
    out += ["}", ""]
out += ["__global__ void deep(float *o, int n) {",
       "  __shared__ float s[32 * 32];",
       "  s[threadIdx.x * 32] = 1.0f; // shallow: always analyzed"]
if kind == "sum":
    out.append("  int v = 0" + " + (int)threadIdx.x" * n + ";")
    out.append("  s[v] = 2.0f;")
elif kind == "ifs":
    out += ["  if (n > -%d) {" % i for i in range(n)]
    out.append("  s[threadIdx.x * 32] = 2.0f;")
    out += ["  }"] * n
elif kind == "loops":
    out += ["  for (int i%d = 0; i%d < 2; ++i%d) {" % (i, i, i) for i in range(n)]
    out.append("  s[threadIdx.x * 32] = 2.0f;")
    out += ["  }"] * n
elif kind == "inlined":
    out += ["  nest(s);"] * int(sys.argv[3])
elif kind == "helper":
    out += ["  pick(s)[threadIdx.x * 32 + 1] = 2.0f;"] * int(sys.argv[3])
elif kind == "chain":
    out.append("  int v = 0;")
    out += ["  v = v + threadIdx.x;"] * n
    out.append("  s[v] = 2.0f;")
else:
    sys.exit("unknown kind " + kind)
out += ["}", "", "void host(float *o) { deep<<<1, 32>>>(o, 1); }"]
print("\n".join(out))
