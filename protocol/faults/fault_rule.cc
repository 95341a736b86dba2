#include "protocol/faults/fault_rule.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <string_view>
#include <utility>

#include "protocol/faults/fault_request.h"
#include "protocol/operation_names.h"

namespace ddb::protocol {

namespace {

using engine::ErrorType;

// The errors a rule may name, with the text DynamoDB sends for each.
struct KnownError {
  std::string_view name;
  ErrorType type;
  std::string_view message;
};

constexpr std::array kKnownErrors = {
    // The message a provisioned table's throttled request gets (the API reference lists it among
    // TransactionCanceledException's reason messages; dynalite sends it, from AWS).
    KnownError{"ProvisionedThroughputExceededException", ErrorType::ProvisionedThroughputExceeded,
               "The level of configured provisioned throughput for the table was exceeded. "
               "Consider increasing your provisioning level with the UpdateTable API."},
    // Developer Guide, "Error handling with DynamoDB", HTTP status code 400.
    KnownError{"ThrottlingException", ErrorType::Throttling,
               "Rate of requests exceeds the allowed throughput."},
    KnownError{"RequestLimitExceeded", ErrorType::RequestLimitExceeded,
               "Throughput exceeds the current throughput limit for your account. Please contact "
               "AWS Support at https://aws.amazon.com/support request a limit increase"},
    // The text of DynamoDB's own 500s (as ddblocal's other internal errors); the Developer Guide's
    // 503 text.
    KnownError{"InternalServerError", ErrorType::InternalServer, "Internal server error"},
    KnownError{"ServiceUnavailable", ErrorType::ServiceUnavailable,
               "DynamoDB is currently unavailable. (This should be a temporary state.)"},
    // The API reference's text for a TransactionConflict (TransactionCanceledException's reasons).
    KnownError{"TransactionConflictException", ErrorType::TransactionConflict,
               "Transaction is ongoing for the item"},
    // Refusals that are not about throughput, so that a test can see its code give up at once.
    KnownError{"ConditionalCheckFailedException", ErrorType::ConditionalCheckFailed,
               "The conditional request failed"},
    KnownError{"ItemCollectionSizeLimitExceededException",
               ErrorType::ItemCollectionSizeLimitExceeded, "Collection size exceeded."},
};

constexpr std::string_view kTransactionCanceled = "TransactionCanceledException";
// A batch share: "UnprocessedItems" (BatchWriteItem's member), or "UnprocessedKeys"
// (BatchGetItem's), which means the same.
constexpr std::string_view kUnprocessedItems = "UnprocessedItems";
constexpr std::string_view kUnprocessedKeys = "UnprocessedKeys";

// The item operations "reads" and "writes" select. PartiQL statements can be either, so they are
// named by operation only.
constexpr std::string_view kReads[] = {"GetItem", "BatchGetItem", "Query", "Scan",
                                       "TransactGetItems"};
constexpr std::string_view kWrites[] = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
                                        "TransactWriteItems"};
constexpr std::string_view kBatches[] = {"BatchWriteItem", "BatchGetItem"};
constexpr std::string_view kTransactions[] = {"TransactWriteItems", "TransactGetItems",
                                              "ExecuteTransaction"};

constexpr std::array<std::string_view, 12> kRuleMembers = {
    "operation",   "table", "reads", "writes",    "error", "message",
    "probability", "every", "count", "latencyMs", "share", "transactionItem"};

// Reads one rule; `where` ("rule 2") starts every complaint.
class RuleReader {
 public:
  RuleReader(const Json& rule, std::string where) : rule_(rule), where_(std::move(where)) {}

