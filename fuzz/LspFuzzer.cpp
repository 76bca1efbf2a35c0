//===- LspFuzzer.cpp - libFuzzer target: the language server's input ------===//
//
// The input bytes are what a client writes to the server's stdin. First
// the framing alone: every read must make progress (at most one result
// per input byte, plus the end), and no body may be larger than the input
// or MaxMessageBytes. Then the whole server over the same bytes, with an
// analysis that returns an empty document (the analysis has its own
// target): framing errors, JSON-RPC errors and the lifecycle (initialize,
// shutdown, exit, requests out of order) must end with an exit status.
//
//===----------------------------------------------------------------------===//

#include "Lsp/Server.h"
#include "Lsp/Transport.h"

#include "llvm/Support/JSON.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace warplint::lsp;

namespace {

void framing(const std::string &Input) {
  std::istringstream In(Input);
  std::ostringstream Out;
  Transport T(In, Out);
  size_t Reads = 0;
  while (true) {
    Incoming I = T.read();
    if (I.K == Incoming::EndOfInput)
      break;
    if (++Reads > Input.size() + 1)
      std::abort(); // no progress: a reader that never ends
    if (I.K == Incoming::Message) {
      if (I.Body.size() > Input.size() ||
          I.Body.size() > Transport::MaxMessageBytes)
        std::abort();
      llvm::Expected<llvm::json::Value> V = llvm::json::parse(I.Body);
      if (!V)
        llvm::consumeError(V.takeError());
    } else if (I.Error.empty()) {
      std::abort(); // a framing error must say what was wrong
    }
  }
}

void serve(const std::string &Input) {
  std::istringstream In(Input);
  std::ostringstream Out;
  Transport T(In, Out);
  ServerOptions Opts;
  Opts.Debounce = std::chrono::milliseconds(0);
  Opts.Analyze = [](const std::string &Path, const std::string &Text) {
    AnalyzedDocument D;
    D.Path = Path;
    D.Text = Text;
    D.Parsed = true;
    return D;
  };
  int Status;
  {
    Server S(T, std::move(Opts));
    Status = S.run();
  }
  if (Status != 0 && Status != 1)
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 1 << 20)
    return -1;
  std::string Input(reinterpret_cast<const char *>(Data), Size);
  framing(Input);
  serve(Input);
  return 0;
}
