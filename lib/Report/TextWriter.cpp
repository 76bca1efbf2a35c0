//===- TextWriter.cpp - Diagnostics in clang's text format ----------------===//
//
// Mirrors what clang 17+ prints, so editors and people read warplint like the
// compiler:
//
//   f.cu:12:20: warning: 32-way shared memory bank conflict ... [check]
//      12 |   float v = tile[threadIdx.x][0];
//         |             ^~~~~~~~~~~~~~~~~~~~
//   f.cu:40:3: note: block 32x32x1 from the launch at f.cu:40:3
//
// Columns in locations count bytes (a tab is one column), but the snippet
// expands tabs to the next multiple of 8 for display and moves the caret with
// them. A snippet is skipped, as clang does, when it would repeat the caret
// just shown (same location, no range, no fix-it line).
//
//===----------------------------------------------------------------------===//

#include "Report/TextStyle.h"
#include "Report/Writers.h"

#include <algorithm>

namespace warplint {
namespace {

constexpr unsigned TabStop = 8;
/// clang sizes the line-number margin for the largest line a snippet could
/// show (its default snippet limit is 16 lines), and never below 4 digits.
constexpr unsigned SnippetLineLimit = 16;
constexpr unsigned MinMarginDigits = 4;

unsigned digits(unsigned N) {
  unsigned D = 1;
  while (N >= 10) {
    N /= 10;
    ++D;
  }
  return D;
}

/// The source line as displayed, and the display column where each byte
/// starts (one entry per byte plus one for the end of the line). A UTF-8
/// continuation byte shares its character's column.
struct DisplayLine {
  std::string Text;
  std::vector<unsigned> ByteToColumn;
  unsigned Width = 0;

  explicit DisplayLine(const std::string &Source) {
    for (unsigned char C : Source) {
      bool Continuation = (C & 0xC0) == 0x80;
      ByteToColumn.push_back(Continuation && Width > 0 ? Width - 1 : Width);
      if (C == '\t') {
        unsigned Spaces = TabStop - Width % TabStop;
        Text.append(Spaces, ' ');
        Width += Spaces;
        continue;
      }
      Text += char(C);
      if (!Continuation)
        ++Width;
    }
    ByteToColumn.push_back(Width);
  }

