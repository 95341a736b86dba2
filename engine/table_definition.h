#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/item.h"

namespace ddb::engine {

enum class BillingMode { Provisioned, PayPerRequest };

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  double last_increase_time = 0;  // epoch seconds; 0 = never
  double last_decrease_time = 0;
  int64_t decreases_today = 0;
};

struct Tag {
  std::string key;
  std::string value;
};

// A table's metadata, as CreateTable defines it and DescribeTable reports it.
struct TableDefinition {
  std::string name;
  KeySchema key_schema;
  std::vector<KeyAttribute> attribute_definitions;
  BillingMode billing_mode = BillingMode::Provisioned;
  ProvisionedThroughput throughput;      // zeros under PAY_PER_REQUEST, as DynamoDB reports them
  double billing_mode_changed_time = 0;  // epoch seconds; 0 = never changed
  std::vector<Tag> tags;
  double creation_time = 0;  // epoch seconds
  std::string table_id;      // a UUID
  std::string arn;           // arn:aws:dynamodb:<region>:<account>:table/<name>
  bool deletion_protection = false;
};

}  // namespace ddb::engine
