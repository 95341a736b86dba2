// Scan in-process through the dispatcher: paging, parallel segments and its validation, with
// DynamoDB's exact error types and messages (dynalite's tests recorded against AWS, paritysuite
// captures from 2026, AWS responses quoted in GitHub issues).

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/support/harness.h"

namespace ddb::protocol {
namespace {

using nlohmann::json;
using test::CallResult;
using test::expect_validation;
using test::Harness;

class ScanOps : public ::testing::Test {
 protected:
  void SetUp() override {
    h.create_table("orders", "sk", "N");
    for (int p = 0; p < 40; ++p) {
      for (int sk = 0; sk < 2; ++sk) {
        h.put("orders",
              json{{"pk", {{"S", "p" + std::to_string(p)}}}, {"sk", {{"N", std::to_string(sk)}}}});
      }
    }
  }
  CallResult scan(json extra) {
    extra["TableName"] = "orders";
    return h.call("Scan", extra);
  }
  // Every item of the scan (following LastEvaluatedKey), as "pk/sk".
  std::vector<std::string> scan_all(json extra) {
    std::vector<std::string> labels;
    for (int pages = 0; pages < 1000; ++pages) {
      CallResult r = scan(extra);
      EXPECT_EQ(r.status, 200) << r.body.dump();
      for (const json& item : r.body["Items"]) {
        labels.push_back(item["pk"]["S"].get<std::string>() + "/" +
                         item["sk"]["N"].get<std::string>());
      }
      if (!r.body.contains("LastEvaluatedKey")) break;
      extra["ExclusiveStartKey"] = r.body["LastEvaluatedKey"];
    }
    return labels;
  }
  Harness h;
};

TEST_F(ScanOps, PagesVisitEveryItemExactlyOnce) {
  std::vector<std::string> labels = scan_all({{"Limit", 7}});
  EXPECT_EQ(labels.size(), 80u);
  EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()).size(), 80u);
  EXPECT_EQ(labels, scan_all(json::object()));
}

TEST_F(ScanOps, SegmentsTogetherVisitEveryItemExactlyOnce) {
  for (int total : {1, 2, 3, 7}) {
    std::vector<std::string> labels;
    for (int segment = 0; segment < total; ++segment) {
      std::vector<std::string> part =
          scan_all({{"Segment", segment}, {"TotalSegments", total}, {"Limit", 5}});
      labels.insert(labels.end(), part.begin(), part.end());
    }
    EXPECT_EQ(labels.size(), 80u) << "TotalSegments " << total;
    EXPECT_EQ(std::set<std::string>(labels.begin(), labels.end()).size(), 80u);
  }
}

TEST_F(ScanOps, RequiresSegmentAndTotalSegmentsTogether) {
  expect_validation(scan({{"Segment", 0}}),
                    "The TotalSegments parameter is required but was not present in the request "
                    "when Segment parameter is present");
  expect_validation(scan({{"TotalSegments", 2}}),
                    "The Segment parameter is required but was not present in the request when "
                    "parameter TotalSegments is present");
}

TEST_F(ScanOps, RejectsASegmentNotBelowTotalSegments) {
  expect_validation(scan({{"Segment", 5}, {"TotalSegments", 5}}),
                    "The Segment parameter is zero-based and must be less than parameter "
                    "TotalSegments: Segment: 5 is not less than TotalSegments: 5");
}

TEST_F(ScanOps, RejectsSegmentValuesOutsideTheModelsRange) {
  expect_validation(scan({{"Segment", -1}, {"TotalSegments", 2}}),
                    "1 validation error detected: Value '-1' at 'segment' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 0");
  expect_validation(scan({{"Segment", 0}, {"TotalSegments", 1000001}}),
                    "1 validation error detected: Value '1000001' at 'totalSegments' failed to "
                    "satisfy constraint: Member must have value less than or equal to 1000000");
}

TEST_F(ScanOps, RejectsLimitZeroInTheOlderWording) {
  expect_validation(scan({{"Limit", 0}}),
                    "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                    "constraint: Member must have value greater than or equal to 1");
}

TEST_F(ScanOps, RejectsAStartKeyThatDoesNotMatchTheSchema) {
  expect_validation(scan({{"ExclusiveStartKey", json::parse(R"({"pk":{"S":"p1"}})")}}),
                    "The provided starting key is invalid: The provided key element does not "
                    "match the schema");
}

TEST_F(ScanOps, RequiresAProjectionForSpecificAttributes) {
  expect_validation(scan({{"Select", "SPECIFIC_ATTRIBUTES"}}),
                    "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                    "SPECIFIC_ATTRIBUTES");
}

TEST_F(ScanOps, OnAMissingTableIsResourceNotFound) {
  CallResult r = h.call("Scan", R"({"TableName":"nope"})");
  EXPECT_EQ(r.error_type, "ResourceNotFoundException");
  EXPECT_EQ(r.message, "Requested resource not found");
}

}  // namespace
}  // namespace ddb::protocol
