//===- HtmlWriter.cpp - One self-contained page for people ----------------===//
//
// --format=html: the findings ranked by estimated speed-up, the kernels
// with what limits them, and for each finding its source line, its notes
// and a picture of its request (lanes against banks or sectors), before
// and after each layout fix. One file with inline CSS and SVG: no script,
// no font, no reference outside it, so it opens offline and can be mailed
// or attached to a CI run.
//
//===----------------------------------------------------------------------===//

#include "Report/Decimal.h"
#include "Report/RequestSvg.h"
#include "Report/Writers.h"

#include <map>
#include <optional>

namespace warplint {

namespace {

const char *Style = R"css(
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 20px 40px;color:#1b1f24}
h1{font-size:22px;margin:24px 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #d0d7de}
h3{font-size:15px;margin:0 0 6px;font-weight:600}
table{border-collapse:collapse;width:100%;table-layout:fixed}td{overflow-wrap:anywhere}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.meta{color:#57606a}.check{color:#57606a;font-weight:normal}
.warning h3 .level{color:#9a6700}.error h3 .level{color:#cf222e}.remark h3 .level{color:#0969da}
article{border:1px solid #d0d7de;border-radius:6px;padding:12px 16px;margin:14px 0}
pre{background:#f6f8fa;padding:8px;overflow-x:auto;margin:6px 0}
ul.notes{margin:6px 0;padding-left:20px}ul.notes li{margin:2px 0}
.pictures{display:flex;flex-wrap:wrap;gap:16px;margin-top:8px}
figure{margin:0}figcaption{font-size:12px;color:#57606a;max-width:680px}
svg.request text{font:9px monospace;fill:#57606a}
svg.request .empty{fill:#f2f4f6}svg.request .gridline{stroke:#fff;stroke-width:1}svg.request .lane{fill:#2f81f7}svg.request .collides{fill:#cf222e}
.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px;vertical-align:middle}
)css";

/// The folder every finding's file is in (with its final slash), so that
/// the page names files relative to it: a corpus's absolute paths pushed
/// the tables past the page's width.
std::string commonFolder(const std::vector<Diagnostic> &Diags) {
  std::optional<std::string> Common;
  for (const Diagnostic &D : Diags) {
    const std::string &F = D.Range.Begin.File;
    std::string Folder = F.substr(0, F.rfind('/') + 1);
    if (!Common) {
      Common = Folder;
      continue;
    }
    size_t N = 0;
    while (N < Common->size() && N < Folder.size() && (*Common)[N] == Folder[N])
      ++N;
    Common->resize(Common->rfind('/', N ? N - 1 : 0) == std::string::npos
                       ? 0
                       : Common->rfind('/', N ? N - 1 : 0) + 1);
  }
  return Common.value_or("");
}

std::string speedup(const Diagnostic &D) {
  if (!D.Impact)
    return "";
  // As the text note says it: a gain that rounds to 1.00x is "< 1.01x".
  if (D.Impact->Speedup < 1.005)
    return "< 1.01x";
  return formatFixed(D.Impact->Speedup, 2) + "x";
}

std::string requestCaption(const RequestPicture &P, const std::string &What) {
  std::string Unit = P.Shared ? "wavefront" : "sector";
  return What + ": warp " + std::to_string(P.Warp) + ", " +
         std::to_string(P.Lanes.size()) + " active lanes of " +
         std::to_string(P.BytesPerLane) + " bytes, " + std::to_string(P.Cost) +
         " " + Unit + (P.Cost == 1 ? "" : "s") + " (ideal " +
         std::to_string(P.Ideal) + ")" + P.Bindings;
}

void writeFigure(llvm::raw_ostream &OS, const RequestPicture &P,
                 const std::string &What) {
  std::string Caption = requestCaption(P, What);
  OS << "<figure>";
  writeRequestSvg(OS, P, Caption);
  OS << "<figcaption>" << escapeHtml(Caption) << "</figcaption></figure>";
}

/// One page: the folder its file names are relative to, and where it goes.
class Page {
public:
  Page(llvm::raw_ostream &OS, SourceCache &Sources, std::string Base)
      : OS(OS), Sources(Sources), Base(std::move(Base)) {}

  std::string relative(const std::string &File) const {
    return llvm::StringRef(File).starts_with(Base) ? File.substr(Base.size())
                                                   : File;
  }
  std::string location(const SourceLoc &L) const {
    return relative(L.File) + ":" + std::to_string(L.Line) + ":" +
           std::to_string(L.Column);
  }

  void writeRanking(const std::vector<Diagnostic> &Ranked,
                    const std::map<const Diagnostic *, unsigned> &Anchor) {
    OS << "<section id=\"ranking\"><h2>Findings by estimated speed-up</h2>"
          "<table><colgroup><col style=\"width:4%\"><col style=\"width:8%\">"
          "<col style=\"width:24%\"><col style=\"width:14%\"><col>"
          "<col style=\"width:11%\"></colgroup><thead><tr><th>#</th><th>est. "
          "speed-up</th><th>where</th>"
          "<th>kernel</th><th>finding</th><th>limited by</th></tr></thead>"
          "<tbody>";
    unsigned Rank = 0;
    for (const Diagnostic &D : Ranked) {
      unsigned Id = Anchor.at(&D);
      OS << "<tr><td class=\"num\">" << ++Rank << "</td><td class=\"num\">"
         << escapeHtml(speedup(D)) << "</td><td><a href=\"#f" << Id << "\">"
         << escapeHtml(location(D.Range.Begin)) << "</a></td><td>"
         << escapeHtml(D.Kernel) << "</td><td>" << escapeHtml(D.Message)
         << " <span class=\"check\">[" << escapeHtml(D.Check)
         << "]</span></td><td>"
         << escapeHtml(D.Impact ? D.Impact->Bottleneck : "") << "</td></tr>";
    }
    OS << "</tbody></table><p class=\"meta\">The estimate is the launch's "
          "time with the finding's excess wavefronts or sectors removed, over "
          "its time now (docs/performance-model.md); findings without one "
          "come last.</p></section>";
  }

  /// Per kernel launch with an estimate: its time and the pipe that limits
  /// it, from the findings' impact.
  void writeKernels(const std::vector<Diagnostic> &Diags) {
    struct Row {
      const FindingImpact *Impact;
      unsigned Findings = 0;
    };
    std::map<std::pair<std::string, std::string>, Row> Rows;
    for (const Diagnostic &D : Diags)
      if (D.Impact) {
        auto [It, New] =
            Rows.try_emplace({D.Kernel, D.Impact->Site}, Row{&*D.Impact, 0});
        ++It->second.Findings;
      }
    if (Rows.empty())
      return;
    OS << "<section id=\"kernels\"><h2>Kernels</h2><table><colgroup><col>"
          "<col style=\"width:26%\"><col style=\"width:12%\">"
          "<col style=\"width:10%\"><col style=\"width:14%\">"
          "<col style=\"width:8%\"></colgroup><thead><tr>"
          "<th>kernel</th><th>launch</th><th>grid</th><th>est. time</th>"
          "<th>limited by</th><th>findings</th></tr></thead><tbody>";
    for (const auto &[Key, R] : Rows)
      OS << "<tr><td>" << escapeHtml(Key.first) << "</td><td>"
         << escapeHtml(relative(Key.second)) << "</td><td>"
         << escapeHtml(R.Impact->PerBlock ? "not known (per block)"
                                          : R.Impact->Grid)
         << "</td><td class=\"num\">" << formatMicroseconds(R.Impact->TimeUs)
         << "</td><td>" << escapeHtml(R.Impact->Bottleneck)
         << "</td><td class=\"num\">" << R.Findings << "</td></tr>";
    OS << "</tbody></table></section>";
  }

  void writeFinding(const Diagnostic &D, unsigned Id) {
    const char *Level = severityName(D.Level);
    OS << "<article id=\"f" << Id << "\" class=\"finding " << Level << "\"><h3>"
       << Id << ". " << escapeHtml(location(D.Range.Begin))
       << ": <span class=\"level\">" << Level
       << "</span>: " << escapeHtml(D.Message) << " <span class=\"check\">["
       << escapeHtml(D.Check) << "]</span></h3>";
    std::string Line = Sources.line(D.Range.Begin.File, D.Range.Begin.Line);
    if (!Line.empty())
      OS << "<pre>" << D.Range.Begin.Line << " | " << escapeHtml(Line)
         << "</pre>";
    if (!D.Notes.empty()) {
      OS << "<ul class=\"notes\">";
      for (const DiagNote &N : D.Notes)
        OS << "<li>" << escapeHtml(N.Message) << "</li>";
      OS << "</ul>";
    }
    std::vector<const Fix *> Fixes = allFixes(D);
    if (D.Request) {
      OS << "<div class=\"pictures\">";
      writeFigure(OS, *D.Request, "as written");
      for (const Fix *F : Fixes)
        if (F->Impact && F->Impact->Request)
          writeFigure(OS, *F->Impact->Request,
                      "after '" + F->Message + "'" +
                          (F->Preferred ? " (preferred)" : ""));
      OS << "</div><p class=\"legend meta\">rows: the request's active "
            "lanes; columns: "
         << (D.Request->Shared ? "shared-memory banks"
                               : "32-byte sectors, numbered from the start "
                                 "of the array")
         << "<span style=\"background:#2f81f7\"></span>a lane's bytes";
      // Only a shared request has lanes that collide.
      if (D.Request->Shared)
        OS << "<span style=\"background:#cf222e\"></span>lanes that ask one "
              "bank for different words";
      OS << "</p>";
    }
    for (const Fix *F : Fixes) {
      OS << "<details><summary>fix: " << escapeHtml(F->Message)
         << (F->Preferred ? " (preferred)" : "") << "</summary><pre>";
      for (const TextEdit &E : F->Edits)
        OS << escapeHtml(location(E.Range.Begin)) << ": "
           << escapeHtml(E.Replacement) << "\n";
      OS << "</pre></details>";
    }
    OS << "</article>";
  }

private:
  llvm::raw_ostream &OS;
  SourceCache &Sources;
  const std::string Base;
};

} // namespace

void writeHtml(llvm::raw_ostream &OS, const HtmlRun &Run,
               const std::vector<Diagnostic> &Diags, SourceCache &Sources) {
  std::vector<Diagnostic> Ranked = Diags;
  sortByImpact(Ranked);
  // Findings are numbered in ranking order; the ranking links to them.
  std::map<const Diagnostic *, unsigned> Anchor;
  for (size_t I = 0; I < Ranked.size(); ++I)
    Anchor[&Ranked[I]] = unsigned(I + 1);

  unsigned Warnings = 0, Errors = 0;
  for (const Diagnostic &D : Diags) {
    Warnings += D.Level == Severity::Warning;
    Errors += D.Level == Severity::Error;
  }
  std::string Base = commonFolder(Ranked);
  Page P(OS, Sources, Base);
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\"><title>warplint report</title><style>"
     << Style << "</style></head><body><header><h1>warplint report</h1>"
     << "<p class=\"meta\">" << Warnings << " warning"
     << (Warnings == 1 ? "" : "s") << ", " << Errors << " error"
     << (Errors == 1 ? "" : "s") << " in " << Run.Files << " file"
     << (Run.Files == 1 ? "" : "s") << " analyzed for " << escapeHtml(Run.Arch)
     << " &middot; warplint " << escapeHtml(Run.Version);
  if (!Base.empty())
    OS << " &middot; files named relative to " << escapeHtml(Base);
  OS << "</p>";
  if (!Run.FailedFiles.empty()) {
    OS << "<p class=\"meta\">not analyzed (clang could not parse them, or "
          "the analysis failed):</p><ul>";
    for (const std::string &F : Run.FailedFiles)
      OS << "<li>" << escapeHtml(P.relative(F)) << "</li>";
    OS << "</ul>";
  }
  OS << "</header>";
  if (Ranked.empty())
    OS << "<p>No findings.</p>";
  else
    P.writeRanking(Ranked, Anchor);
  P.writeKernels(Ranked);
  if (!Ranked.empty()) {
    OS << "<section id=\"findings\"><h2>Findings</h2>";
    for (const Diagnostic &D : Ranked)
      P.writeFinding(D, Anchor[&D]);
    OS << "</section>";
  }
  OS << "</body></html>\n";
}

} // namespace warplint
