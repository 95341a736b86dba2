// Reading fault rules (docs/ADMIN.md, "Fault injection"): the public JSON shape, its defaults, and
// a refusal naming the rule and the problem for everything that cannot be used.

#include "protocol/faults/fault_rule.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ddb::protocol {
namespace {

using nlohmann::json;
using Names = std::vector<std::string>;

FaultRule one_rule(const char* rule) {
  FaultRuleSet set = parse_fault_rules(json::parse(std::string(R"({"rules":[)") + rule + "]}"));
  EXPECT_EQ(set.rules.size(), 1u);
  return set.rules.at(0);
}

// The message of the BadFaultRules that `document` gets.
std::string refusal(const char* document) {
  try {
    parse_fault_rules(json::parse(document));
  } catch (const BadFaultRules& bad) {
    return bad.what();
  }
  return "(accepted)";
}

TEST(FaultRule, AnErrorRuleTakesDynamoDBsTextAndFiresEveryTimeByDefault) {
  FaultRule rule = one_rule(R"({"operation":"PutItem","error":"ThrottlingException"})");
  EXPECT_EQ(rule.operations, Names{"PutItem"});
  EXPECT_TRUE(rule.tables.empty());
  EXPECT_EQ(rule.action, FaultAction::Fail);
  EXPECT_EQ(rule.error, engine::ErrorType::Throttling);
  EXPECT_EQ(rule.message, "Rate of requests exceeds the allowed throughput.");
  EXPECT_EQ(rule.probability, 1);
  EXPECT_EQ(rule.every, 1u);
  EXPECT_FALSE(rule.count);
  EXPECT_EQ(rule.latency.count(), 0);
  EXPECT_EQ(rule.source, json::parse(R"({"operation":"PutItem","error":"ThrottlingException"})"));
}

TEST(FaultRule, EachErrorHasItsTypeAndText) {
  struct Case {
    const char* name;
    engine::ErrorType type;
    const char* message;
  };
  for (const Case& c : {
           Case{"ProvisionedThroughputExceededException",
                engine::ErrorType::ProvisionedThroughputExceeded,
                "The level of configured provisioned throughput for the table was exceeded. "
                "Consider increasing your provisioning level with the UpdateTable API."},
           Case{"RequestLimitExceeded", engine::ErrorType::RequestLimitExceeded,
                "Throughput exceeds the current throughput limit for your account. Please contact "
                "AWS Support at https://aws.amazon.com/support request a limit increase"},
           Case{"InternalServerError", engine::ErrorType::InternalServer, "Internal server error"},
           Case{"ServiceUnavailable", engine::ErrorType::ServiceUnavailable,
                "DynamoDB is currently unavailable. (This should be a temporary state.)"},
           Case{"TransactionConflictException", engine::ErrorType::TransactionConflict,
                "Transaction is ongoing for the item"},
           Case{"ConditionalCheckFailedException", engine::ErrorType::ConditionalCheckFailed,
                "The conditional request failed"},
       }) {
    FaultRule rule = one_rule((std::string(R"({"error":")") + c.name + "\"}").c_str());
    EXPECT_EQ(rule.error, c.type) << c.name;
    EXPECT_EQ(rule.message, c.message) << c.name;
  }
}

TEST(FaultRule, MessageReplacesTheErrorsText) {
  FaultRule rule = one_rule(R"({"error":"InternalServerError","message":"boom"})");
  EXPECT_EQ(rule.message, "boom");
}

TEST(FaultRule, OperationsAndTablesTakeListsAndTableArnsBecomeNames) {
  FaultRule rule = one_rule(
      R"({"operation":["GetItem","Query"],"error":"ThrottlingException",
          "table":["Orders","arn:aws:dynamodb:us-east-1:000000000000:table/Users"]})");
  EXPECT_EQ(rule.operations, (Names{"GetItem", "Query"}));
  EXPECT_EQ(rule.tables, (Names{"Orders", "Users"}));
}

TEST(FaultRule, ReadsAndWritesSelectTheItemOperations) {
  EXPECT_EQ(one_rule(R"({"reads":true,"error":"ThrottlingException"})").operations,
            (Names{"GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems"}));
  EXPECT_EQ(one_rule(R"({"writes":true,"operation":"DescribeTable","error":"ThrottlingException"})")
                .operations,
            (Names{"DescribeTable", "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
                   "TransactWriteItems"}));
}

TEST(FaultRule, AnUnprocessedShareAppliesToTheBatchesOnly) {
  FaultRule both = one_rule(R"({"error":"UnprocessedItems"})");
  EXPECT_EQ(both.action, FaultAction::LeaveUnprocessed);
  EXPECT_EQ(both.operations, (Names{"BatchWriteItem", "BatchGetItem"}));
  EXPECT_EQ(both.share, 0.5);
  FaultRule writes = one_rule(R"({"error":"UnprocessedItems","writes":true,"share":1})");
  EXPECT_EQ(writes.operations, Names{"BatchWriteItem"});
  EXPECT_EQ(writes.share, 1);
  EXPECT_EQ(one_rule(R"({"error":"UnprocessedKeys","operation":"BatchGetItem"})").operations,
            Names{"BatchGetItem"});
  EXPECT_EQ(one_rule(R"({"error":"UnprocessedKeys","reads":true})").operations,
            Names{"BatchGetItem"});
}

