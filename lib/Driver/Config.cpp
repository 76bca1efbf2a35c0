//===- Config.cpp - .warplint.yaml project configuration ------------------===//
//
// Parsed with LLVM's YAML node parser rather than YAMLTraits: a kernel's
// BlockShapes entry may be one shape or a list of shapes, and every error
// can name the file, line and column of the node at fault.
//
//===----------------------------------------------------------------------===//

#include "Driver/Config.h"

#include "Model/Arch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {
namespace {

const char *const KnownKeys =
    "Checks, WarningsAsErrors, Arch, BlockShapes, ReportMisaligned, "
    "AssumeWorst, ShowUnknown, InheritParentConfig";

/// Reads one document's top-level mapping; the first problem found wins
/// and stops the parse.
class Parser {
public:
  Parser(llvm::StringRef Text, llvm::StringRef Path)
      : Path(Path.str()), Stream(Text, SM, /*ShowColors=*/false) {
    // The YAML parser reports its own syntax errors through the source
    // manager; keep the first one as our error.
    SM.setDiagHandler(
        [](const llvm::SMDiagnostic &D, void *Ctx) {
          auto *P = static_cast<Parser *>(Ctx);
          if (P->Error.empty())
            P->Error = P->Path + ":" + std::to_string(D.getLineNo()) + ":" +
                       std::to_string(D.getColumnNo() + 1) + ": " +
                       D.getMessage().str();
        },
        this);
  }

  std::optional<Config> run() {
    Config C;
    C.Files.push_back(Path);
    auto Doc = Stream.begin();
    if (Doc == Stream.end() || !Doc->getRoot() ||
        llvm::isa<llvm::yaml::NullNode>(Doc->getRoot())) {
      if (!Error.empty())
        return std::nullopt;
      return C; // an empty file sets nothing
    }
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(Doc->getRoot());
    if (!Map) {
      fail(Doc->getRoot(),
           "expected a mapping of keys (" + std::string(KnownKeys) + ")");
      return std::nullopt;
    }
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      if (!Error.empty())
        break;
      std::optional<std::string> Key = scalar(KV.getKey());
      if (!Key)
        break;
      llvm::yaml::Node *Value = KV.getValue();
      if (!Error.empty() || !Value)
        break;
      if (*Key == "Checks")
        C.Checks = globList(Value);
      else if (*Key == "WarningsAsErrors")
        C.WarningsAsErrors = globList(Value);
      else if (*Key == "Arch")
        C.Arch = arch(Value);
      else if (*Key == "BlockShapes")
        blockShapes(Value, C);
      else if (*Key == "ReportMisaligned")
        C.ReportMisaligned = boolean(Value);
      else if (*Key == "AssumeWorst")
        C.AssumeWorst = boolean(Value);
      else if (*Key == "ShowUnknown")
        C.ShowUnknown = boolean(Value);
      else if (*Key == "InheritParentConfig")
        C.InheritParentConfig = boolean(Value).value_or(false);
      else
        fail(KV.getKey(),
             "unknown key '" + *Key + "'; known keys: " + KnownKeys);
    }
    // Later documents are not ours to interpret.
    if (Error.empty() && ++Doc != Stream.end())
      fail(Doc->getRoot(), "expected one YAML document");
    if (!Error.empty())
      return std::nullopt;
    return C;
  }

  std::string Error;

private:
  void fail(llvm::yaml::Node *N, const std::string &Message) {
    if (!Error.empty())
      return;
    SourceLoc L = loc(N);
    Error = Path + ":" + std::to_string(L.Line) + ":" +
            std::to_string(L.Column) + ": " + Message;
  }

  SourceLoc loc(llvm::yaml::Node *N) {
    SourceLoc L;
    L.File = Path;
    if (!N)
      return L;
    auto LC = SM.getLineAndColumn(N->getSourceRange().Start);
    L.Line = LC.first;
    L.Column = LC.second;
    return L;
  }

  std::optional<std::string> scalar(llvm::yaml::Node *N) {
    auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(N);
    if (!S) {
      fail(N, "expected a single value");
      return std::nullopt;
    }
    llvm::SmallString<64> Storage;
    return S->getValue(Storage).str();
  }

  std::optional<bool> boolean(llvm::yaml::Node *N) {
    std::optional<std::string> V = scalar(N);
    if (!V)
      return std::nullopt;
    if (std::optional<bool> B = llvm::yaml::parseBool(*V))
      return B;
    fail(N, "expected true or false, not '" + *V + "'");
    return std::nullopt;
  }

