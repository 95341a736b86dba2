// libFuzzer target: the PartiQL front end. Input: a statement's text. It is parsed, and what parses
// is translated against a fixed table schema with every `?` bound to a string: the WHERE as a
// condition evaluated against a fixed item, the key terms as a Query plan, an UPDATE's clauses as
// actions applied to the item. Validation errors (engine::Error) are expected answers; anything
// else escaping, a crash, or unbounded recursion is a bug.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/condition.h"
#include "engine/error.h"
#include "engine/update.h"
#include "protocol/partiql/parser.h"
#include "protocol/partiql/translate.h"

namespace {

using ddb::engine::AttributeValue;

const ddb::engine::Item& item() {
  static const ddb::engine::Item item = [] {
    ddb::engine::Item built;
    built.emplace("pk", AttributeValue::string("p"));
    built.emplace("sk", AttributeValue::string("s"));
    built.emplace("n", AttributeValue::number(ddb::engine::Number::parse("3")));
    built.emplace("l", AttributeValue::list({AttributeValue::string("x")}));
    built.emplace("ss", AttributeValue::string_set({"a", "b"}));
    return built;
  }();
  return item;
}

void run(std::string_view text) {
  ddb::protocol::partiql::Statement statement = ddb::protocol::partiql::parse_statement(text);
  std::vector<AttributeValue> parameters(statement.parameter_count, AttributeValue::string("v"));
  ddb::protocol::partiql::Translator translator(parameters);
  ddb::engine::IndexKeySchema schema;
  schema.partition.push_back({"pk", ddb::engine::Type::S});
  schema.sort.push_back({"sk", ddb::engine::Type::S});
  if (statement.where) {
    ddb::engine::evaluate(translator.condition(*statement.where), item());
    translator.key_predicates(statement.where, schema);
    translator.split_key(*statement.where, {"pk", "sk"});
  }
  if (!statement.updates.empty()) {
    ddb::engine::apply_update(item(), translator.actions(statement.updates));
  }
  if (statement.kind == ddb::protocol::partiql::Statement::Kind::Insert) {
    translator.item(statement.value);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  // DynamoDB's limit on a statement: 8,192 characters.
  if (size > 8192) return 0;
  try {
    run(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const ddb::engine::Error&) {
  }
  return 0;
}
