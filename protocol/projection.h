#pragma once

#include <string>
#include <vector>

#include "engine/item.h"
#include "protocol/constraints.h"
#include "protocol/json_fields.h"

namespace ddb::protocol {

// Which attributes a read returns: all of them, or the named top-level attributes
// (AttributesToGet).
class Projection {
 public:
  Projection() = default;
  explicit Projection(std::vector<std::string> names) : names_(std::move(names)), all_(false) {}

  bool all() const { return all_; }
  engine::Item apply(const engine::Item& item) const;

 private:
  std::vector<std::string> names_;
  bool all_ = true;
};

// Reads AttributesToGet (ProjectionExpression comes with the expression language).
Projection parse_projection(const Json& request, Constraints& constraints);

}  // namespace ddb::protocol
