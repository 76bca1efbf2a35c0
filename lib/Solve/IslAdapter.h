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

} // namespace warplint

#endif // WARPLINT_SOLVE_ISLADAPTER_H
