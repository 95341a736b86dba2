// The access-pattern report's aggregation: units by table and index, Scans, filter efficiency,
// hot keys, GSI write amplification, item sizes, sort-key hygiene, and the findings they make.

#include "protocol/admin/access_report.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/database.h"

namespace ddb::protocol {
namespace {

constexpr std::string_view kSpace = "AKID/us-east-1";

RequestUsage get(std::string_view table, std::string_view key, double units = 0.5) {
  RequestUsage usage;
  usage.table = table;
  usage.partition_key = key;
  usage.capacity_units = units;
  return usage;
}

RequestUsage scan(std::string_view table, int64_t count, int64_t scanned, double units,
                  std::string_view statement) {
  RequestUsage usage;
  usage.table = table;
  usage.capacity_units = units;
  usage.count = count;
  usage.scanned_count = scanned;
  usage.scan = true;
  usage.statement = statement;
  return usage;
}

RequestUsage put(std::string_view table, std::string_view pk, std::string_view sk,
                 std::size_t bytes, double units) {
  RequestUsage usage;
  usage.table = table;
  usage.partition_key = pk;
  usage.sort_key = sk;
  usage.sort_key_is_string = !sk.empty();
  usage.item_bytes = bytes;
  usage.capacity_units = units;
  return usage;
}

Json kinds(const Json& report) {
  Json list = Json::array();
  for (const Json& finding : report["findings"]) list.push_back(finding["kind"]);
  return list;
}

class AccessReportTest : public ::testing::Test {
 protected:
  Json json() const { return report.to_json(database, std::nullopt, 5000); }
  engine::Database database;
  AccessReport report{1000};
};

TEST_F(AccessReportTest, CountsRequestsAndUnitsByOperation) {
  report.record(kSpace, "GetItem", get("t", "a"));
  report.record(kSpace, "GetItem", get("t", "b", 1.0));
  report.record(kSpace, "PutItem", put("t", "a", "", 100, 1.0));
  Json r = json();
  EXPECT_EQ(r["since"], 1.0);
  EXPECT_EQ(r["generatedAt"], 5.0);
  ASSERT_EQ(r["tables"].size(), 1u);
  const Json& t = r["tables"][0];
  EXPECT_EQ(t["namespace"], std::string(kSpace));
  EXPECT_EQ(t["table"], "t");
  EXPECT_EQ(t["requests"], (Json{{"GetItem", 2}, {"PutItem", 1}}));
  EXPECT_EQ(t["readUnits"], 1.5);
  EXPECT_EQ(t["writeUnits"], 1.0);
  EXPECT_EQ(r["findings"], Json::array());
}

TEST_F(AccessReportTest, RefusedRequestsAndTablelessOnesAreNotCounted) {
  RequestUsage refused = get("t", "a");
  refused.error_type = "ValidationException";
  report.record(kSpace, "GetItem", refused);
  report.record(kSpace, "ListTables", RequestUsage{});
  EXPECT_EQ(json()["tables"], Json::array());
}

TEST_F(AccessReportTest, ATableNamedByItsArnCountsUnderItsName) {
  report.record(kSpace, "GetItem", get("arn:aws:dynamodb:us-east-1:000000000000:table/t", "a"));
  report.record(kSpace, "GetItem", get("t", "a"));
  Json r = json();
  ASSERT_EQ(r["tables"].size(), 1u);
  EXPECT_EQ(r["tables"][0]["requests"]["GetItem"], 2);
}

TEST_F(AccessReportTest, ScansGetTheirShareOfReadUnitsAndAFinding) {
  report.record(kSpace, "GetItem", get("t", "a", 1.0));
  report.record(kSpace, "Scan", scan("t", 40, 40, 3.0, "Scan"));
  Json r = json();
  const Json& scans = r["tables"][0]["scans"];
  EXPECT_EQ(scans["count"], 1);
  EXPECT_EQ(scans["itemsScanned"], 40);
  EXPECT_EQ(scans["readUnits"], 3.0);
  EXPECT_EQ(scans["shareOfReadUnits"], 0.75);
  ASSERT_EQ(kinds(r), (Json::array({"scan"})));
  EXPECT_EQ(r["findings"][0]["message"],
            "1 Scan read 40 items for 3 read units, 75% of the table's read units; a Query reads "
            "one partition");
  EXPECT_EQ(r["findings"][0]["request"], "Scan");
  EXPECT_EQ(r["findings"][0]["index"], nullptr);
}

TEST_F(AccessReportTest, AKeyOverHalfTheTableUnitsIsHot) {
  for (int i = 0; i < 9; ++i) report.record(kSpace, "GetItem", get("t", "hot"));
  report.record(kSpace, "UpdateItem", put("t", "hot", "", 10, 1.0));
  report.record(kSpace, "GetItem", get("t", "cold"));
  Json r = json();
  const Json& keys = r["tables"][0]["hotPartitionKeys"];
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0]["key"], "hot");
  EXPECT_EQ(keys[0]["units"], 5.5);
  EXPECT_EQ(keys[0]["share"], 5.5 / 6.0);
  EXPECT_EQ(keys[0]["requests"], 10);
  EXPECT_EQ(keys[0]["operations"], (Json{{"GetItem", 9}, {"UpdateItem", 1}}));
  EXPECT_EQ(keys[0]["hot"], true);
  EXPECT_EQ(keys[1]["hot"], false);
  ASSERT_EQ(kinds(r), (Json::array({"hotPartitionKey"})));
  EXPECT_EQ(r["findings"][0]["message"],
            "partition key \"hot\" consumed 5.5 of the 6 units (91.7%) in 10 of 11 keyed "
            "requests: one partition serves at most 3,000 read and 1,000 write units a second");
  EXPECT_EQ(r["findings"][0]["request"], "GetItem x9, UpdateItem x1 on partition key \"hot\"");
}

