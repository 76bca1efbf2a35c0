//===- Config.cpp - .warplint.yaml project configuration ------------------===//
//
// Parsed with LLVM's YAML node parser rather than YAMLTraits: a kernel's
// BlockShapes entry may be one shape or a list of shapes, and every error
// can name the file, line and column of the node at fault.
//
//===----------------------------------------------------------------------===//

#include "Driver/Config.h"

#include "Checks/Check.h"
#include "Model/Arch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {
namespace {

const char *const KnownKeys =
    "Checks, WarningsAsErrors, CheckOptions, Arch, BlockShapes, "
    "ReportMisaligned, AssumeWorst, ShowUnknown, Sass, Params, "
    "MinSpeedup, Sort, InheritParentConfig";

} // namespace

std::optional<double> parseMinSpeedup(llvm::StringRef Text) {
  double V;
  if (Text.trim().getAsDouble(V) || !(V >= 1) || V > 1e6)
    return std::nullopt;
  return V;
}

std::optional<std::string> checkOptionAlias(llvm::StringRef Key) {
  if (Key == "ReportMisaligned" || Key == "AssumeWorst")
    return "warplint-uncoalesced." + Key.str();
  return std::nullopt;
}

void setCheckOption(Config &C, const std::string &Name,
                    std::optional<bool> Value) {
  if (Value)
    C.CheckOptions[Name] = *Value ? "true" : "false";
}

