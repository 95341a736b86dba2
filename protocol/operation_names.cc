#include "protocol/operation_names.h"

#include <unordered_map>

namespace ddb::protocol {

bool is_dynamodb_operation(std::string_view name) {
  static const std::unordered_map<std::string_view, bool> known = [] {
    std::unordered_map<std::string_view, bool> names;
    for (std::string_view op : {"BatchExecuteStatement",
                                "BatchGetItem",
                                "BatchWriteItem",
                                "CreateBackup",
                                "CreateGlobalTable",
                                "CreateTable",
                                "DeleteBackup",
                                "DeleteItem",
                                "DeleteResourcePolicy",
                                "DeleteTable",
                                "DescribeBackup",
                                "DescribeContinuousBackups",
                                "DescribeContributorInsights",
                                "DescribeEndpoints",
                                "DescribeExport",
                                "DescribeGlobalTable",
                                "DescribeGlobalTableSettings",
                                "DescribeImport",
                                "DescribeKinesisStreamingDestination",
                                "DescribeLimits",
                                "DescribeTable",
                                "DescribeTableReplicaAutoScaling",
                                "DescribeTimeToLive",
                                "DisableKinesisStreamingDestination",
                                "EnableKinesisStreamingDestination",
                                "ExecuteStatement",
                                "ExecuteTransaction",
                                "ExportTableToPointInTime",
                                "GetItem",
                                "GetResourcePolicy",
                                "ImportTable",
                                "ListBackups",
                                "ListContributorInsights",
                                "ListExports",
                                "ListGlobalTables",
                                "ListImports",
                                "ListTables",
                                "ListTagsOfResource",
                                "PutItem",
                                "PutResourcePolicy",
                                "Query",
                                "RestoreTableFromBackup",
                                "RestoreTableToPointInTime",
                                "Scan",
                                "TagResource",
                                "TransactGetItems",
                                "TransactWriteItems",
                                "UntagResource",
                                "UpdateContinuousBackups",
                                "UpdateContributorInsights",
                                "UpdateGlobalTable",
                                "UpdateGlobalTableSettings",
                                "UpdateItem",
                                "UpdateKinesisStreamingDestination",
                                "UpdateTable",
                                "UpdateTableReplicaAutoScaling",
                                "UpdateTimeToLive"}) {
      names.emplace(op, true);
    }
    return names;
  }();
  return known.contains(name);
}

bool is_streams_operation(std::string_view name) {
  for (std::string_view op : {"ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"}) {
    if (name == op) return true;
  }
  return false;
}

}  // namespace ddb::protocol
