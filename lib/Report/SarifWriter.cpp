//===- SarifWriter.cpp - Diagnostics as SARIF 2.1.0 -----------------------===//
//
// docs/sarif.md says which SARIF objects warplint writes and why; the lit
// tests validate the output against the published SARIF 2.1.0 schema. Keys
// are written in a fixed order with json::OStream, so runs are
// reproducible.
//
//===----------------------------------------------------------------------===//

#include "Report/ImpactJson.h"
#include "Report/Utf16.h"
#include "Report/Writers.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace warplint {
namespace {

const char *const SrcRoot = "%SRCROOT%";

/// RFC 3986 percent-encoding of a path; '/' separates segments and stays.
std::string encodePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += char(C);
    } else {
      static const char Hex[] = "0123456789ABCDEF";
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

std::string fileUri(llvm::StringRef AbsolutePath) {
  return "file://" + encodePath(AbsolutePath);
}

/// Where an artifact is: relative to %SRCROOT% when it lies under the base
/// folder (what code-scanning services expect), else an absolute file URI.
struct ArtifactUri {
  std::string Uri;
  bool Relative = false;
};

ArtifactUri artifactUri(const std::string &File, llvm::StringRef BaseDir) {
  llvm::SmallString<256> Path(File);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  if (llvm::sys::path::is_relative(Path))
    return {encodePath(Path), true};
  llvm::SmallString<256> Base(BaseDir);
  llvm::sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
  llvm::StringRef Rest = Path;
  if (!Base.empty() && Rest.consume_front(Base) &&
      (Rest.consume_front("/") || Base.ends_with("/")))
    return {encodePath(Rest), true};
  return {fileUri(Path), false};
}

/// SARIF's default column kind counts UTF-16 code units; clang counts
/// bytes (Utf16.h). A column past the line's end (a range's end may be)
/// counts its bytes there one each.
unsigned utf16Column(SourceCache &Sources, const SourceLoc &L) {
  if (L.Column <= 1)
    return L.Column;
  std::string Line = Sources.line(L.File, L.Line);
  if (Line.empty())
    return L.Column;
  size_t Bytes = L.Column - 1;
  size_t Past = Bytes > Line.size() ? Bytes - Line.size() : 0;
  return 1 + unsigned(utf16Units(Line, Bytes)) + unsigned(Past);
}

const char *level(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
  case Severity::Remark:
    return "note";
  }
  return "none";
}

class Writer {
public:
  Writer(llvm::raw_ostream &OS, const SarifRun &Run, SourceCache &Sources)
      : J(OS, /*IndentSize=*/2), Run(Run), Sources(Sources) {}

  void write(const std::vector<Diagnostic> &Diags) {
    // Artifacts are listed in the order results first mention them; collect
    // them before writing so every location can carry its index.
    for (const Diagnostic &D : Diags)
      forEachFile(D, [&](const std::string &F) { artifactIndex(F); });
    J.object([&] {
      J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
      J.attribute("version", "2.1.0");
      J.attributeArray("runs", [&] { J.object([&] { writeRun(Diags); }); });
    });
  }

private:
  template <typename Fn> void forEachFile(const Diagnostic &D, Fn F) {
    F(D.Range.Begin.File);
    for (const DiagNote &N : D.Notes) {
      if (N.Loc.isValid())
        F(N.Loc.File);
      for (const Fix &X : N.Fixes)
        for (const TextEdit &E : X.Edits)
          F(E.Range.Begin.File);
    }
    for (const Fix &X : D.Fixes)
      for (const TextEdit &E : X.Edits)
        F(E.Range.Begin.File);
  }

  unsigned artifactIndex(const std::string &File) {
    auto [It, New] = ArtifactOf.emplace(File, Artifacts.size());
    if (New)
      Artifacts.push_back(File);
    return It->second;
  }

  void writeRun(const std::vector<Diagnostic> &Diags) {
    J.attributeObject("tool", [&] {
      J.attributeObject("driver", [&] {
        J.attribute("name", "warplint");
        J.attribute("version", Run.Version);
        J.attribute("semanticVersion", Run.Version);
        J.attribute("informationUri", Run.InformationUri);
        J.attributeArray("rules", [&] {
          for (const SarifRule &R : Run.Rules)
            writeRule(R);
        });
      });
    });
    J.attributeArray("invocations", [&] {
      J.object([&] {
        J.attribute("executionSuccessful", Run.FailedFiles.empty());
        J.attribute("exitCode", int64_t(Run.ExitCode));
        if (!Run.FailedFiles.empty())
          J.attributeArray("toolExecutionNotifications", [&] {
            for (const std::string &F : Run.FailedFiles)
              J.object([&] {
                J.attribute("level", "error");
                J.attributeObject("message", [&] {
                  J.attribute("text", "could not parse '" + F +
                                          "'; no analysis for it");
                });
              });
          });
      });
    });
    if (!Run.BaseDir.empty()) {
      llvm::SmallString<256> Base(Run.BaseDir);
      llvm::sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
      if (!Base.ends_with("/"))
        Base += "/";
      J.attributeObject("originalUriBaseIds", [&] {
        J.attributeObject(SrcRoot, [&] { J.attribute("uri", fileUri(Base)); });
      });
    }
    J.attributeArray("artifacts", [&] {
      for (const std::string &F : Artifacts)
        J.object([&] {
          J.attributeObject("location", [&] { writeArtifactLocation(F); });
        });
    });
    J.attribute("columnKind", "utf16CodeUnits");
    J.attributeArray("results", [&] {
      for (const Diagnostic &D : Diags)
        writeResult(D);
    });
  }

