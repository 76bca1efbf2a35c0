//===- AccessModel.cpp - Printing helpers for the access model ------------===//

#include "Model/AccessModel.h"
#include "Model/Arch.h"

#include <algorithm>

namespace warplint {

const char *spaceName(MemorySpace S) {
  return S == MemorySpace::Shared ? "shared" : "global";
}

const char *opName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    return "atomic";
  }
  return "?";
}

static std::string locString(const SourceLoc &L) {
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::optional<int64_t> LaunchConfig::blockExtent(unsigned D) const {
  if (D >= 3)
    return std::nullopt;
  if (Block)
    return D == 0 ? Block->X : D == 1 ? Block->Y : Block->Z;
  return PartialBlock[D];
}

/// " through the call at f.cu:33:3 (B = 4, T = 1024)": where the values of a
/// launch came from, when calls of its function gave them.
static std::string throughCalls(const LaunchConfig &L) {
  std::string S;
  if (!L.CalledAt.empty())
    S = L.CalledAt.size() == 1 ? " through the call at "
                               : " through the calls at ";
  for (size_t I = 0; I < L.CalledAt.size(); ++I)
    S += (I == 0 ? "" : I + 1 == L.CalledAt.size() ? " and " : ", ") +
         locString(L.CalledAt[I]);
  if (!L.BoundValues.empty())
    S += " (" + L.BoundValues + ")";
  return S;
}

std::string LaunchConfig::describe() const {
  std::string S;
  if (Block)
    S = "block " + std::to_string(Block->X) + "x" + std::to_string(Block->Y) +
        "x" + std::to_string(Block->Z);
  switch (Source) {
  case LaunchSource::LaunchSite: {
    if (partial()) {
      // "block 64 x blockDim.y x 1 from the launch at f.cu:9:3
      // (blockDim.y is a run-time value: 'dim3(64, rows)')"
      std::string Extents, Runtime, RowsNote;
      // A warp over several rows (Solve/LaunchSpace.h) is taken whole.
      if (PartialBlock[0] && *PartialBlock[0] < WarpLanes)
        RowsNote = "; blockDim.y assumed a multiple of " +
                   std::to_string(WarpLanes / *PartialBlock[0]) +
                   ", so that every warp is whole";
      for (unsigned D = 0; D < 3; ++D) {
        std::string Name = std::string("blockDim.") + "xyz"[D];
        Extents += (D ? " x " : "") +
                   (PartialBlock[D] ? std::to_string(*PartialBlock[D]) : Name);
        if (!PartialBlock[D])
          Runtime += (Runtime.empty() ? "" : " and ") + Name;
      }
      return "block " + Extents +
             (DeviceSide ? " from the device-side launch at "
                         : " from the launch at ") +
             locString(Site) + throughCalls(*this) + " (" + Runtime +
             (Runtime.find(" and ") == std::string::npos ? " is a" : " are") +
             " run-time value" +
             (Runtime.find(" and ") == std::string::npos ? "" : "s") +
             (RuntimeBlock.empty() ? "" : ": '" + RuntimeBlock + "'") +
             RowsNote + ")";
    }
    // "block 128x1x1 from the launch at f.cu:9:3 (its y extent is not a
    // constant; the kernel does not read threadIdx.y or blockDim.y)"
    std::string Unknown;
    for (unsigned D = 1; D < 3; ++D)
      if (UnknownExtents[D])
        Unknown += std::string(Unknown.empty() ? "" : " and ") + "xyz"[D];
    std::string Why;
    if (!Unknown.empty())
      Why = " (its " + Unknown +
            " extent is not a constant; the kernel reads no threadIdx or "
            "blockDim in it)";
    return S +
           (DeviceSide ? " from the device-side launch at "
                       : " from the launch at ") +
           locString(Site) + throughCalls(*this) + Why +
           (PathChoice.empty() ? "" : " (" + PathChoice + ")");
  }
  case LaunchSource::CommandLine:
    return S + " from --block-dim";
  case LaunchSource::Annotation:
    return S + " from the warplint: block-dim annotation at " +
           locString(Site);
  case LaunchSource::ConfigFile:
    return S + " from BlockShapes at " + locString(Site);
  case LaunchSource::LaunchBounds:
    return S + ", the largest the kernel's __launch_bounds__ at " +
           locString(Site) + " allows (no launch of it was found)";
  case LaunchSource::KernelCondition:
    return S + " required by the kernel's condition on blockDim at " +
           locString(Site);
  case LaunchSource::Assumed: {
    if (!Site.isValid() && !Refused.empty())
      return "no valid launch shape: blockDim.x assumed a multiple of 32 (" +
             Refused + " has an invalid shape" +
             (MoreRefused ? ", and " + std::to_string(MoreRefused) +
                                " more source" + (MoreRefused == 1 ? "" : "s")
                          : std::string()) +
             ")";
    if (!Site.isValid())
      return "no launch found: blockDim.x assumed a multiple of 32";
    // "blockDim.x assumed a multiple of 32: the launch at f.cu:9:3 gives
    // its block as 'nthreads', not a compile-time constant"
    std::string More;
    if (MoreRuntimeLaunches)
      More = " (" + std::to_string(MoreRuntimeLaunches) + " more launch" +
             (MoreRuntimeLaunches == 1 ? "" : "es") + " like it)";
    return "blockDim.x assumed a multiple of 32: the " +
           std::string(DeviceSide ? "device-side " : "") + "launch at " +
           locString(Site) + " gives its block as '" + RuntimeBlock +
           "', not a compile-time constant" + More;
  }
  }
  return S;
}

std::string KernelModel::symbolName(Symbol S) const {
  static const char *Dims[] = {"x", "y", "z"};
  const char *D = Dims[S.Index < 3 ? S.Index : 0];
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    return std::string("threadIdx.") + D;
  case SymbolKind::BlockIdx:
    return std::string("blockIdx.") + D;
  case SymbolKind::BlockDim:
    return std::string("blockDim.") + D;
  case SymbolKind::GridDim:
    return std::string("gridDim.") + D;
  case SymbolKind::LoopVar:
    if (S.Index < Loops.size())
      return Loops[S.Index].VarName;
    break;
  case SymbolKind::Param:
    if (S.Index < Params.size())
      return Params[S.Index].Name;
    break;
  case SymbolKind::Uniform:
    if (S.Index < Uniforms.size())
      return "<" + Uniforms[S.Index].Description + ">";
    break;
  }
  return defaultSymbolName(S);
}

void bindParamValues(TranslationUnitModel &TU,
                     const std::map<std::string, int64_t> &Values) {
  if (Values.empty())
    return;
  for (KernelModel &K : TU.Kernels)
    for (const Param &P : K.Params) {
      auto It = Values.find(P.Name);
      bool Floating = P.Type.find("float") != std::string::npos ||
                      P.Type.find("double") != std::string::npos;
      if (It == Values.end() || P.IsPointer || Floating)
        continue;
      for (LaunchConfig &L : K.Launches) {
        bool Bound = false;
        for (const auto &PV : L.ParamValues)
          Bound |= PV.first == P.Id;
        if (!Bound)
          L.ParamValues.push_back({P.Id, It->second});
      }
    }
}

std::string linesOf(const std::vector<const Access *> &Members) {
  unsigned Lo = Members.front()->Loc.Line, Hi = Lo;
  for (const Access *M : Members) {
    Lo = std::min(Lo, M->Loc.Line);
    Hi = std::max(Hi, M->Loc.Line);
  }
  return Lo == Hi ? "line " + std::to_string(Lo)
                  : "lines " + std::to_string(Lo) + "-" + std::to_string(Hi);
}

} // namespace warplint
