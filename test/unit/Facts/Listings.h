//===- Listings.h - Canned nvdisasm listings --------------------*- C++ -*-===//

#ifndef WARPLINT_TEST_FACTS_LISTINGS_H
#define WARPLINT_TEST_FACTS_LISTINGS_H

#include "Facts/SassListing.h"

#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

namespace warplint {

/// Inputs/Name parsed (Inputs/README.md says how the listings were made).
inline SassListing readListing(const std::string &Name) {
  auto Buffer = llvm::MemoryBuffer::getFile(std::string(FACTS_INPUTS) + "/" +
                                            Name);
  EXPECT_TRUE(bool(Buffer)) << Name;
  return Buffer ? parseSassListing((*Buffer)->getBuffer()) : SassListing();
}

} // namespace warplint

#endif // WARPLINT_TEST_FACTS_LISTINGS_H
