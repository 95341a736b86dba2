#include "protocol/batches/transaction_targets.h"

#include <utility>

#include "engine/error_details.h"
#include "protocol/requests/key_validation.h"

namespace ddb::protocol {

namespace {

using engine::Error;

// The value checks of the key attributes that have the schema's type: these reject the request as
// a whole ("One or more parameter values are not valid. The AttributeValue for a key attribute
// cannot contain an empty string value. Key: pk", paritysuite, for any action).
void check_key_values(const engine::Item& attributes, const engine::KeySchema& schema) {
  const auto check = [&](const engine::KeyAttribute& attribute, bool partition) {
    auto it = attributes.find(attribute.name);
    if (it != attributes.end() && it->second.type() == attribute.type) {
      validate_key_value(it->second, attribute, partition);
    }
  };
  check(schema.partition, true);
  if (schema.sort) check(*schema.sort, false);
}

}  // namespace

std::vector<std::shared_ptr<engine::Table>> require_tables(const RequestContext& ctx,
                                                           const std::vector<std::string>& names) {
  std::vector<std::shared_ptr<engine::Table>> tables;
  tables.reserve(names.size());
  for (const std::string& name : names) tables.push_back(require_table(ctx, name));
  return tables;
}

TransactionTarget item_target(std::shared_ptr<engine::Table> table, const engine::Item& item) {
  const engine::KeySchema& schema = table->key_schema();
  check_key_values(item, schema);
  TransactionTarget target{std::move(table), std::nullopt, std::nullopt};
  try {
    validate_item_key(item, schema);
    target.key = engine::key_of(item, schema);
  } catch (const Error& error) {
    target.invalid = error;
  }
  return target;
}

TransactionTarget key_target(std::shared_ptr<engine::Table> table, const engine::Item& key) {
  const engine::KeySchema& schema = table->key_schema();
  check_key_values(key, schema);
  TransactionTarget target{std::move(table), std::nullopt, std::nullopt};
  try {
    target.key = key_from_request(key, schema);
  } catch (const Error& error) {
    target.invalid = error;
  }
  return target;
}

void check_targets(const std::vector<TransactionTarget>& targets) {
  // At most 100 targets: comparing every pair is cheaper than hashing keys.
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].key) continue;
    for (std::size_t j = i + 1; j < targets.size(); ++j) {
      if (targets[j].key && targets[i].table == targets[j].table &&
          *targets[i].key == *targets[j].key) {
        // No trailing period (paritysuite exact, scylladb, AWS knowledge center).
        throw Error::validation(
            "Transaction request cannot include multiple operations on one item");
      }
    }
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].invalid) continue;
    std::vector<engine::CancellationReason> reasons(targets.size(),
                                                    engine::CancellationReason{"None", "", {}});
    reasons[i] = {"ValidationError", targets[i].invalid->message(), std::nullopt};
    throw transaction_canceled(std::move(reasons));
  }
}

}  // namespace ddb::protocol
