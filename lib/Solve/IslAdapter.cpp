//===- IslAdapter.cpp - The only place that calls ISL's C API -------------===//

#include "Solve/IslAdapter.h"

#include <isl/ctx.h>
#include <isl/options.h>

namespace warplint {

IslContext::IslContext(unsigned long MaxOperations) : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(Ctx, MaxOperations);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

bool IslContext::quotaExhausted() const {
  return isl_ctx_last_error(Ctx) == isl_error_quota;
}

} // namespace warplint