  std::optional<std::string> arch(llvm::yaml::Node *N) {
    std::optional<std::string> V = scalar(N);
    if (V && !findArch(*V)) {
      fail(N,
           "unknown GPU architecture '" + *V + "'; known: " + knownArchNames());
      return std::nullopt;
    }
    return V;
  }

  /// "a,-b" or a YAML list [a, -b]; both become "a,-b".
  std::optional<std::string> globList(llvm::yaml::Node *N) {
    if (auto *Seq = llvm::dyn_cast<llvm::yaml::SequenceNode>(N)) {
      std::string Joined;
      for (llvm::yaml::Node &Item : *Seq) {
        std::optional<std::string> V = scalar(&Item);
        if (!V)
          return std::nullopt;
        Joined += (Joined.empty() ? "" : ",") + *V;
      }
      return Joined;
    }
    return scalar(N);
  }

  /// One extent of a shape [X, Y, Z] being read: the I-th, into V.
  bool extent(llvm::yaml::Node *Item, int64_t (&V)[3], unsigned &I) {
    std::optional<std::string> Text = scalar(Item);
    if (!Text)
      return false;
    if (I == 3) {
      fail(Item, "a block shape has at most 3 extents: [X, Y, Z]");
      return false;
    }
    if (llvm::StringRef(*Text).getAsInteger(10, V[I]) || V[I] <= 0) {
      fail(Item, "each extent of a block shape must be a positive "
                 "integer, not '" +
                     *Text + "'");
      return false;
    }
    ++I;
    return true;
  }

  std::optional<BlockShape> finishShape(llvm::yaml::Node *Seq,
                                        const int64_t (&V)[3], unsigned I) {
    if (I == 0) {
      fail(Seq, "a block shape needs at least X: [X, Y, Z]");
      return std::nullopt;
    }
    if (V[0] * V[1] * V[2] > 1024) {
      fail(Seq, "a block has at most 1024 threads");
      return std::nullopt;
    }
    return BlockShape{V[0], V[1], V[2]};
  }

  /// [X, Y, Z] (Y and Z may be left out).
  std::optional<BlockShape> shape(llvm::yaml::SequenceNode *Seq) {
    int64_t V[3] = {1, 1, 1};
    unsigned I = 0;
    for (llvm::yaml::Node &Item : *Seq)
      if (!extent(&Item, V, I))
        return std::nullopt;
    return finishShape(Seq, V, I);
  }

  /// kernel: [X, Y, Z]  or  kernel: [[X, Y, Z], [X, Y, Z]]. YAML nodes are
  /// read in one pass, so the first item decides which form it is.
  void blockShapes(llvm::yaml::Node *N, Config &C) {
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(N);
    if (!Map) {
      fail(N, "BlockShapes maps kernel names to [X, Y, Z]");
      return;
    }
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      std::optional<std::string> Kernel = scalar(KV.getKey());
      if (!Kernel)
        return;
      auto *Seq =
          llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(KV.getValue());
      if (!Seq) {
        fail(KV.getValue(), "expected [X, Y, Z] or a list of them for "
                            "kernel '" +
                                *Kernel + "'");
        return;
      }
      ConfiguredBlockShapes Entry;
      Entry.Where = loc(KV.getKey());
      int64_t V[3] = {1, 1, 1};
      unsigned I = 0;
      bool ListOfShapes = false, First = true;
      for (llvm::yaml::Node &Item : *Seq) {
        auto *Inner = llvm::dyn_cast<llvm::yaml::SequenceNode>(&Item);
        if (First)
          ListOfShapes = Inner != nullptr;
        First = false;
        if (ListOfShapes != (Inner != nullptr)) {
          fail(&Item, "expected [X, Y, Z] or a list of them for kernel '" +
                          *Kernel + "'");
          return;
        }
        if (Inner) {
          std::optional<BlockShape> B = shape(Inner);
          if (!B)
            return;
          Entry.Shapes.push_back(*B);
        } else if (!extent(&Item, V, I)) {
          return;
        }
      }
      if (!ListOfShapes) {
        std::optional<BlockShape> B = finishShape(Seq, V, I);
        if (!B)
          return;
        Entry.Shapes.push_back(*B);
      }
      C.BlockShapes[*Kernel] = std::move(Entry);
    }
  }

  std::string Path;
  llvm::SourceMgr SM;
  llvm::yaml::Stream Stream;
};

