#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/expression.h"
#include "engine/item.h"
#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol {

// Which attributes a read returns: all of them, or the document paths of a ProjectionExpression or
// of AttributesToGet (top-level names), keeping the item's structure around them.
class Projection {
 public:
  Projection() = default;
  explicit Projection(std::vector<engine::DocumentPath> paths)
      : paths_(std::move(paths)), all_(false) {}

  bool all() const { return all_; }
  engine::Item apply(const engine::Item& item) const;
  // The top-level attributes the paths start at, each once, in ascending order; none for all().
  std::vector<std::string> top_level_names() const;
  // The paths, in request order; none for all().
  const std::vector<engine::DocumentPath>& paths() const { return paths_; }

 private:
  std::vector<engine::DocumentPath> paths_;
  bool all_ = true;
};

// The model's checks of AttributesToGet (GetItem, Query, Scan), run with the operation's other
// model checks (before constraints.check()): a list of strings (SerializationException, thrown at
// once) of length 1 to 255 ("Value '[]' at 'attributesToGet' failed to satisfy constraint: Member
// must have length greater than or equal to 1"; the value is echoed Java-style, '[a, b]').
// `path` is the member's path in the model.
void add_attributes_to_get_constraints(const Json& request, Constraints& constraints,
                                       std::string_view path = "attributesToGet");

// AttributesToGet as a projection of top-level attributes, in request order; all attributes when
// the member is absent. Call after the constraints and check_expression_members. A name given
// twice is "One or more parameter values were invalid: Duplicate value in attribute name: a" (the
// first repeat; dynalite test/query.js and scan.js, from AWS). A ProjectionExpression is resolved
// with the request's other expressions (request_expressions.h).
Projection attributes_to_get(const Json& request);

}  // namespace ddb::protocol