namespace {

/// Reads one document's top-level mapping; the first problem found wins
/// and stops the parse.
class Parser {
public:
  Parser(llvm::StringRef Text, llvm::StringRef Path)
      : Path(Path.str()), Text(Text), Stream(Text, SM, /*ShowColors=*/false) {
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
    if (!checkIndentation())
      return std::nullopt;
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
    std::map<std::string, unsigned> Seen; // key -> line
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      if (!Error.empty())
        break;
      std::optional<std::string> Key = scalar(KV.getKey());
      if (!Key)
        break;
      auto [First, New] = Seen.try_emplace(*Key, loc(KV.getKey()).Line);
      if (!New) {
        fail(KV.getKey(), "duplicate key '" + *Key + "' (first at line " +
                              std::to_string(First->second) + ")");
        break;
      }
      llvm::yaml::Node *Value = KV.getValue();
      if (!Error.empty() || !Value)
        break;
      if (*Key == "Checks")
        C.Checks = globList(Value, "Checks");
      else if (*Key == "WarningsAsErrors")
        C.WarningsAsErrors = globList(Value, "WarningsAsErrors");
      else if (*Key == "Arch")
        C.Arch = arch(Value);
      else if (*Key == "BlockShapes")
        blockShapes(Value, C);
      else if (*Key == "CheckOptions")
        checkOptions(Value, C);
      else if (std::optional<std::string> Full = checkOptionAlias(*Key))
        setCheckOption(C, *Full, boolean(Value));
      else if (*Key == "ShowUnknown")
        C.ShowUnknown = boolean(Value);
      else if (*Key == "Sass")
        C.Sass = sassMode(Value);
      else if (*Key == "Params")
        params(Value, C);
      else if (*Key == "MinSpeedup")
        C.MinSpeedup = minSpeedup(Value);
      else if (*Key == "Sort")
        C.Sort = sortOrder(Value);
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

  /// YAML forbids tabs in indentation; LLVM's parser would read on.
  bool checkIndentation() {
    llvm::StringRef Rest = Text;
    for (unsigned Line = 1; !Rest.empty(); ++Line) {
      auto [L, Next] = Rest.split('\n');
      size_t Tab = L.find('\t');
      if (Tab != llvm::StringRef::npos && L.find_first_not_of(" \t") > Tab) {
        Error = Path + ":" + std::to_string(Line) + ":" +
                std::to_string(Tab + 1) +
                ": tab character in indentation; YAML indents with spaces";
        return false;
      }
      Rest = Next;
    }
    return true;
  }

  std::optional<std::string> scalar(llvm::yaml::Node *N) {
    if (auto *A = llvm::dyn_cast_or_null<llvm::yaml::AliasNode>(N)) {
      // An alias node has no range of its own: point at its name.
      // The name points into the YAML buffer SM holds: a position, not a
      // string to read.
      auto LC = SM.getLineAndColumn(llvm::SMLoc::getFromPointer(
          A->getName()
              .data())); // NOLINT(bugprone-suspicious-stringview-data-usage)
      if (Error.empty())
        Error = Path + ":" + std::to_string(LC.first) + ":" +
                std::to_string(LC.second > 1 ? LC.second - 1 : LC.second) +
                ": YAML aliases ('*" + A->getName().str() +
                "') are not supported here; write the value";
      return std::nullopt;
    }
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

  /// Params: a mapping of parameter names to integers.
  void params(llvm::yaml::Node *N, Config &C) {
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(N);
    if (!Map) {
      fail(N, "Params expects a mapping of kernel parameter names to "
              "integers (n: 1024)");
      return;
    }
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      std::optional<std::string> Name = scalar(KV.getKey());
      std::optional<std::string> Text = scalar(KV.getValue());
      if (!Name || !Text)
        return;
      int64_t V;
      if (llvm::StringRef(*Text).trim().getAsInteger(0, V)) {
        fail(KV.getValue(), "Params: the value of '" + *Name +
                                "' must be an integer, not '" + *Text + "'");
        return;
      }
      if (!C.Params.emplace(*Name, V).second) {
        fail(KV.getKey(), "Params: duplicate parameter '" + *Name + "'");
        return;
      }
    }
  }

  /// CheckOptions: a mapping of "check.Option" to a value, each an option
  /// a check declares (Check::optionSpecs), of its type.
  void checkOptions(llvm::yaml::Node *N, Config &C) {
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(N);
    if (!Map) {
      fail(N, "CheckOptions expects a mapping of check options to values "
              "(warplint-uncoalesced.AssumeWorst: true)");
      return;
    }
    std::map<std::string, CheckOptionSpec> Known;
    std::string KnownList;
    for (const auto &Ch : createAllChecks())
      for (const CheckOptionSpec &O : Ch->optionSpecs()) {
        Known[Ch->id() + "." + O.Name] = O;
        KnownList += (KnownList.empty() ? "" : ", ") + Ch->id() + "." + O.Name;
      }
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      std::optional<std::string> Name = scalar(KV.getKey());
      std::optional<std::string> Text = scalar(KV.getValue());
      if (!Name || !Text)
        return;
      auto It = Known.find(*Name);
      if (It == Known.end()) {
        fail(KV.getKey(), "CheckOptions: unknown option '" + *Name +
                              "'; known options: " + KnownList);
        return;
      }
      std::string Value = *Text;
      if (It->second.Default == "true" || It->second.Default == "false") {
        std::optional<bool> B = llvm::yaml::parseBool(*Text);
        if (!B) {
          fail(KV.getValue(), "CheckOptions: '" + *Name +
                                  "' expects true or false, not '" + *Text +
                                  "'");
          return;
        }
        Value = *B ? "true" : "false";
      } else if (double D = 0;
                 !llvm::StringRef(It->second.Default).getAsDouble(D)) {
        double V = 0;
        if (llvm::StringRef(*Text).trim().getAsDouble(V) || V < 0) {
          fail(KV.getValue(), "CheckOptions: '" + *Name +
                                  "' expects a number, not '" + *Text + "'");
          return;
        }
      }
      if (!C.CheckOptions.emplace(*Name, Value).second) {
        fail(KV.getKey(), "CheckOptions: duplicate option '" + *Name + "'");
        return;
      }
    }
  }

  /// auto, on or off (true and false mean on and off).
  std::optional<std::string> sassMode(llvm::yaml::Node *N) {
    std::optional<std::string> V = scalar(N);
    if (V == "true")
      V = "on";
    if (V == "false")
      V = "off";
    if (V && *V != "auto" && *V != "on" && *V != "off") {
      fail(N, "Sass expects auto, on or off, not '" + *V + "'");
      return std::nullopt;
    }
    return V;
  }

  /// An estimated speed-up: a number of at least 1.
  std::optional<double> minSpeedup(llvm::yaml::Node *N) {
    std::optional<std::string> V = scalar(N);
    if (!V)
      return std::nullopt;
    if (std::optional<double> X = parseMinSpeedup(*V))
      return X;
    fail(N, "MinSpeedup expects a number of at least 1 (an estimated "
            "speed-up, e.g. 1.05), not '" +
                *V + "'");
    return std::nullopt;
  }

