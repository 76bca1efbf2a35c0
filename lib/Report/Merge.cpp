//===- Merge.cpp - One finding per problem --------------------------------===//
//
// The same source line is analyzed once per template instantiation, launch
// shape and file that includes it; a statement may hold several accesses
// with the same problem. mergeDuplicates keeps one finding per check and
// line: the worst, with a note per other one, worst first, saying where it
// differs (kernel, shape, numbers). Identical findings say nothing new and
// are dropped, and so are findings on the assumed shape where the line was
// also analyzed with a shape the code gives.
//
//===----------------------------------------------------------------------===//

#include "Report/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace warplint {

namespace {

/// The launch note of a finding ("assuming block 32x8x1 from ..."), empty
/// when it has none.
std::string launchText(const Diagnostic &D) {
  for (const DiagNote &N : D.Notes)
    if (N.Role == NoteRole::Launch || N.Role == NoteRole::AssumedLaunch)
      return N.Message;
  return "";
}

/// Whether D was analyzed with the assumed block shape.
bool onAssumedShape(const Diagnostic &D) {
  for (const DiagNote &N : D.Notes)
    if (N.Role == NoteRole::AssumedLaunch)
      return true;
  return false;
}

bool worse(const Diagnostic &A, const Diagnostic &B) {
  if (A.Level != B.Level)
    return A.Level > B.Level;
  return A.Waste > B.Waste;
}


/// The note that stands for Other inside Rep.
DiagNote memberNote(const Diagnostic &Rep, const Diagnostic &Other) {
  DiagNote N;
  if (!(Other.Range.Begin == Rep.Range.Begin))
    N.Loc = Other.Range.Begin;
  std::string Where;
  if (Other.Kernel != Rep.Kernel && !Other.Kernel.empty())
    Where += " in '" + Other.Kernel + "'";
  std::string Shape = launchText(Other);
  if (!Shape.empty() && Shape != launchText(Rep)) {
    if (llvm::StringRef(Shape).starts_with("assuming "))
      Shape.erase(0, 9);
    Where += (Where.empty() ? " with " : ", with ") + Shape;
  }
  if (!(Other.Range.Begin == Rep.Range.Begin))
    Where += (Where.empty() ? " " : ", ") + std::string("at column ") +
             std::to_string(Other.Range.Begin.Column);
  N.Message = "also" + Where + ": " +
              (Other.Numbers.empty() ? Other.Message : Other.Numbers);
  if (Other.Level != Rep.Level)
    N.Message += std::string(" (") + severityName(Other.Level) + ")";
  return N;
}

} // namespace

void mergeDuplicates(std::vector<Diagnostic> &Diags) {
  using Key = std::tuple<std::string, std::string, unsigned>;
  std::map<Key, std::vector<size_t>> Groups;
  std::vector<Key> Order;
  for (size_t I = 0; I < Diags.size(); ++I) {
    const Diagnostic &D = Diags[I];
    // Findings about no line (an empty check is a warning about the input)
    // stay as they are.
    Key K{D.Check, D.Range.Begin.File,
          D.Check.empty() || !D.Range.Begin.isValid() ? unsigned(-1) - I
                                                      : D.Range.Begin.Line};
    auto [It, New] = Groups.try_emplace(K);
    if (New)
      Order.push_back(K);
    It->second.push_back(I);
  }
  std::vector<Diagnostic> Out;
  Out.reserve(Order.size());
  for (const Key &K : Order) {
    std::vector<size_t> &Members = Groups[K];
    // The assumed shape stands in for launches that were not found; where
    // the same line was also analyzed with a shape from the code (a kernel
    // file analyzed alone and through the file that includes and launches
    // it), the assumed analysis says nothing true.
    auto Assumed = [&](size_t I) { return onAssumedShape(Diags[I]); };
    if (!std::all_of(Members.begin(), Members.end(), Assumed))
      Members.erase(std::remove_if(Members.begin(), Members.end(), Assumed),
                    Members.end());
    std::stable_sort(Members.begin(), Members.end(), [&](size_t A, size_t B) {
      return worse(Diags[A], Diags[B]);
    });
    Diagnostic Rep = Diags[Members.front()];
    std::vector<std::tuple<std::string, std::string, std::string, unsigned>>
        Seen{{Rep.Message, Rep.Kernel, launchText(Rep),
              Rep.Range.Begin.Column}};
    std::vector<DiagNote> Extra;
    for (size_t I = 1; I < Members.size(); ++I) {
      const Diagnostic &O = Diags[Members[I]];
      auto Id = std::make_tuple(O.Message, O.Kernel, launchText(O),
                                O.Range.Begin.Column);
      bool Same = std::find(Seen.begin(), Seen.end(), Id) != Seen.end();
      // The same finding seen again (a header included twice) says
      // nothing new; a different kernel, shape or access does.
      if (!Same) {
        Seen.push_back(Id);
        Extra.push_back(memberNote(Rep, O));
      }
      if (!hasFix(Rep) && hasFix(O)) {
        Rep.Fixes = O.Fixes;
        for (const DiagNote &N : O.Notes)
          if (!N.Fixes.empty())
            Rep.Notes.push_back(N);
      }
    }
    // The other findings come right after the launch note, before fixes.
    auto FirstFix = std::find_if(Rep.Notes.begin(), Rep.Notes.end(),
                                 [](const DiagNote &N) {
                                   return !N.Fixes.empty();
                                 });
    Rep.Notes.insert(FirstFix, Extra.begin(), Extra.end());
    Out.push_back(std::move(Rep));
  }
  Diags = std::move(Out);
}

bool hasFix(const Diagnostic &D) {
  if (!D.Fixes.empty())
    return true;
  for (const DiagNote &N : D.Notes)
    if (!N.Fixes.empty())
      return true;
  return false;
}

std::vector<const Fix *> allFixes(const Diagnostic &D) {
  std::vector<const Fix *> Out;
  for (const Fix &F : D.Fixes)
    Out.push_back(&F);
  for (const DiagNote &N : D.Notes)
    for (const Fix &F : N.Fixes)
      Out.push_back(&F);
  return Out;
}

} // namespace warplint
