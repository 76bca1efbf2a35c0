//===- Suppression.cpp - clang-tidy's NOLINT comments ---------------------===//
//
// The same spellings and meaning as clang-tidy, so users need to learn only
// one convention:
//   // NOLINT                 every check, on this line
//   // NOLINT(a, warplint-*)  the listed checks (globs with '*'), this line
//   // NOLINTNEXTLINE(...)    the same, for the following line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   everything in between
// The marker is upper case and may appear anywhere on the line. A list with
// no closing ')' on the same line counts as no list (every check); an empty
// list "()" names no check. Negative globs ("-foo") are ignored, as in
// clang-tidy. A NOLINTEND closes the innermost open NOLINTBEGIN only when
// both name the same list (compared as written, blanks ignored); a block that
// is never closed suppresses nothing.
//
//===----------------------------------------------------------------------===//

#include "Report/Writers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace warplint {
namespace {

enum class NoLintKind { SameLine, NextLine, Begin, End };

struct NoLintMarker {
  NoLintKind Kind;
  unsigned Line;   ///< 1-based
  unsigned Column; ///< 1-based column of the "N" of NOLINT
  /// The text between the parentheses; nullopt means "every check".
  std::optional<std::string> Checks;
};

/// Finds every recognised NOLINT marker on one line.
void scanLine(llvm::StringRef Text, unsigned Line,
              std::vector<NoLintMarker> &Out) {
  static constexpr llvm::StringLiteral Marker = "NOLINT";
  size_t Pos = 0;
  while ((Pos = Text.find(Marker, Pos)) != llvm::StringRef::npos) {
    size_t Start = Pos;
    Pos += Marker.size();
    // The kind is the run of letters glued to NOLINT; "NOLINTFOO" or
    // "NOLINTnextline" are not markers at all.
    size_t KindEnd = Pos;
    while (KindEnd < Text.size() && llvm::isAlpha(Text[KindEnd]))
      ++KindEnd;
    llvm::StringRef Suffix = Text.slice(Pos, KindEnd);
    std::optional<NoLintKind> Kind;
    if (Suffix.empty())
      Kind = NoLintKind::SameLine;
    else if (Suffix == "NEXTLINE")
      Kind = NoLintKind::NextLine;
    else if (Suffix == "BEGIN")
      Kind = NoLintKind::Begin;
    else if (Suffix == "END")
      Kind = NoLintKind::End;
    Pos = KindEnd;
    if (!Kind)
      continue;

    NoLintMarker M{*Kind, Line, unsigned(Start + 1), std::nullopt};
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find(')', Pos + 1);
      if (Close != llvm::StringRef::npos) {
        M.Checks = Text.slice(Pos + 1, Close).str();
        Pos = Close + 1;
      }
    }
    Out.push_back(std::move(M));
  }
}

/// clang-tidy's glob: '*' matches any run of characters, the rest literally.
/// Classic two-pointer matching: on a mismatch, let the last '*' swallow one
/// more character and retry.
bool globMatches(llvm::StringRef Glob, llvm::StringRef Name) {
  size_t G = 0, N = 0;
  size_t StarG = llvm::StringRef::npos, StarN = 0;
  while (N < Name.size()) {
    if (G < Glob.size() && Glob[G] == '*') {
      StarG = G++;
      StarN = N;
    } else if (G < Glob.size() && Glob[G] == Name[N]) {
      ++G;
      ++N;
    } else if (StarG != llvm::StringRef::npos) {
      G = StarG + 1;
      N = ++StarN;
    } else {
      return false;
    }
  }
  while (G < Glob.size() && Glob[G] == '*')
    ++G;
  return G == Glob.size();
}

bool markerCovers(const NoLintMarker &M, llvm::StringRef Check) {
  if (!M.Checks)
    return true;
  llvm::SmallVector<llvm::StringRef, 4> Globs;
  llvm::StringRef(*M.Checks).split(Globs, ',', /*MaxSplit=*/-1,
                                   /*KeepEmpty=*/false);
  for (llvm::StringRef Glob : Globs) {
    Glob = Glob.trim();
    if (Glob.empty() || Glob.starts_with("-"))
      continue;
    if (globMatches(Glob, Check))
      return true;
  }
  return false;
}

/// The check list with all blanks removed, for pairing BEGIN with END.
std::string canonicalList(const std::optional<std::string> &Checks) {
  if (!Checks)
    return "\x01all"; // distinct from any written list, "()" included
  std::string Out;
  for (char C : *Checks)
    if (!llvm::isSpace(C))
      Out += C;
  return Out;
}

bool before(unsigned LineA, unsigned ColA, unsigned LineB, unsigned ColB) {
  return LineA != LineB ? LineA < LineB : ColA < ColB;
}

/// Whether Loc lies in a NOLINTBEGIN/END block that covers Check.
bool inBlock(const std::vector<std::string> &Lines, const SourceLoc &Loc,
             llvm::StringRef Check) {
  std::vector<NoLintMarker> Markers;
  for (unsigned I = 0; I < Lines.size(); ++I)
    if (llvm::StringRef(Lines[I]).contains("NOLINT"))
      scanLine(Lines[I], I + 1, Markers);

  std::vector<const NoLintMarker *> Open;
  for (const NoLintMarker &M : Markers) {
    if (M.Kind == NoLintKind::Begin) {
      Open.push_back(&M);
      continue;
    }
    if (M.Kind != NoLintKind::End || Open.empty() ||
        canonicalList(Open.back()->Checks) != canonicalList(M.Checks))
      continue; // an END without its BEGIN closes nothing
    const NoLintMarker &B = *Open.back();
    Open.pop_back();
    if (before(B.Line, B.Column, Loc.Line, Loc.Column) &&
        before(Loc.Line, Loc.Column, M.Line, M.Column) &&
        markerCovers(B, Check))
      return true;
  }
  return false;
}

bool lineSuppresses(const std::string &Text, unsigned Line, NoLintKind Kind,
                    llvm::StringRef Check) {
  if (!llvm::StringRef(Text).contains("NOLINT"))
    return false;
  std::vector<NoLintMarker> Markers;
  scanLine(Text, Line, Markers);
  for (const NoLintMarker &M : Markers)
    if (M.Kind == Kind && markerCovers(M, Check))
      return true;
  return false;
}

} // namespace

bool isSuppressed(SourceCache &Sources, const SourceLoc &Loc,
                  const std::string &Check) {
  if (!Loc.isValid())
    return false;
  const std::vector<std::string> *Lines = Sources.lines(Loc.File);
  if (!Lines || Loc.Line > Lines->size())
    return false;
  if (lineSuppresses((*Lines)[Loc.Line - 1], Loc.Line, NoLintKind::SameLine,
                     Check))
    return true;
  if (Loc.Line > 1 && lineSuppresses((*Lines)[Loc.Line - 2], Loc.Line - 1,
                                     NoLintKind::NextLine, Check))
    return true;
  return inBlock(*Lines, Loc, Check);
}

} // namespace warplint