TEST_F(AccessReportTest, AFewRequestsOnOneKeyAreNotHot) {
  for (int i = 0; i < 9; ++i) report.record(kSpace, "GetItem", get("t", "only"));
  Json r = json();
  EXPECT_EQ(r["tables"][0]["hotPartitionKeys"][0]["share"], 1.0);
  EXPECT_EQ(r["tables"][0]["hotPartitionKeys"][0]["hot"], false);
  EXPECT_EQ(r["findings"], Json::array());
}

TEST_F(AccessReportTest, IndexReadsCountUnderTheIndex) {
  RequestUsage query = get("t", "c1", 2.0);
  query.index = "byCustomer";
  query.count = 2;
  query.scanned_count = 20;
  query.statement = "Query IndexName=byCustomer FilterExpression=\"x\"";
  report.record(kSpace, "Query", query);
  Json r = json();
  const Json& t = r["tables"][0];
  EXPECT_EQ(t["readUnits"], 0.0);
  ASSERT_EQ(t["indexes"].size(), 1u);
  const Json& index = t["indexes"][0];
  EXPECT_EQ(index["index"], "byCustomer");
  EXPECT_EQ(index["projection"], nullptr);  // no such table in the database
  EXPECT_EQ(index["requests"], (Json{{"Query", 1}}));
  EXPECT_EQ(index["readUnits"], 2.0);
  EXPECT_EQ(index["filterEfficiency"]["ratio"], 0.1);
  ASSERT_EQ(kinds(r), (Json::array({"filterEfficiency"})));
  EXPECT_EQ(r["findings"][0]["index"], "byCustomer");
  EXPECT_EQ(r["findings"][0]["request"], "Query IndexName=byCustomer FilterExpression=\"x\"");
  EXPECT_EQ(r["findings"][0]["message"],
            "returned 2 of the 20 items it read (10%) in 1 request: the filter discards items "
            "after their read units are spent");
}

TEST_F(AccessReportTest, ListsTheWorstStatementsFirst) {
  report.record(kSpace, "Scan", scan("t", 9, 10, 1.0, "Scan A"));
  report.record(kSpace, "Scan", scan("t", 1, 10, 1.0, "Scan B"));
  report.record(kSpace, "Scan", scan("t", 5, 10, 1.0, "Scan C"));
  Json r = json();
  const Json& efficiency = r["tables"][0]["filterEfficiency"];
  EXPECT_EQ(efficiency["count"], 15);
  EXPECT_EQ(efficiency["scannedCount"], 30);
  ASSERT_EQ(efficiency["worstStatements"].size(), 3u);
  EXPECT_EQ(efficiency["worstStatements"][0]["statement"], "Scan B");
  EXPECT_EQ(efficiency["worstStatements"][1]["statement"], "Scan C");
  EXPECT_EQ(efficiency["worstStatements"][2]["statement"], "Scan A");
  // Scan B returned 10%; Scan C returned exactly half, which is not below the threshold.
  EXPECT_EQ(kinds(r), (Json::array({"scan", "filterEfficiency"})));
}

TEST_F(AccessReportTest, IndexWritesPerBaseWriteAndAmplification) {
  for (int i = 0; i < 4; ++i) {
    RequestUsage write = put("t", "k" + std::to_string(i), "", 500, 3.0);
    write.index_writes = {{"byA", engine::IndexKind::Global, 1.0},
                          {"byB", engine::IndexKind::Global, i < 2 ? 1.0 : 0.0}};
    report.record(kSpace, "PutItem", write);
  }
  Json r = json();
  const Json& t = r["tables"][0];
  EXPECT_EQ(t["baseTableWrites"], 4);
  EXPECT_EQ(t["writeUnits"], 4.0 * 3 - 4 - 2);
  ASSERT_EQ(t["indexes"].size(), 2u);
  EXPECT_EQ(t["indexes"][0]["index"], "byA");
  EXPECT_EQ(t["indexes"][0]["writes"], 4);
  EXPECT_EQ(t["indexes"][0]["writesPerBaseWrite"], 1.0);
  EXPECT_EQ(t["indexes"][0]["writeUnits"], 4.0);
  EXPECT_EQ(t["indexes"][1]["writes"], 2);
  EXPECT_EQ(t["indexes"][1]["writesPerBaseWrite"], 0.5);
  EXPECT_EQ(t["indexes"][1]["writeUnitsPerBaseWriteUnit"], 2.0 / 6.0);
  // 6 index units for the table's 6: not more than the table's own.
  EXPECT_EQ(r["findings"], Json::array());

  RequestUsage write = put("t", "k9", "", 500, 3.0);
  write.index_writes = {{"byA", engine::IndexKind::Global, 1.0},
                        {"byB", engine::IndexKind::Global, 1.0}};
  report.record(kSpace, "PutItem", write);
  r = json();
  ASSERT_EQ(kinds(r), (Json::array({"gsiWriteAmplification"})));
  EXPECT_EQ(r["findings"][0]["message"],
            "5 writes consumed 7 write units on the table and 8 on its indexes (byA 5, byB 3): "
            "1.1 index units per table unit; a narrower projection or fewer indexes cost less");
  EXPECT_EQ(r["findings"][0]["request"], "PutItem x5");
}

