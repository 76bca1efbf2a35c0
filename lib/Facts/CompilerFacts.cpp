//===- CompilerFacts.cpp - The compiler-truth mode for one file -----------===//

#include "Facts/CompilerFacts.h"
#include "Facts/SassFacts.h"
#include "Facts/SassListing.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warplint {

std::string toolkitRootFor(const CompileCommand &Cmd,
                           const FrontendOptions &FO) {
  return planDeviceParse(Cmd, FO).ToolkitRoot;
}

CompilerFactsResult applyCompilerFacts(FrontendResult &Parsed,
                                       const CompileCommand &Cmd,
                                       const FrontendOptions &FO,
                                       const SassOptions &SO) {
  CompilerFactsResult R;
  if (SO.Mode == SassMode::Off || !Parsed.Success)
    return R;
  std::string Listing;
  std::string Arch = Parsed.Model.Arch.empty() ? FO.Arch : Parsed.Model.Arch;
  if (!SO.ListingFile.empty()) {
    auto Buffer = llvm::MemoryBuffer::getFile(SO.ListingFile, /*IsText=*/true);
    if (!Buffer) {
      R.Notes.push_back("the SASS listing '" + SO.ListingFile +
                        "' could not be read; source rules only");
      return R;
    }
    Listing = (*Buffer)->getBuffer().str();
  } else {
    DeviceParsePlan Plan = planDeviceParse(Cmd, FO);
    llvm::Expected<SassTools> Tools = findSassTools(Plan.ToolkitRoot);
    if (!Tools) {
      std::string Why = llvm::toString(Tools.takeError());
      // Auto is quiet where the toolkit lacks the tools: that is the
      // ordinary case without a full CUDA installation.
      if (SO.Mode == SassMode::On)
        R.Notes.push_back("--sass=on: " + Why + "; source rules only");
      return R;
    }
    llvm::SmallString<256> File(Cmd.File);
    if (!llvm::sys::path::is_absolute(File) && !Cmd.Directory.empty()) {
      File = Cmd.Directory;
      llvm::sys::path::append(File, Cmd.File);
    }
    SassCompileResult C = compileToSass(
        *Tools, std::string(File), sassNvccArgs(Plan.OwnArgs, Cmd.Args, Arch),
        SO);
    R.FromCache = C.FromCache;
    if (!C.Failure.empty()) {
      R.Notes.push_back("nvcc could not compile '" + Cmd.File + "' for " +
                        Arch + " (" + C.Failure + "); source rules only");
      return R;
    }
    Listing = std::move(C.Listing);
  }
  SassListing L = parseSassListing(Listing);
  applySassListing(Parsed.Model, L);
  R.Ran = true;
  if (SO.Dump)
    R.Dump = dumpSassFacts(Parsed.Model, L);
  return R;
}

} // namespace warplint
