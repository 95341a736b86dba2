// GET, PUT and DELETE /ddblocal/faults: the fault rules in force, replaced, or cleared.

#include "protocol/admin/admin_operations.h"
#include "protocol/faults/fault_rules.h"

namespace ddb::protocol::admin {

namespace {

FaultRules& rules_of(const AdminCall& call) {
  if (call.services.faults == nullptr) {
    throw AdminError::not_found("fault injection is not available on this server");
  }
  return *call.services.faults;
}

}  // namespace

Json get_faults(AdminCall& call) { return rules_of(call).to_json(); }

Json put_faults(AdminCall& call) {
  FaultRules& rules = rules_of(call);
  try {
    rules.replace(parse_fault_rules(call.body));
  } catch (const BadFaultRules& bad) {
    throw AdminError::bad_request(bad.what());
  }
  return rules.to_json();
}

Json delete_faults(AdminCall& call) {
  FaultRules& rules = rules_of(call);
  rules.clear();
  return rules.to_json();
}

}  // namespace ddb::protocol::admin