  FaultRule read() {
    if (!rule_.is_object()) fail("must be an object");
    for (const auto& [name, value] : rule_.items()) {
      if (std::find(kRuleMembers.begin(), kRuleMembers.end(), name) == kRuleMembers.end()) {
        fail("unknown member '" + name + "'");
      }
    }
    FaultRule rule;
    rule.source = rule_;
    read_action(rule);
    read_operations(rule);
    for (std::string& table : names("table")) {
      rule.tables.emplace_back(table_name_in(table));
    }
    if (const Json* p = member("probability")) {
      if (!p->is_number() || !(p->get<double>() >= 0 && p->get<double>() <= 1)) {
        fail("probability must be a number from 0 to 1");
      }
      rule.probability = p->get<double>();
    }
    rule.every = integer("every", 1, std::numeric_limits<std::int64_t>::max()).value_or(1);
    rule.count = integer("count", 1, std::numeric_limits<std::int64_t>::max());
    return rule;
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw BadFaultRules(where_ + ": " + problem);
  }

  const Json* member(const char* name) const {
    auto it = rule_.find(name);
    return it == rule_.end() || it->is_null() ? nullptr : &*it;
  }

  // A whole number from `min` to `max`, or nothing.
  std::optional<std::uint64_t> integer(const char* name, std::int64_t min, std::int64_t max) const {
    const Json* value = member(name);
    if (value == nullptr) return std::nullopt;
    const bool whole =
        value->is_number_integer() ||
        (value->is_number_float() && std::trunc(value->get<double>()) == value->get<double>());
    const double number = value->is_number() ? value->get<double>() : -1;
    if (!whole || number < static_cast<double>(min) || number > static_cast<double>(max)) {
      fail(std::string(name) + " must be a whole number from " + std::to_string(min) +
           (max == std::numeric_limits<std::int64_t>::max() ? std::string(" up")
                                                            : " to " + std::to_string(max)));
    }
    return value->is_number_unsigned() ? value->get<std::uint64_t>()
                                       : static_cast<std::uint64_t>(number);
  }

  // A string or a non-empty list of strings; empty when absent.
  std::vector<std::string> names(const char* name) const {
    const Json* value = member(name);
    if (value == nullptr) return {};
    std::vector<std::string> result;
    if (value->is_string()) result.push_back(value->get<std::string>());
    if (value->is_array()) {
      for (const Json& element : *value) {
        if (!element.is_string()) break;
        result.push_back(element.get<std::string>());
      }
      if (value->empty() || result.size() != value->size()) result.clear();
    }
    if (result.empty()) fail(std::string(name) + " must be a name or a non-empty list of names");
    return result;
  }

  bool flag(const char* name) const {
    const Json* value = member(name);
    if (value != nullptr && !value->is_boolean())
      fail(std::string(name) + " must be true or false");
    return value != nullptr && value->get<bool>();
  }

  void read_action(FaultRule& rule) const {
    if (auto latency = integer("latencyMs", 0, kMaxFaultLatencyMs)) {
      rule.latency = std::chrono::milliseconds(*latency);
    }
    const Json* error = member("error");
    if (error == nullptr) {
      if (member("latencyMs") == nullptr) fail("give an error, a latencyMs or both");
      for (const char* other : {"message", "share", "transactionItem"}) {
        if (member(other) != nullptr) fail(std::string(other) + " needs an error");
      }
      return;
    }
    if (!error->is_string()) fail("error must be a string");
    const std::string& name = error->get_ref<const std::string&>();
    if (name == kUnprocessedItems || name == kUnprocessedKeys) {
      rule.action = FaultAction::LeaveUnprocessed;
    } else if (name == kTransactionCanceled) {
      rule.action = FaultAction::CancelTransaction;
    } else {
      auto known = std::find_if(kKnownErrors.begin(), kKnownErrors.end(),
                                [&](const KnownError& e) { return e.name == name; });
      if (known == kKnownErrors.end()) fail("unknown error '" + name + "' (see docs/ADMIN.md)");
      rule.action = FaultAction::Fail;
      rule.error = known->type;
      rule.message = std::string(known->message);
      if (const Json* message = member("message")) {
        if (!message->is_string()) fail("message must be a string");
        rule.message = message->get<std::string>();
      }
    }
    if (rule.action != FaultAction::Fail && member("message") != nullptr) {
      fail("message goes with an error such as ThrottlingException, not " + name);
    }
    if (const Json* share = member("share")) {
      if (rule.action != FaultAction::LeaveUnprocessed) fail("share goes with UnprocessedItems");
      if (!share->is_number() || !(share->get<double>() > 0 && share->get<double>() <= 1)) {
        fail("share must be a number above 0, up to 1");
      }
      rule.share = share->get<double>();
    }
    if (member("transactionItem") != nullptr) {
      if (rule.action != FaultAction::CancelTransaction) {
        fail("transactionItem goes with TransactionCanceledException");
      }
      rule.transaction_item = integer("transactionItem", 0, 99);
    }
  }

