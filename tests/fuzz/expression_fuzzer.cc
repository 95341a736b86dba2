// libFuzzer target: DynamoDB's expression parser, and for what parses, the resolver and the
// engine's evaluation against a fixed item. Input: one byte choosing the expression kind (its value
// modulo 5: condition, key condition, filter, update, projection), then the expression text.
// Validation errors (engine::Error) are expected answers; anything else escaping is a bug.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/condition.h"
#include "engine/error.h"
#include "engine/update.h"
#include "protocol/expr/parser.h"
#include "protocol/expr/resolve.h"
#include "protocol/json/value_json.h"
#include "protocol/requests/expression_attributes.h"

namespace {

using ddb::protocol::ExpressionAttributes;
using ddb::protocol::expr::ExpressionKind;

// The placeholders the seed corpus uses, and an item with values of every type to run against.
const nlohmann::json& attributes_json() {
  static const nlohmann::json json = nlohmann::json::parse(R"({
    "ExpressionAttributeNames": {"#a": "a", "#b": "b", "#n": "n", "#m": "m", "#l": "l",
                                 "#pk": "pk", "#sk": "sk", "#dot": "x.y"},
    "ExpressionAttributeValues": {":s": {"S": "s"}, ":n": {"N": "1"}, ":big": {"N": "9E+125"},
      ":b": {"B": "AAE="}, ":t": {"BOOL": true}, ":null": {"NULL": true},
      ":ss": {"SS": ["a", "b"]}, ":ns": {"NS": ["1", "2"]}, ":bs": {"BS": ["AAE="]},
      ":l": {"L": [{"S": "x"}, {"N": "2"}]}, ":m": {"M": {"k": {"S": "v"}}}, ":e": {"S": ""}}
  })");
  return json;
}

const ddb::engine::Item& item() {
  static const ddb::engine::Item item = ddb::protocol::item_from_json(nlohmann::json::parse(R"({
    "pk": {"S": "p"}, "sk": {"N": "3"}, "a": {"S": "abc"}, "b": {"B": "AAEC"}, "n": {"N": "-7.25"},
    "ss": {"SS": ["a", "c"]}, "ns": {"NS": ["1", "9"]}, "t": {"BOOL": false}, "z": {"NULL": true},
    "m": {"M": {"k": {"S": "v"}, "l": {"L": [{"N": "1"}, {"M": {"x": {"S": "y"}}}]}}},
    "l": {"L": [{"S": "x"}, {"L": [{"N": "2"}]}, {"NS": ["5"]}]}, "x.y": {"N": "0"}
  })"));
  return item;
}

void run(ExpressionKind kind, std::string_view text) {
  namespace expr = ddb::protocol::expr;
  ExpressionAttributes attributes = ExpressionAttributes::from_request(attributes_json(), false);
  switch (kind) {
    case ExpressionKind::Condition:
    case ExpressionKind::Filter: {
      auto condition = expr::resolve_condition(expr::parse_condition(text, kind), kind, attributes);
      ddb::engine::evaluate(condition, item());
      break;
    }
    case ExpressionKind::KeyCondition:
      expr::parse_condition(text, kind);
      break;
    case ExpressionKind::Update: {
      auto actions = expr::resolve_update(expr::parse_update(text), attributes);
      ddb::engine::apply_update(item(), actions);
      ddb::engine::apply_update(ddb::engine::Item{}, actions, false);
      break;
    }
    case ExpressionKind::Projection:
      expr::resolve_projection(expr::parse_projection(text), attributes);
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return -1;
  constexpr ExpressionKind kKinds[] = {ExpressionKind::Condition, ExpressionKind::KeyCondition,
                                       ExpressionKind::Filter, ExpressionKind::Update,
                                       ExpressionKind::Projection};
  ExpressionKind kind = kKinds[data[0] % 5];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    run(kind, text);
  } catch (const ddb::engine::Error&) {
    // DynamoDB's answer to a bad expression: expected.
  }
  return 0;
}