std::string appendGlobs(const std::optional<std::string> &A,
                        const std::string &B) {
  return A && !A->empty() ? *A + "," + B : B;
}

} // namespace

std::optional<Config> parseConfig(llvm::StringRef Text, llvm::StringRef Path,
                                  std::string &Error) {
  Parser P(Text, Path);
  std::optional<Config> C = P.run();
  Error = P.Error;
  return C;
}

Config mergeConfig(const Config &Base, const Config &Over) {
  Config M = Base;
  M.Files.insert(M.Files.begin(), Over.Files.begin(), Over.Files.end());
  if (Over.Checks)
    M.Checks = appendGlobs(Base.Checks, *Over.Checks);
  if (Over.WarningsAsErrors)
    M.WarningsAsErrors =
        appendGlobs(Base.WarningsAsErrors, *Over.WarningsAsErrors);
  if (Over.Arch)
    M.Arch = Over.Arch;
  for (const auto &[Kernel, Shapes] : Over.BlockShapes)
    M.BlockShapes[Kernel] = Shapes;
  if (Over.ReportMisaligned)
    M.ReportMisaligned = Over.ReportMisaligned;
  if (Over.AssumeWorst)
    M.AssumeWorst = Over.AssumeWorst;
  if (Over.ShowUnknown)
    M.ShowUnknown = Over.ShowUnknown;
  M.InheritParentConfig = Over.InheritParentConfig;
  return M;
}

void applyConfig(const Config &C, PipelineOptions &Opts) {
  if (C.Checks)
    Opts.CheckFilter += "," + *C.Checks;
  if (C.WarningsAsErrors)
    Opts.WarningsAsErrors =
        appendGlobs(Opts.WarningsAsErrors, *C.WarningsAsErrors);
  if (C.Arch)
    if (std::optional<ArchInfo> A = findArch(*C.Arch)) {
      // Written in a file or on the command line, the architecture is the
      // user's choice and wins over the compile command's, like --arch.
      Opts.Solve.Arch = *A;
      Opts.Frontend.Arch = A->Name;
      Opts.Frontend.ArchOverrides = true;
    }
  for (const auto &[Kernel, Shapes] : C.BlockShapes)
    Opts.Frontend.KernelBlockDims[Kernel] = Shapes;
  if (C.ReportMisaligned)
    Opts.Checks.ReportMisaligned = *C.ReportMisaligned;
  if (C.AssumeWorst)
    Opts.Checks.AssumeWorst = *C.AssumeWorst;
  if (C.ShowUnknown)
    Opts.Checks.ShowUnknown = *C.ShowUnknown;
}

const ConfigFinder::Result &ConfigFinder::forDirectory(const std::string &Dir) {
  // Called with Lock held; recursion walks up one folder at a time, each
  // level cached, so sibling folders share their parents' work.
  auto It = Cache.find(Dir);
  if (It != Cache.end())
    return *It->second;
  auto R = std::make_unique<Result>();
  llvm::SmallString<256> Candidate(Dir);
  llvm::sys::path::append(Candidate, ".warplint.yaml");
  llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
  bool HasParent = !Parent.empty() && Parent != Dir;

  if (llvm::sys::fs::exists(Candidate)) {
    auto Buffer = llvm::MemoryBuffer::getFile(Candidate);
    if (!Buffer) {
      R->Error = std::string(Candidate) +
                 ": cannot read: " + Buffer.getError().message();
    } else {
      std::string Error;
      std::optional<Config> Own =
          parseConfig((*Buffer)->getBuffer(), Candidate, Error);
      if (!Own) {
        R->Error = Error;
      } else if (Own->InheritParentConfig && HasParent) {
        const Result &Up = forDirectory(Parent.str());
        if (Up.Found)
          R->Found = mergeConfig(*Up.Found, *Own);
        else
          R->Error = Up.Error;
      } else {
        R->Found = std::move(Own);
      }
    }
  } else if (HasParent) {
    const Result &Up = forDirectory(Parent.str());
    R->Found = Up.Found;
    R->Error = Up.Error;
  } else {
    R->Found = Config();
  }
  return *Cache.emplace(Dir, std::move(R)).first->second;
}

std::optional<Config> ConfigFinder::find(const std::string &File,
                                         std::string &Error) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Dir);
  std::lock_guard<std::mutex> Guard(Lock);
  const Result &R = forDirectory(std::string(Dir));
  Error = R.Error;
  return R.Found;
}

} // namespace warplint
