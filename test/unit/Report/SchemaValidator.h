//===- SchemaValidator.h - A JSON Schema subset, for tests ------*- C++ -*-===//
//
// Just enough of JSON Schema (2020-12) to check warplint's output against
// docs/warplint-output.schema.json without a third-party validator. Any
// keyword outside the supported subset is reported as an error, so the
// schema cannot silently grow rules these tests do not enforce.
//
//===----------------------------------------------------------------------===//

#ifndef WARPLINT_TEST_REPORT_SCHEMAVALIDATOR_H
#define WARPLINT_TEST_REPORT_SCHEMAVALIDATOR_H

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

/// Validates Instance against Schema (whose "#/$defs/..." references resolve
/// in Root). Returns one message per violation, "" paths for the root.
std::vector<std::string> validateSchema(const llvm::json::Value &Instance,
                                        const llvm::json::Value &Schema,
                                        const llvm::json::Value &Root);

} // namespace warplint

#endif // WARPLINT_TEST_REPORT_SCHEMAVALIDATOR_H
