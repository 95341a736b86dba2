#pragma once

#include <optional>

#include "protocol/json/json_fields.h"

namespace ddb::protocol {

// The requests that create one of a seed's tables.
struct SeedTableRequests {
  Json create_table;  // CreateTable's input
  // UpdateTimeToLive's TimeToLiveSpecification, when the seed enables TTL on the table.
  std::optional<Json> time_to_live;
};

// The requests for a seed's table, which is written in one of two forms:
// - CreateTable input, passed on unchanged;
// - DescribeTable output: its Table member, or the whole {"Table": {...}} that `aws dynamodb
//   describe-table` prints. It is recognised by the members only a description has (TableStatus,
//   TableArn, TableId, CreationDateTime, ItemCount, TableSizeBytes, BillingModeSummary,
//   TableClassSummary) and mapped onto CreateTable input: read-only members are dropped,
//   BillingModeSummary becomes BillingMode (PROVISIONED without one, as DynamoDB describes such
//   tables), TableClassSummary TableClass, SSEDescription SSESpecification, and capacities are kept
//   only where the billing mode takes them (an on-demand table's zero ProvisionedThroughput goes,
//   and so does an OnDemandThroughput maximum of -1, "none").
// Either form may carry TTL as UpdateTimeToLive's {"TimeToLiveSpecification": {"AttributeName":
// ..., "Enabled": true}} or as `aws dynamodb describe-time-to-live`'s {"TimeToLiveDescription":
// {"AttributeName": ..., "TimeToLiveStatus": "ENABLED"}}, beside the table's members or beside
// the Table wrapper. Nothing is validated here: CreateTable and UpdateTimeToLive check the
// requests with DynamoDB's messages. Throws SeedError (no location) when `table` is not a JSON
// object.
SeedTableRequests seed_table_requests(const Json& table);

}  // namespace ddb::protocol
