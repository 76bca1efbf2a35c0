//===- Arithmetic.h - Floating-point instructions ---------------*- C++ -*-===//
//
// The cost model's arithmetic pipe (lib/Cost) needs how much floating-point
// work a kernel surely does besides its memory accesses: a kernel that runs
// 4,096 FFMAs per thread is not made faster by fixing its one strided load
// (bench/cost: fma_strided). This counts, per statement, the instructions
// nvcc emits for its floating-point operators, as a lower bound.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_ARITHMETIC_H
#define WARPLINT_FRONTEND_ARITHMETIC_H

#include "clang/AST/Stmt.h"

namespace warplint {

struct FpInstructions {
  unsigned Fp32 = 0, Fp64 = 0;
};

/// The FP32 and FP64 add, multiply, fused multiply-add and divide
/// instructions S executes whatever its values: a multiply feeding an add
/// or subtract counts once (nvcc contracts them into an FMA), the
/// branches of ?: and the right operand of && and || are not counted
/// (they may not run), nor are calls other than the fma and rounding
/// intrinsics (a user function's body is counted where the walker inlines
/// it), math functions or conversions.
FpInstructions countFpInstructions(const clang::Stmt *S);

} // namespace warplint

#endif // WARPLINT_FRONTEND_ARITHMETIC_H
