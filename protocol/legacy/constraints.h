#pragma once

#include "protocol/json/json_fields.h"
#include "protocol/requests/constraints.h"

namespace ddb::protocol::legacy {

// How an unknown ConditionalOperator is reported. DynamoDB is moving operations to a newer
// validator one by one:
//   Older: a constraint violation joined with the others,
//          "Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy
//          enum value set: [OR, AND]" (dynalite test/query.js and scan.js; paritysuite
//          deepRequests.test.ts for PutItem/UpdateItem with very deep values, 2026-10);
//   Newer: thrown at once, bare, before any other constraint:
//          "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]" (sic;
//          paritysuite validation-ordering/query.test.ts, Query in us-east-1 and eu-west-2,
//          2026-10). Query uses it; Scan, PutItem, UpdateItem and DeleteItem keep Older, the only
//          form captured for them.
enum class ConditionalOperatorWording { Older, Newer };

// The request-model checks of the legacy members present in `request`, run with the operation's
// other model checks (before constraints.check()):
//  - JSON types of Expected, KeyConditions, QueryFilter, ScanFilter, AttributeUpdates and their
//    members (SerializationException, thrown at once);
//  - ComparisonOperator: required in a Condition ("Value null at
//    'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be
//    null"), optional in Expected, one of [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL,
//    NE, LE, BEGINS_WITH, GE, CONTAINS] (dynalite test/query.js, from AWS);
//  - AttributeUpdates Action: one of [ADD, PUT, DELETE] at 'attributeUpdates.a.member.action'
//    (the model's enum; wording as the other emulators report it, not seen from AWS);
//  - ConditionalOperator: one of OR, AND, reported as `wording` says.
// Values are decoded later, by the per-parameter functions.
void add_legacy_constraints(const Json& request, Constraints& constraints,
                            ConditionalOperatorWording wording);

}  // namespace ddb::protocol::legacy