  void writeRule(const SarifRule &R) {
    J.object([&] {
      J.attribute("id", R.Id);
      J.attributeObject("shortDescription",
                        [&] { J.attribute("text", R.ShortDescription); });
      J.attributeObject("fullDescription",
                        [&] { J.attribute("text", R.FullDescription); });
      J.attribute("helpUri", R.HelpUri);
      J.attributeObject("defaultConfiguration",
                        [&] { J.attribute("level", level(R.DefaultLevel)); });
    });
  }

  void writeArtifactLocation(const std::string &File) {
    ArtifactUri U = artifactUri(File, Run.BaseDir);
    J.attribute("uri", U.Uri);
    if (U.Relative)
      J.attribute("uriBaseId", SrcRoot);
  }

  void writeRegion(llvm::StringRef Key, const SourceLoc &Begin,
                   const SourceLoc *End) {
    J.attributeObject(Key, [&] {
      J.attribute("startLine", int64_t(Begin.Line));
      J.attribute("startColumn", int64_t(utf16Column(Sources, Begin)));
      // SARIF's end column, like our half-open range, is one past the
      // region; without an end the region is the caret position alone.
      if (End && End->isValid()) {
        J.attribute("endLine", int64_t(End->Line));
        J.attribute("endColumn", int64_t(utf16Column(Sources, *End)));
      }
    });
  }

  void writePhysicalLocation(const SourceLoc &Begin, const SourceLoc *End) {
    J.attributeObject("physicalLocation", [&] {
      J.attributeObject("artifactLocation", [&] {
        writeArtifactLocation(Begin.File);
        J.attribute("index", int64_t(artifactIndex(Begin.File)));
      });
      writeRegion("region", Begin, End);
    });
  }

  void writeFix(const Fix &F) {
    J.object([&] {
      J.attributeObject("description", [&] { J.attribute("text", F.Message); });
      // One artifact change per file, edits in the order the fix has them.
      std::vector<std::string> Files;
      for (const TextEdit &E : F.Edits)
        if (std::find(Files.begin(), Files.end(), E.Range.Begin.File) ==
            Files.end())
          Files.push_back(E.Range.Begin.File);
      J.attributeArray("artifactChanges", [&] {
        for (const std::string &File : Files)
          J.object([&] {
            J.attributeObject("artifactLocation", [&] {
              writeArtifactLocation(File);
              J.attribute("index", int64_t(artifactIndex(File)));
            });
            J.attributeArray("replacements", [&] {
              for (const TextEdit &E : F.Edits)
                if (E.Range.Begin.File == File)
                  writeReplacement(E);
            });
          });
      });
    });
  }

  void writeReplacement(const TextEdit &E) {
    J.object([&] {
      // An edit without an end inserts: an empty region at its start.
      const SourceLoc &End =
          E.Range.End.isValid() ? E.Range.End : E.Range.Begin;
      writeRegion("deletedRegion", E.Range.Begin, &End);
      J.attributeObject("insertedContent",
                        [&] { J.attribute("text", E.Replacement); });
    });
  }

  void writeResult(const Diagnostic &D) {
    J.object([&] {
      J.attribute("ruleId", D.Check);
      for (size_t I = 0; I < Run.Rules.size(); ++I)
        if (Run.Rules[I].Id == D.Check)
          J.attribute("ruleIndex", int64_t(I));
      J.attribute("level", level(D.Level));
      J.attributeObject("message", [&] { J.attribute("text", D.Message); });
      J.attributeArray("locations", [&] {
        J.object([&] { writePhysicalLocation(D.Range.Begin, &D.Range.End); });
      });
      if (!D.Notes.empty())
        J.attributeArray("relatedLocations", [&] {
          int64_t Id = 0;
          for (const DiagNote &N : D.Notes)
            J.object([&] {
              J.attribute("id", Id++);
              // As in the other formats, a note without a place of its own
              // is placed at its diagnostic's.
              writePhysicalLocation(N.Loc.isValid() ? N.Loc : D.Range.Begin,
                                    nullptr);
              J.attributeObject("message",
                                [&] { J.attribute("text", N.Message); });
            });
        });
      std::vector<const Fix *> Fixes = allFixes(D);
      if (!Fixes.empty())
        J.attributeArray("fixes", [&] {
          for (const Fix *F : Fixes)
            writeFix(*F);
        });
      // The estimated cost, as the JSON output's "impact" spells it.
      if (D.Impact)
        J.attributeObject("properties", [&] {
          J.attributeObject("impact",
                            [&] { writeImpactAttributes(J, *D.Impact); });
        });
    });
  }

  llvm::json::OStream J;
  const SarifRun &Run;
  SourceCache &Sources;
  std::vector<std::string> Artifacts;
  std::map<std::string, unsigned> ArtifactOf;
};

} // namespace

void writeSarif(llvm::raw_ostream &OS, const SarifRun &Run,
                const std::vector<Diagnostic> &Diags, SourceCache &Sources) {
  Writer(OS, Run, Sources).write(Diags);
  OS << '\n';
}

} // namespace warplint
