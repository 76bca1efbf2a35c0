//===- IslAdapter.cpp - The only place that calls ISL's C API -------------===//

#include "Solve/Isl/IslAdapter.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>

namespace warplint {

IslContext::IslContext(unsigned long MaxOperations) : Ctx(isl_ctx_alloc()) {
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(Ctx, MaxOperations);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

bool IslContext::quotaExhausted() const {
  return isl_ctx_last_error(Ctx) == isl_error_quota;
}

isl::set alignParams(isl::set S, const std::vector<isl::id> &Order) {
  isl::ctx Ctx = S.ctx();
  isl::space Params = isl::space::unit(Ctx);
  for (const isl::id &Id : Order)
    Params = Params.add_param(Id);
  isl_set *Aligned = isl_set_align_params(S.release(), Params.release());
  if (!Aligned)
    isl::exception::throw_last_error(Ctx);
  return isl::manage(Aligned);
}

} // namespace warplint
