#pragma once

#include <stdexcept>
#include <string>

#include "protocol/faults/fault_rule.h"

namespace ddb::server {

// A --faults file that cannot be used; the message names the file and the problem.
class FaultFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The fault rules in the JSON file at `path` ({"rules": [...], "seed": N}, as PUT /ddblocal/faults
// takes them). Throws FaultFileError when the file cannot be read, is not JSON, or holds a rule
// that cannot be used.
protocol::FaultRuleSet read_fault_file(const std::string& path);

}  // namespace ddb::server