  // `operation` as given, then "reads" and "writes"; a batch share or a cancelled transaction
  // applies to the operations that have one, which the rule may narrow but not widen.
  void read_operations(FaultRule& rule) const {
    const std::vector<std::string> named = names("operation");
    for (const std::string& operation : named) {
      if (!is_dynamodb_operation(operation) && !is_streams_operation(operation)) {
        fail("'" + operation + "' is not a DynamoDB operation");
      }
    }
    rule.operations = named;
    for (auto [name, group] : {std::pair{"reads", std::span<const std::string_view>(kReads)},
                               std::pair{"writes", std::span<const std::string_view>(kWrites)}}) {
      if (!flag(name)) continue;
      for (std::string_view operation : group) {
        if (!contains(rule.operations, operation)) rule.operations.emplace_back(operation);
      }
    }
    std::span<const std::string_view> fits;
    std::string fits_text;
    if (rule.action == FaultAction::LeaveUnprocessed) {
      fits = kBatches;
      fits_text = "UnprocessedItems applies to BatchWriteItem and BatchGetItem";
    } else if (rule.action == FaultAction::CancelTransaction) {
      fits = kTransactions;
      fits_text =
          "TransactionCanceledException applies to TransactWriteItems, TransactGetItems and "
          "ExecuteTransaction";
    }
    if (fits.empty()) return;
    for (const std::string& operation : named) {
      if (std::find(fits.begin(), fits.end(), operation) == fits.end()) {
        fail(fits_text + ", not " + operation);
      }
    }
    // "reads" and "writes" each hold one batch and one transaction operation, so something is
    // always left.
    std::vector<std::string> kept;
    for (std::string_view operation : fits) {
      if (rule.operations.empty() || contains(rule.operations, operation)) {
        kept.emplace_back(operation);
      }
    }
    rule.operations = std::move(kept);
  }

  static bool contains(const std::vector<std::string>& list, std::string_view name) {
    return std::find(list.begin(), list.end(), name) != list.end();
  }

  const Json& rule_;
  std::string where_;
};

}  // namespace

FaultRuleSet parse_fault_rules(const Json& document) {
  constexpr const char* kShape = R"(the rules must be {"rules": [...], "seed": N})";
  if (!document.is_object()) throw BadFaultRules(kShape);
  for (const auto& [name, value] : document.items()) {
    if (name != "rules" && name != "seed") throw BadFaultRules("unknown member '" + name + "'");
  }
  auto rules = document.find("rules");
  if (rules == document.end() || !rules->is_array()) throw BadFaultRules(kShape);
  FaultRuleSet set;
  if (auto seed = document.find("seed"); seed != document.end() && !seed->is_null()) {
    if (!seed->is_number_unsigned()) {
      throw BadFaultRules("seed must be a whole number from 0 to 18446744073709551615");
    }
    set.seed = seed->get<std::uint64_t>();
  }
  for (std::size_t i = 0; i < rules->size(); ++i) {
    set.rules.push_back(RuleReader((*rules)[i], "rule " + std::to_string(i)).read());
  }
  return set;
}

}  // namespace ddb::protocol