  /// location or impact.
  std::optional<std::string> sortOrder(llvm::yaml::Node *N) {
    std::optional<std::string> V = scalar(N);
    if (V && *V != "location" && *V != "impact") {
      fail(N, "Sort expects location or impact, not '" + *V + "'");
      return std::nullopt;
    }
    return V;
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

  /// One string of check globs: a number, a boolean or null written
  /// without quotes is a mistake of type, and every glob must be valid.
  std::optional<std::string> globs(llvm::yaml::Node *N, llvm::StringRef Key) {
    std::optional<std::string> V = scalar(N);
    if (!V)
      return std::nullopt;
    auto *S = llvm::cast<llvm::yaml::ScalarNode>(N);
    llvm::StringRef Raw = S->getRawValue();
    bool Plain = !Raw.starts_with("'") && !Raw.starts_with("\"");
    if (Plain && (llvm::yaml::isNumeric(*V) || llvm::yaml::isBool(*V) ||
                  llvm::yaml::isNull(*V))) {
      fail(N, Key.str() + " expects check globs as a string (e.g. '-*,"
                          "warplint-bank-conflict'), not '" +
                  *V + "'");
      return std::nullopt;
    }
    if (llvm::Error E = validateGlobList(*V)) {
      fail(N, Key.str() + ": " + llvm::toString(std::move(E)));
      return std::nullopt;
    }
    return V;
  }

  /// "a,-b" or a YAML list [a, -b]; both become "a,-b".
  std::optional<std::string> globList(llvm::yaml::Node *N,
                                      llvm::StringRef Key) {
    if (auto *Seq = llvm::dyn_cast<llvm::yaml::SequenceNode>(N)) {
      std::string Joined;
      for (llvm::yaml::Node &Item : *Seq) {
        std::optional<std::string> V = globs(&Item, Key);
        if (!V)
          return std::nullopt;
        Joined += (Joined.empty() ? "" : ",") + *V;
      }
      return Joined;
    }
    return globs(N, Key);
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
    // The limit every architecture shares (the table's default).
    const unsigned Max = ArchInfo{}.MaxThreadsPerBlock;
    if (V[0] * V[1] * V[2] > Max) {
      fail(Seq, "a block has at most " + std::to_string(Max) + " threads");
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
      if (C.BlockShapes.count(*Kernel)) {
        fail(KV.getKey(), "duplicate kernel '" + *Kernel +
                              "' in BlockShapes (first at line " +
                              std::to_string(C.BlockShapes[*Kernel].Where.Line) +
                              ")");
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
  llvm::StringRef Text;
  llvm::SourceMgr SM;
  llvm::yaml::Stream Stream;
};

std::string appendGlobs(const std::optional<std::string> &A,
                        const std::string &B) {
  return A && !A->empty() ? *A + "," + B : B;
}

} // namespace

llvm::Error validateGlobList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    llvm::StringRef Glob = Part.trim();
    Glob.consume_front("-");
    Glob = Glob.trim();
    if (Glob.empty())
      continue;
    llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Glob);
    if (!P)
      return llvm::createStringError("malformed glob '" + Glob.str() +
                                     "': " + llvm::toString(P.takeError()));
  }
  return llvm::Error::success();
}

bool anyCheckEnabled(const std::string &Filter) {
  for (const auto &C : createAllChecks())
    if (checkEnabled(Filter, C->id()))
      return true;
  return false;
}

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
  for (const auto &[Name, Value] : Over.CheckOptions)
    M.CheckOptions[Name] = Value;
  if (Over.ShowUnknown)
    M.ShowUnknown = Over.ShowUnknown;
  if (Over.Sass)
    M.Sass = Over.Sass;
  for (const auto &[Name, Value] : Over.Params)
    M.Params[Name] = Value;
  if (Over.MinSpeedup)
    M.MinSpeedup = Over.MinSpeedup;
  if (Over.Sort)
    M.Sort = Over.Sort;
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
  for (const auto &[Name, Value] : C.CheckOptions)
    Opts.Checks.Values[Name] = Value;
  if (C.ShowUnknown)
    Opts.Checks.ShowUnknown = *C.ShowUnknown;
  for (const auto &[Name, Value] : C.Params) {
    Opts.ParamValues[Name] = Value;
    Opts.Frontend.ParamValues[Name] = Value;
  }
  if (C.MinSpeedup)
    Opts.MinSpeedup = *C.MinSpeedup;
  if (C.Sort)
    Opts.SortByImpact = *C.Sort == "impact";
  if (C.Sass)
    Opts.Sass.Mode = *C.Sass == "on"    ? SassMode::On
                     : *C.Sass == "off" ? SassMode::Off
                                        : SassMode::Auto;
}

} // namespace warplint
