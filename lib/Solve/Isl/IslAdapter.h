//===- IslAdapter.h - The only place that calls ISL's C API -----*- C++ -*-===//
//
// Owns an isl_ctx configured for the solver: errors continue (the C++
// bindings turn them into isl::exception, this library is built with
// exceptions) and an operation quota bounds every computation, so a
// pathological set gives "unknown" instead of a hang.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_SOLVE_ISLADAPTER_H
#define WARPLINT_SOLVE_ISLADAPTER_H

#include <isl/cpp.h>

#include <vector>

namespace warplint {

class IslContext {
public:
  explicit IslContext(unsigned long MaxOperations);
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;

  isl::ctx ctx() const { return isl::ctx(Ctx); }
  /// Whether the last failure was the operation quota running out.
  bool quotaExhausted() const;

private:
  isl_ctx *Ctx;
};

/// S with its parameters in the order of Order (ids S lacks are added),
/// so that ISL prints them in an order the caller chose.
isl::set alignParams(isl::set S, const std::vector<isl::id> &Order);

} // namespace warplint

#endif // WARPLINT_SOLVE_ISLADAPTER_H
