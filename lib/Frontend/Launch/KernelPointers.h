//===- KernelPointers.h - What a launch through a pointer runs --*- C++ -*-===//
//
// `kernel<<<grid, threads>>>(...)` where `kernel` is a local function pointer
// (benchmarks pick one kernel after another and launch each with the same
// shape): the kernels that may be launched are those the function stores in
// the pointer. Only locals are followed: a pointer that comes from elsewhere
// (a parameter, a global, a table) has no known targets.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_FRONTEND_KERNELPOINTERS_H
#define WARPLINT_FRONTEND_KERNELPOINTERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace warplint {

/// The __global__ functions Callee (the callee expression of a launch in
/// Fn) may name: every kernel stored in the local function pointer it reads
/// (initializer and assignments in Fn's body), in source order. Empty when
/// Callee is not a local pointer, or when anything else is stored in it.
std::vector<const clang::FunctionDecl *>
kernelPointerTargets(const clang::Expr *Callee, const clang::FunctionDecl *Fn);

/// The kernel E names (`&k`, `k`, `k<32>`), or null.
const clang::FunctionDecl *namedKernel(const clang::Expr *E);

} // namespace warplint

#endif // WARPLINT_FRONTEND_KERNELPOINTERS_H
