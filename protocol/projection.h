#pragma once

#include <string>
#include <vector>

#include "engine/expression.h"
#include "engine/item.h"
#include "protocol/constraints.h"
#include "protocol/json_fields.h"

namespace ddb::protocol {

// Which attributes a read returns: all of them, the named top-level attributes (AttributesToGet),
// or the document paths of a ProjectionExpression (keeping the item's structure around them).
class Projection {
 public:
  Projection() = default;
  explicit Projection(std::vector<std::string> names) : names_(std::move(names)), all_(false) {}
  explicit Projection(std::vector<engine::DocumentPath> paths)
      : paths_(std::move(paths)), all_(false) {}

  bool all() const { return all_; }
  engine::Item apply(const engine::Item& item) const;

 private:
  std::vector<std::string> names_;
  std::vector<engine::DocumentPath> paths_;
  bool all_ = true;
};

// Reads AttributesToGet (a ProjectionExpression is resolved with the request's other expressions:
// request_expressions.h).
Projection parse_projection(const Json& request, Constraints& constraints);

}  // namespace ddb::protocol