TEST_F(AccessReportTest, KeepsTheLargestItemsAndFlagsThoseOver100KB) {
  for (int i = 1; i <= 7; ++i) {
    report.record(kSpace, "PutItem", put("t", "k" + std::to_string(i), "s", i * 1000, 1.0));
  }
  report.record(kSpace, "PutItem", put("t", "big", "s", 150 * 1024, 150.0));
  // Rewritten smaller, the item keeps one entry.
  report.record(kSpace, "UpdateItem", put("t", "k7", "s", 7500, 8.0));
  Json r = json();
  const Json& sizes = r["tables"][0]["itemSizes"];
  EXPECT_EQ(sizes["over100KB"], 1);
  ASSERT_EQ(sizes["largest"].size(), AccessReport::kLargestItems);
  EXPECT_EQ(sizes["largest"][0], (Json{{"partitionKey", "big"},
                                       {"sortKey", "s"},
                                       {"bytes", 150 * 1024},
                                       {"operation", "PutItem"}}));
  EXPECT_EQ(sizes["largest"][1]["partitionKey"], "k7");
  EXPECT_EQ(sizes["largest"][1]["bytes"], 7500);
  EXPECT_EQ(sizes["largest"][2]["partitionKey"], "k6");
  EXPECT_EQ(sizes["largest"][4]["partitionKey"], "k4");
  ASSERT_EQ(kinds(r), (Json::array({"largeItem"})));
  EXPECT_EQ(r["findings"][0]["message"],
            "1 write left an item over 100 KB; the largest, \"big\" / \"s\", is 150 KB: every "
            "read of it costs its size in read units");
}

TEST_F(AccessReportTest, UnpaddedSortKeysAreAFinding) {
  report.record(kSpace, "PutItem", put("t", "u1", "ORDER#9", 10, 1.0));
  report.record(kSpace, "PutItem", put("t", "u2", "ORDER#10", 10, 1.0));
  report.record(kSpace, "PutItem", put("t", "u3", "ORDER#11", 10, 1.0));
  // Reads do not add sort keys: it is what was written that sorts wrongly.
  report.record(kSpace, "GetItem", put("t", "u3", "ITEM#1000", 0, 0.5));
  Json r = json();
  EXPECT_EQ(r["tables"][0]["sortKeyHygiene"], (Json::array({{{"pattern", "ORDER#{n}"},
                                                             {"number", 1},
                                                             {"digits", {1, 2}},
                                                             {"examples", {"ORDER#9", "ORDER#10"}},
                                                             {"values", 3}}})));
  ASSERT_EQ(kinds(r), (Json::array({"sortKeyHygiene"})));
  EXPECT_EQ(r["findings"][0]["message"],
            "string sort keys of the pattern \"ORDER#{n}\" hold numbers of 1 to 2 digits, so they "
            "sort as text, not by value (\"ORDER#10\" and \"ORDER#9\"); pad the numbers with "
            "zeros to one width");
}

TEST_F(AccessReportTest, SelectsANamespaceAndStartsOver) {
  report.record(kSpace, "GetItem", get("t", "a"));
  report.record("OTHER/us-east-1", "GetItem", get("u", "a"));
  Json mine = report.to_json(database, kSpace, 5000);
  ASSERT_EQ(mine["tables"].size(), 1u);
  EXPECT_EQ(mine["tables"][0]["table"], "t");
  EXPECT_EQ(json()["tables"].size(), 2u);
  report.clear(7000);
  Json cleared = json();
  EXPECT_EQ(cleared["tables"], Json::array());
  EXPECT_EQ(cleared["since"], 7.0);
}

TEST_F(AccessReportTest, BoundsTheStatementsKept) {
  for (std::size_t i = 0; i < AccessReport::kMaxStatements + 5; ++i) {
    report.record(kSpace, "Scan", scan("t", 1, 1, 0.5, "Scan " + std::to_string(i)));
  }
  Json r = json();
  EXPECT_EQ(r["tables"][0]["filterEfficiency"]["scannedCount"],
            static_cast<int64_t>(AccessReport::kMaxStatements + 5));
  EXPECT_EQ(r["tables"][0]["scans"]["count"], AccessReport::kMaxStatements + 5);
}

}  // namespace
}  // namespace ddb::protocol