  /// Display column of the 1-based byte column Col; columns past the end of
  /// the line continue one per byte.
  unsigned column(unsigned Col) const {
    unsigned Byte = Col == 0 ? 0 : Col - 1;
    if (Byte < ByteToColumn.size())
      return ByteToColumn[Byte];
    return Width + (Byte - (ByteToColumn.size() - 1));
  }
};

/// Marks display columns [From, To) with C in Line, growing it as needed.
void mark(std::string &Line, unsigned From, unsigned To, char C) {
  if (Line.size() < To)
    Line.resize(To, ' ');
  for (unsigned I = From; I < To; ++I)
    Line[I] = C;
}

/// Prints the source line of Begin with its caret line, '~' under the rest
/// of [Begin, End) on that line, and Fix's edits on that line as clang shows
/// fix-it hints. Returns false (printing nothing) when the file or line
/// cannot be read.
bool printSnippet(llvm::raw_ostream &OS, SourceCache &Sources,
                  const SourceLoc &Begin, const SourceLoc *End,
                  const Fix *Hint) {
  const std::vector<std::string> *Lines = Sources.lines(Begin.File);
  if (!Lines || Begin.Line > Lines->size())
    return false;
  DisplayLine Display((*Lines)[Begin.Line - 1]);

  std::string Caret;
  if (End && End->isValid() && End->File == Begin.File) {
    unsigned From = Display.column(Begin.Column);
    unsigned To = End->Line == Begin.Line  ? Display.column(End->Column)
                  : End->Line > Begin.Line ? Display.Width
                                           : From;
    mark(Caret, From, To, '~');
  }

  std::string FixLine;
  if (Hint) {
    for (const TextEdit &E : Hint->Edits) {
      const SourceLoc &EB = E.Range.Begin, &EE = E.Range.End;
      // Like clang, only single-line edits on this line can be drawn.
      if (EB.File != Begin.File || EB.Line != Begin.Line ||
          (EE.isValid() && EE.Line != EB.Line) ||
          E.Replacement.find_first_of("\r\n") != std::string::npos)
        continue;
      unsigned From = Display.column(EB.Column);
      if (EE.isValid() && EE.Column > EB.Column)
        mark(Caret, From, Display.column(EE.Column), '~');
      // Edits that would overwrite an earlier one's text are left out.
      if (FixLine.size() > From &&
          FixLine.find_first_not_of(' ', From) != std::string::npos)
        continue;
      if (FixLine.size() < From)
        FixLine.resize(From, ' ');
      FixLine.replace(From, std::string::npos, E.Replacement);
    }
  }
  mark(Caret, Display.column(Begin.Column), Display.column(Begin.Column) + 1,
       '^');
  Caret.erase(Caret.find_last_not_of(' ') + 1);
  while (!FixLine.empty() && FixLine.back() == ' ')
    FixLine.pop_back();

  unsigned Margin =
      std::max(MinMarginDigits, digits(Begin.Line + SnippetLineLimit));
  OS.indent(Margin - digits(Begin.Line) + 1)
      << Begin.Line << " | " << Display.Text << '\n';
  OS.indent(Margin + 2) << "| ";
  OS.changeColor(llvm::raw_ostream::GREEN, /*Bold=*/true);
  OS << Caret << '\n';
  OS.resetColor();
  if (!FixLine.empty()) {
    OS.indent(Margin + 2) << "| ";
    OS.changeColor(llvm::raw_ostream::GREEN, /*Bold=*/false);
    OS << FixLine << '\n';
    OS.resetColor();
  }
  return true;
}

/// The fix a note shows as a fix-it hint: the preferred one, else the first.
const Fix *hintOf(const DiagNote &Note) {
  for (const Fix &F : Note.Fixes)
    if (F.Preferred)
      return &F;
  return Note.Fixes.empty() ? nullptr : &Note.Fixes.front();
}

bool hasRange(const SourceRange &R) {
  return R.End.isValid() && !(R.End == R.Begin);
}

/// Remembers the last caret shown, across diagnostics, as clang does.
struct CaretHistory {
  SourceLoc Loc;
  Severity Level = Severity::Warning;

  bool repeats(const SourceLoc &L, Severity NewLevel, bool HasExtras) const {
    return L == Loc && !HasExtras &&
           (Level != Severity::Note || NewLevel == Level);
  }
};

void printOne(llvm::raw_ostream &OS, const Diagnostic &D, SourceCache &Sources,
              CaretHistory &Last) {
  const SourceLoc &Loc = D.Range.Begin;
  printDiagnosticLine(OS, Loc, D.Level, D.Message, D.Check);
  if (Loc.isValid()) {
    bool Ranged = hasRange(D.Range);
    if (!Last.repeats(Loc, D.Level, Ranged))
      printSnippet(OS, Sources, Loc, Ranged ? &D.Range.End : nullptr, nullptr);
    Last = {Loc, D.Level};
  }

  for (const DiagNote &N : D.Notes) {
    // A note without a place of its own is about the warning's place; it is
    // printed there, and its caret would only repeat the one above.
    bool Own = N.Loc.isValid();
    const SourceLoc &NoteLoc = Own ? N.Loc : Loc;
    printDiagnosticLine(OS, NoteLoc, Severity::Note, N.Message, "");
    if (!Own || !NoteLoc.isValid())
      continue;
    const Fix *Hint = hintOf(N);
    if (!Last.repeats(NoteLoc, Severity::Note, Hint != nullptr))
      printSnippet(OS, Sources, NoteLoc, nullptr, Hint);
    Last = {NoteLoc, Severity::Note};
  }
}

} // namespace

void writeText(llvm::raw_ostream &OS, const std::vector<Diagnostic> &Diags,
               SourceCache &Sources, const TextOptions &Opts) {
  ColorScope Colors(OS, Opts.Color);
  CaretHistory Last;
  for (const Diagnostic &D : Diags)
    printOne(OS, D, Sources, Last);
}

} // namespace warplint
