#include "protocol/operations.h"

namespace ddb::protocol {

namespace {

// DynamoDB's default throughput quotas for provisioned capacity, per Region ("Service, account,
// and table quotas in Amazon DynamoDB", Developer Guide): 40,000 read and 40,000 write capacity
// units per table (a table and its GSIs), 80,000 of each per account. ddblocal enforces none of
// them; it reports what a new AWS account would see.
constexpr int kAccountMaxCapacityUnits = 80000;
constexpr int kTableMaxCapacityUnits = 40000;

}  // namespace

// The request has no members; any given are ignored.
Json describe_limits(RequestContext& /*ctx*/, const Json& /*request*/) {
  return {{"AccountMaxReadCapacityUnits", kAccountMaxCapacityUnits},
          {"AccountMaxWriteCapacityUnits", kAccountMaxCapacityUnits},
          {"TableMaxReadCapacityUnits", kTableMaxCapacityUnits},
          {"TableMaxWriteCapacityUnits", kTableMaxCapacityUnits}};
}

}  // namespace ddb::protocol
