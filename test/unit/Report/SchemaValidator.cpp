//===- SchemaValidator.cpp - A JSON Schema subset, for tests --------------===//
//
// Supported: type, const, enum, properties, required, additionalProperties
// (boolean), items, minItems, maxItems, minimum, $ref to "#/$defs/NAME",
// allOf, if/then/else. Annotations ($schema, $id, title, description, $defs)
// are skipped.
//
//===----------------------------------------------------------------------===//

#include "SchemaValidator.h"

#include <cmath>

namespace warplint {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

class Validator {
public:
  explicit Validator(const Value &Root) : Root(Root) {}
  std::vector<std::string> Errors;

  void check(const Value &V, const Value &S, const std::string &Path) {
    const Object *Schema = S.getAsObject();
    if (!Schema) {
      fail(Path, "schema is not an object");
      return;
    }
    for (const auto &KV : *Schema) {
      llvm::StringRef Key = KV.first;
      const Value &Arg = KV.second;
      if (Key == "$schema" || Key == "$id" || Key == "title" ||
          Key == "description" || Key == "$defs" || Key == "then" ||
          Key == "else")
        continue;
      if (Key == "type")
        checkType(V, Arg, Path);
      else if (Key == "const") {
        if (V != Arg)
          fail(Path, "differs from const");
      } else if (Key == "enum")
        checkEnum(V, Arg, Path);
      else if (Key == "properties")
        checkProperties(V, Arg, Path);
      else if (Key == "required")
        checkRequired(V, Arg, Path);
      else if (Key == "additionalProperties")
        checkAdditional(V, Arg, *Schema, Path);
      else if (Key == "items")
        checkItems(V, Arg, Path);
      else if (Key == "minItems" || Key == "maxItems")
        checkCount(V, Arg, Key == "minItems", Path);
      else if (Key == "minimum")
        checkMinimum(V, Arg, Path);
      else if (Key == "$ref")
        checkRef(V, Arg, Path);
      else if (Key == "allOf")
        checkAllOf(V, Arg, Path);
      else if (Key == "if")
        checkIf(V, Arg, *Schema, Path);
      else
        fail(Path, ("unsupported schema keyword '" + Key + "'").str());
    }
  }

private:
  const Value &Root;

  void fail(const std::string &Path, const std::string &Message) {
    Errors.push_back((Path.empty() ? "/" : Path) + ": " + Message);
  }

  static bool hasType(const Value &V, llvm::StringRef Type) {
    if (Type == "null")
      return V.kind() == Value::Null;
    if (Type == "boolean")
      return V.kind() == Value::Boolean;
    if (Type == "string")
      return V.kind() == Value::String;
    if (Type == "array")
      return V.kind() == Value::Array;
    if (Type == "object")
      return V.kind() == Value::Object;
    if (Type == "number")
      return V.kind() == Value::Number;
    if (Type == "integer") {
      if (V.getAsInteger() || V.getAsUINT64())
        return true;
      std::optional<double> D = V.getAsNumber();
      return D && std::floor(*D) == *D;
    }
    return false;
  }

  void checkType(const Value &V, const Value &Arg, const std::string &Path) {
    if (auto S = Arg.getAsString()) {
      if (!hasType(V, *S))
        fail(Path, ("not of type " + *S).str());
      return;
    }
    if (const Array *Types = Arg.getAsArray()) {
      for (const Value &T : *Types)
        if (auto S = T.getAsString(); S && hasType(V, *S))
          return;
      fail(Path, "none of the allowed types");
    }
  }

  void checkEnum(const Value &V, const Value &Arg, const std::string &Path) {
    if (const Array *Options = Arg.getAsArray())
      for (const Value &O : *Options)
        if (O == V)
          return;
    fail(Path, "not one of the enum values");
  }

  void checkProperties(const Value &V, const Value &Arg,
                       const std::string &Path) {
    const Object *Instance = V.getAsObject();
    const Object *Props = Arg.getAsObject();
    if (!Instance || !Props)
      return;
    for (const auto &KV : *Props)
      if (const Value *Field = Instance->get(KV.first))
        check(*Field, KV.second, Path + "/" + KV.first.str());
  }

  void checkRequired(const Value &V, const Value &Arg,
                     const std::string &Path) {
    const Object *Instance = V.getAsObject();
    const Array *Names = Arg.getAsArray();
    if (!Instance || !Names)
      return;
    for (const Value &N : *Names)
      if (auto Name = N.getAsString(); Name && !Instance->get(*Name))
        fail(Path, ("missing required '" + *Name + "'").str());
  }

  void checkAdditional(const Value &V, const Value &Arg, const Object &Schema,
                       const std::string &Path) {
    const Object *Instance = V.getAsObject();
    if (!Instance || Arg != Value(false))
      return;
    const Object *Props = Schema.getObject("properties");
    for (const auto &KV : *Instance)
      if (!Props || !Props->get(KV.first))
        fail(Path, "unexpected property '" + KV.first.str() + "'");
  }

  void checkItems(const Value &V, const Value &Arg, const std::string &Path) {
    if (const Array *Items = V.getAsArray())
      for (size_t I = 0; I < Items->size(); ++I)
        check((*Items)[I], Arg, Path + "/" + std::to_string(I));
  }

  void checkCount(const Value &V, const Value &Arg, bool Min,
                  const std::string &Path) {
    const Array *Items = V.getAsArray();
    std::optional<int64_t> N = Arg.getAsInteger();
    if (!Items || !N)
      return;
    if (Min ? int64_t(Items->size()) < *N : int64_t(Items->size()) > *N)
      fail(Path, Min ? "too few items" : "too many items");
  }

  void checkMinimum(const Value &V, const Value &Arg, const std::string &Path) {
    std::optional<double> X = V.getAsNumber(), Bound = Arg.getAsNumber();
    if (X && Bound && *X < *Bound)
      fail(Path, "below minimum");
  }

  void checkRef(const Value &V, const Value &Arg, const std::string &Path) {
    std::optional<llvm::StringRef> Ref = Arg.getAsString();
    const Object *Defs =
        Root.getAsObject() ? Root.getAsObject()->getObject("$defs") : nullptr;
    if (!Ref || !Ref->consume_front("#/$defs/") || !Defs || !Defs->get(*Ref)) {
      fail(Path, "unresolvable $ref");
      return;
    }
    check(V, *Defs->get(*Ref), Path);
  }

  void checkAllOf(const Value &V, const Value &Arg, const std::string &Path) {
    if (const Array *Schemas = Arg.getAsArray())
      for (const Value &S : *Schemas)
        check(V, S, Path);
  }

  void checkIf(const Value &V, const Value &Arg, const Object &Schema,
               const std::string &Path) {
    Validator Probe(Root);
    Probe.check(V, Arg, Path);
    const Value *Branch = Schema.get(Probe.Errors.empty() ? "then" : "else");
    if (Branch)
      check(V, *Branch, Path);
  }
};

} // namespace

std::vector<std::string> validateSchema(const llvm::json::Value &Instance,
                                        const llvm::json::Value &Schema,
                                        const llvm::json::Value &Root) {
  Validator V(Root);
  V.check(Instance, Schema, "");
  return V.Errors;
}

} // namespace warplint
