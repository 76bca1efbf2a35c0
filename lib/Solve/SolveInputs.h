//===- SolveInputs.h - When two solves read the same inputs -----*- C++ -*-===//
//
// solveShared and solveGlobal (Solver.h) answer from an access, its kernel
// and a launch configuration, and read only part of each. Accesses whose
// solves read equal parts get equal results, so the pipeline solves one and
// copies the answer (Checks/Analysis.cpp). That happens within a kernel (an
// expression read and written, `a[i] += x`) and across kernels: every
// instantiation of a kernel template (float and double, each block size)
// and every kernel that inlines one device function repeat the same index
// arithmetic on the same arrays, and real files (cuda-samples' Mandelbrot,
// the eigenvalue bisection) spend most of their analysis on such repeats.
//
// What a solve reads, and so what must be equal:
//  - of the access: everything but where it is written (Id, ranges, Loc,
//    Function, CallChain, InlinedFrom, subscript ranges and indices, notes);
//  - of its kernel: its object (by content: name, space, type, size,
//    alignment, placement), every loop (the space copies them all; symbols
//    index them), every opaque uniform value, and the parameters that its
//    expressions, the loops or the launch mention (by id: name and type);
//  - of the launch: everything, but the site's location unless the shape is
//    partly a run-time value (only that reason names it);
//  - what nvcc emits for it (Emission): within a kernel, the same emission;
//    across kernels only accesses emitted as written (a merged or split
//    instruction reads other accesses of its kernel).
// A change to the solver that reads more of the model must add it here;
// SolveInputsTest changes each field in turn.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_SOLVEINPUTS_H
#define WARPLINT_SOLVE_SOLVEINPUTS_H

#include "Model/AccessModel.h"

#include <cstddef>

namespace warplint {

/// One solve's inputs: an access of a kernel under one of its launches.
struct SolveInput {
  const KernelModel *Kernel = nullptr;
  const Access *Acc = nullptr;
  const LaunchConfig *Launch = nullptr;
};

/// Whether solving A and solving B read equal inputs (see above).
bool sameSolveInputs(const SolveInput &A, const SolveInput &B);

/// A hash that equal inputs share (to find candidates quickly).
size_t solveInputHash(const SolveInput &In);

} // namespace warplint

#endif // WARPLINT_SOLVE_SOLVEINPUTS_H
