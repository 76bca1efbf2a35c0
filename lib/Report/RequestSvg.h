//===- RequestSvg.h - A RequestPicture as inline SVG ------------*- C++ -*-===//

#ifndef WARPLINT_REPORT_REQUESTSVG_H
#define WARPLINT_REPORT_REQUESTSVG_H

#include "Report/RequestPicture.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace warplint {

/// Escapes &, <, >, " and ' for HTML text and attribute values.
std::string escapeHtml(const std::string &S);

/// Writes P as one self-contained <svg> element: a row per active lane, a
/// column per bank (shared) or per sector the request touches (global);
/// the cells a lane's bytes fall into are filled, red for lanes that
/// collide with another lane on a bank. Title: the figure's caption for
/// screen readers.
void writeRequestSvg(llvm::raw_ostream &OS, const RequestPicture &P,
                     const std::string &Title);

} // namespace warplint

#endif // WARPLINT_REPORT_REQUESTSVG_H
