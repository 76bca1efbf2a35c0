// 1,024 errors in host code (tolerated alone), then one in a kernel.
#define U0 undeclared(); undeclared(); undeclared(); undeclared();
#define U1 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0 U0
#define U2 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1 U1
void host() { U2 }
__global__ void k(float *o) { o[threadIdx.x] = missing; }