TEST(FaultRule, ACancelledTransactionAppliesToTransactionsOnly) {
  FaultRule rule = one_rule(R"({"error":"TransactionCanceledException","transactionItem":2})");
  EXPECT_EQ(rule.action, FaultAction::CancelTransaction);
  EXPECT_EQ(rule.operations,
            (Names{"TransactWriteItems", "TransactGetItems", "ExecuteTransaction"}));
  EXPECT_EQ(rule.transaction_item, 2u);
}

TEST(FaultRule, LatencyAloneIsADelay) {
  FaultRule rule = one_rule(R"({"operation":"Scan","latencyMs":250,"every":3,"count":2})");
  EXPECT_EQ(rule.action, FaultAction::Delay);
  EXPECT_EQ(rule.latency.count(), 250);
  EXPECT_EQ(rule.every, 3u);
  EXPECT_EQ(rule.count, 2u);
}

TEST(FaultRule, TheSeedIsKept) {
  EXPECT_EQ(parse_fault_rules(json::parse(R"({"rules":[],"seed":42})")).seed, 42u);
  EXPECT_FALSE(parse_fault_rules(json::parse(R"({"rules":[]})")).seed);
}

TEST(FaultRule, RefusalsNameTheRuleAndTheProblem) {
  EXPECT_EQ(refusal(R"([])"), R"(the rules must be {"rules": [...], "seed": N})");
  EXPECT_EQ(refusal(R"({})"), R"(the rules must be {"rules": [...], "seed": N})");
  EXPECT_EQ(refusal(R"({"rules":[],"sead":1})"), "unknown member 'sead'");
  EXPECT_EQ(refusal(R"({"rules":[],"seed":-1})"),
            "seed must be a whole number from 0 to 18446744073709551615");
  EXPECT_EQ(refusal(R"({"rules":[5]})"), "rule 0: must be an object");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException"},{"operation":"PutItem"}]})"),
            "rule 1: give an error, a latencyMs or both");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","probabilty":0.5}]})"),
            "rule 0: unknown member 'probabilty'");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"Throttled"}]})"),
            "rule 0: unknown error 'Throttled' (see docs/ADMIN.md)");
  EXPECT_EQ(refusal(R"({"rules":[{"error":7}]})"), "rule 0: error must be a string");
  EXPECT_EQ(refusal(R"({"rules":[{"operation":"Putitem","error":"ThrottlingException"}]})"),
            "rule 0: 'Putitem' is not a DynamoDB operation");
  EXPECT_EQ(refusal(R"({"rules":[{"operation":[],"error":"ThrottlingException"}]})"),
            "rule 0: operation must be a name or a non-empty list of names");
  EXPECT_EQ(refusal(R"({"rules":[{"table":["t",1],"error":"ThrottlingException"}]})"),
            "rule 0: table must be a name or a non-empty list of names");
  EXPECT_EQ(refusal(R"({"rules":[{"reads":"yes","error":"ThrottlingException"}]})"),
            "rule 0: reads must be true or false");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","probability":1.5}]})"),
            "rule 0: probability must be a number from 0 to 1");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","probability":"1"}]})"),
            "rule 0: probability must be a number from 0 to 1");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","count":0}]})"),
            "rule 0: count must be a whole number from 1 up");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","every":1.5}]})"),
            "rule 0: every must be a whole number from 1 up");
  EXPECT_EQ(refusal(R"({"rules":[{"latencyMs":600001}]})"),
            "rule 0: latencyMs must be a whole number from 0 to 600000");
  EXPECT_EQ(refusal(R"({"rules":[{"latencyMs":5,"share":0.5}]})"), "rule 0: share needs an error");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","share":0.5}]})"),
            "rule 0: share goes with UnprocessedItems");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"UnprocessedItems","share":0}]})"),
            "rule 0: share must be a number above 0, up to 1");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"UnprocessedItems","message":"x"}]})"),
            "rule 0: message goes with an error such as ThrottlingException, not "
            "UnprocessedItems");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"UnprocessedItems","operation":"PutItem"}]})"),
            "rule 0: UnprocessedItems applies to BatchWriteItem and BatchGetItem, not PutItem");
  EXPECT_EQ(
      refusal(R"({"rules":[{"error":"TransactionCanceledException","operation":"PutItem"}]})"),
      "rule 0: TransactionCanceledException applies to TransactWriteItems, "
      "TransactGetItems and ExecuteTransaction, not PutItem");
  EXPECT_EQ(refusal(R"({"rules":[{"error":"ThrottlingException","transactionItem":0}]})"),
            "rule 0: transactionItem goes with TransactionCanceledException");
  EXPECT_EQ(
      refusal(R"({"rules":[{"error":"TransactionCanceledException","transactionItem":100}]})"),
      "rule 0: transactionItem must be a whole number from 0 to 99");
}

}  // namespace
}  // namespace ddb::protocol
