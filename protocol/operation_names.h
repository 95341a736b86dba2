#pragma once

#include <string_view>

namespace ddb::protocol {

// Whether `name` is an operation of DynamoDB's API (botocore's service model), whether ddblocal
// serves it or not: an operation not served yet is told apart from a target DynamoDB does not know.
bool is_dynamodb_operation(std::string_view name);

// Whether `name` is an operation of DynamoDB Streams' API (ListStreams, DescribeStream,
// GetShardIterator, GetRecords).
bool is_streams_operation(std::string_view name);

}  // namespace ddb::protocol
