//===- RequestSvg.cpp - A RequestPicture as inline SVG --------------------===//
//
// Plain SVG, no script and no external reference: the page that holds it
// must render offline, in any browser, and print.
//
//===----------------------------------------------------------------------===//

#include "Report/RequestSvg.h"

#include <algorithm>

namespace warplint {

std::string escapeHtml(const std::string &S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

namespace {

/// Geometry of the grid: a lane label margin, a header for the columns.
struct Grid {
  unsigned Cell = 10, Left = 34, Top = 30;
  unsigned Columns, Rows;
  unsigned width() const { return Left + Columns * Cell + 8; }
  unsigned height() const { return Top + Rows * Cell + 8; }
  unsigned x(unsigned Column) const { return Left + Column * Cell; }
  unsigned y(unsigned Row) const { return Top + Row * Cell; }
};

void rect(llvm::raw_ostream &OS, unsigned X, unsigned Y, unsigned W, unsigned H,
          const char *Class) {
  OS << "<rect x=\"" << X << "\" y=\"" << Y << "\" width=\"" << W
     << "\" height=\"" << H << "\" class=\"" << Class << "\"/>";
}

void text(llvm::raw_ostream &OS, unsigned X, unsigned Y, const std::string &S,
          const char *Anchor = "middle") {
  OS << "<text x=\"" << X << "\" y=\"" << Y << "\" text-anchor=\"" << Anchor
     << "\">" << escapeHtml(S) << "</text>";
}

/// Every Step-th column gets a label (all of them when they fit).
unsigned labelStep(const Grid &G) {
  return G.Cell >= 14 ? 1 : G.Cell >= 8 ? 4 : 8;
}

} // namespace

void writeRequestSvg(llvm::raw_ostream &OS, const RequestPicture &P,
                     const std::string &Title) {
  Grid G;
  G.Columns = std::max(1u, P.Columns);
  G.Rows = std::max<size_t>(1, P.Lanes.size());
  // About 330 pixels of columns, so that the request before and after a
  // fix sit side by side: cells shrink for wide requests.
  G.Cell = std::clamp(330u / G.Columns, 3u, 10u);
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"request\" width=\""
     << G.width() << "\" height=\"" << G.height() << "\" viewBox=\"0 0 "
     << G.width() << " " << G.height() << "\" role=\"img\"><title>"
     << escapeHtml(Title) << "</title>";
  // Column headers: bank numbers, or sector numbers from the object's start.
  text(OS, G.Left, 10, P.Shared ? "bank" : "sector", "start");
  text(OS, G.Left - 4, G.Top - 6, "lane", "end");
  for (unsigned C = 0; C < G.Columns; C += labelStep(G)) {
    std::string Label = P.Shared               ? std::to_string(C)
                        : C < P.Sectors.size() ? std::to_string(P.Sectors[C])
                                               : "";
    text(OS, G.x(C) + G.Cell / 2, G.Top - 6, Label);
  }
  // The empty grid: one background, then the lines between cells (a rect
  // per empty cell made pages of megabytes).
  rect(OS, G.x(0), G.y(0), G.Columns * G.Cell, G.Rows * G.Cell, "empty");
  OS << "<path class=\"gridline\" d=\"";
  for (unsigned C = 1; C < G.Columns; ++C)
    OS << "M" << G.x(C) - 1 << " " << G.y(0) << "v" << G.Rows * G.Cell;
  for (unsigned R = 1; R < G.Rows; ++R)
    OS << "M" << G.x(0) << " " << G.y(R) - 1 << "h" << G.Columns * G.Cell;
  OS << "\"/>";
  for (size_t R = 0; R < P.Lanes.size(); ++R) {
    const RequestPicture::Lane &L = P.Lanes[R];
    text(OS, G.Left - 4, G.y(R) + G.Cell - 3, std::to_string(L.Index), "end");
    for (unsigned C : L.Columns) {
      if (C >= G.Columns)
        continue;
      OS << "<rect x=\"" << G.x(C) << "\" y=\"" << G.y(unsigned(R))
         << "\" width=\"" << G.Cell - 1 << "\" height=\"" << G.Cell - 1
         << "\" class=\"" << (L.Collides ? "collides" : "lane") << "\"><title>"
         << "lane " << L.Index << ", threadIdx (" << L.Thread[0] << ", "
         << L.Thread[1] << ", " << L.Thread[2] << "), byte offset "
         << L.ByteOffset << (P.Shared ? ", bank " : ", sector ")
         << (P.Shared || C >= P.Sectors.size() ? int64_t(C) : P.Sectors[C])
         << "</title></rect>";
    }
  }
  OS << "</svg>";
}

} // namespace warplint
