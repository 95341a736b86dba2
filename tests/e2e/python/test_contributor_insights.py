"""Contributor Insights through boto3 against the real binary: UpdateContributorInsights,
DescribeContributorInsights and ListContributorInsights on a table and its GSI, with
ContributorInsightsMode, and the keys it counts, read from GET /ddblocal/contributor-insights
(docs/ADMIN.md, "Contributor Insights"): the most accessed partition keys and items of a table
and a GSI by consumed units over a sliding window moved by the admin clock. The throttled keys
are tested with capacity enforcement, in test_capacity.py."""

import unittest

from botocore.exceptions import ClientError

from . import admin
from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start


class ContributorInsightsTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = harness.create_table(
            self.client, harness.unique_table_name("insights"), range_key=("SK", "S"),
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"},
                                  {"AttributeName": "owner", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{"IndexName": "byOwner",
                                     "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])

    def test_enable_describe_disable(self):
        """Enabling answers ENABLING; the table then describes ENABLED with its rules and mode;
        disabling answers DISABLING and leaves it DISABLED."""
        described = self.client.describe_contributor_insights(TableName=self.table)
        self.assertEqual(described["ContributorInsightsStatus"], "DISABLED")
        updated = self.client.update_contributor_insights(
            TableName=self.table, ContributorInsightsAction="ENABLE",
            ContributorInsightsMode="THROTTLED_KEYS")
        self.assertEqual(updated["ContributorInsightsStatus"], "ENABLING")
        self.assertEqual(updated["ContributorInsightsMode"], "THROTTLED_KEYS")
        described = self.client.describe_contributor_insights(TableName=self.table)
        self.assertEqual(described["ContributorInsightsStatus"], "ENABLED")
        self.assertEqual(described["ContributorInsightsMode"], "THROTTLED_KEYS")
        self.assertEqual([rule.split("-")[1] for rule in described["ContributorInsightsRuleList"]],
                         ["PKT", "SKT"])
        self.assertIn("LastUpdateDateTime", described)
        updated = self.client.update_contributor_insights(
            TableName=self.table, ContributorInsightsAction="DISABLE")
        self.assertEqual(updated["ContributorInsightsStatus"], "DISABLING")
        described = self.client.describe_contributor_insights(TableName=self.table)
        self.assertEqual(described["ContributorInsightsStatus"], "DISABLED")

    def test_index_and_list(self):
        """An index has settings of its own; ListContributorInsights with a TableName lists the
        table and each GSI, and pages with MaxResults and NextToken."""
        self.client.update_contributor_insights(
            TableName=self.table, IndexName="byOwner", ContributorInsightsAction="ENABLE")
        described = self.client.describe_contributor_insights(TableName=self.table,
                                                              IndexName="byOwner")
        self.assertEqual(described["IndexName"], "byOwner")
        self.assertEqual(described["ContributorInsightsStatus"], "ENABLED")
        listed = self.client.list_contributor_insights(TableName=self.table)
        self.assertEqual(listed["ContributorInsightsSummaries"], [
            {"TableName": self.table, "ContributorInsightsStatus": "DISABLED"},
            {"TableName": self.table, "IndexName": "byOwner", "ContributorInsightsStatus": "ENABLED",
             "ContributorInsightsMode": "ACCESSED_AND_THROTTLED_KEYS"}])
        first = self.client.list_contributor_insights(TableName=self.table, MaxResults=1)
        self.assertEqual(len(first["ContributorInsightsSummaries"]), 1)
        second = self.client.list_contributor_insights(TableName=self.table, MaxResults=1,
                                                       NextToken=first["NextToken"])
        self.assertEqual(second["ContributorInsightsSummaries"][0]["IndexName"], "byOwner")
        self.assertNotIn("NextToken", second)
        everywhere = self.client.list_contributor_insights()["ContributorInsightsSummaries"]
        self.assertIn({"TableName": self.table, "IndexName": "byOwner",
                       "ContributorInsightsStatus": "ENABLED",
                       "ContributorInsightsMode": "ACCESSED_AND_THROTTLED_KEYS"}, everywhere)

    def test_refusals(self):
        """A missing table or index is a ResourceNotFoundException; the action and mode are the
        model's enums."""
        with self.assertRaises(ClientError) as context:
            self.client.describe_contributor_insights(TableName="missing-table")
        self.assertError(context, "ResourceNotFoundException",
                         "Requested resource not found: Table: missing-table not found")
        with self.assertRaises(ClientError) as context:
            self.client.update_contributor_insights(TableName=self.table, IndexName="nix",
                                                    ContributorInsightsAction="ENABLE")
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Index: nix not found for table: "
                         f"{self.table}")
        with self.assertRaises(ClientError) as context:
            self.raw.update_contributor_insights(TableName=self.table,
                                                 ContributorInsightsAction="PAUSE")
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value 'PAUSE' at "
                         "'contributorInsightsAction' failed to satisfy constraint: Member must "
                         "satisfy enum value set: [ENABLE, DISABLE]")


    def insights(self, query=""):
        status, answer = admin.call(SERVER, "GET", f"contributor-insights?table={self.table}{query}")
        self.assertEqual(status, 200, answer)
        return answer

    def put(self, owner, pk, sk, size=10):
        self.client.put_item(TableName=self.table, Item={
            "PK": {"S": pk}, "SK": {"S": sk}, "owner": {"S": owner}, "data": {"S": "x" * size}})

    def test_the_most_accessed_keys_are_counted_while_enabled(self):
        """Only requests made while insights are enabled count; the table's keys rank by consumed
        units (a 2 KB write is two units), with requests; items by partition and sort key."""
        self.put("ann", "quiet", "1")
        self.assertEqual(self.insights()["tables"], [])
        self.client.update_contributor_insights(TableName=self.table,
                                                ContributorInsightsAction="ENABLE")
        self.put("ann", "hot", "a", size=1500)  # 2 write units
        for _ in range(3):
            self.client.get_item(TableName=self.table,
                                 Key={"PK": {"S": "hot"}, "SK": {"S": "a"}})  # 0.5 each
        self.put("bob", "warm", "b")
        self.client.query(TableName=self.table, KeyConditionExpression="PK = :p",
                          ExpressionAttributeValues={":p": {"S": "warm"}})
        [entry] = self.insights()["tables"]
        self.assertEqual(entry["table"], self.table)
        self.assertIsNone(entry["index"])
        self.assertEqual(entry["mode"], "ACCESSED_AND_THROTTLED_KEYS")
        self.assertEqual([rule.split("-")[1] for rule in entry["rules"]],
                         ["PKC", "SKC", "PKT", "SKT"])
        self.assertEqual(entry["mostAccessedPartitionKeys"], [
            {"partitionKey": {"S": "hot"}, "units": 3.5, "requests": 4},
            {"partitionKey": {"S": "warm"}, "units": 1.5, "requests": 2}])
        # A Query names no item: only the PutItem counts for warm's item.
        self.assertEqual(entry["mostAccessedItems"], [
            {"partitionKey": {"S": "hot"}, "sortKey": {"S": "a"}, "units": 3.5, "requests": 4},
            {"partitionKey": {"S": "warm"}, "sortKey": {"S": "b"}, "units": 1.0, "requests": 1}])
        self.assertEqual(entry["mostThrottledPartitionKeys"], [])
        self.assertEqual(self.insights("&limit=1")["tables"][0]["mostAccessedPartitionKeys"],
                         [{"partitionKey": {"S": "hot"}, "units": 3.5, "requests": 4}])

        # The window slides: two minutes later, a one-minute window holds only what came since.
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 120})
        self.client.get_item(TableName=self.table, Key={"PK": {"S": "warm"}, "SK": {"S": "b"}})
        recent = self.insights("&minutes=1")["tables"][0]
        self.assertEqual(recent["mostAccessedPartitionKeys"],
                         [{"partitionKey": {"S": "warm"}, "units": 0.5, "requests": 1}])
        self.assertEqual(len(self.insights()["tables"][0]["mostAccessedPartitionKeys"]), 2)

        # Disabling forgets the counts; enabling again starts from nothing.
        self.client.update_contributor_insights(TableName=self.table,
                                                ContributorInsightsAction="DISABLE")
        self.assertEqual(self.insights()["tables"], [])
        self.client.update_contributor_insights(TableName=self.table,
                                                ContributorInsightsAction="ENABLE")
        self.assertEqual(self.insights()["tables"][0]["mostAccessedPartitionKeys"], [])

    def test_an_index_counts_its_reads_and_throttled_mode_counts_no_access(self):
        """A GSI's insights count Queries of the index by its partition key; in THROTTLED_KEYS
        mode nothing that succeeds is counted."""
        self.client.update_contributor_insights(TableName=self.table, IndexName="byOwner",
                                                ContributorInsightsAction="ENABLE")
        self.client.update_contributor_insights(TableName=self.table,
                                                ContributorInsightsAction="ENABLE",
                                                ContributorInsightsMode="THROTTLED_KEYS")
        for i in range(3):
            self.put("ann", f"p{i}", "s")
        for owner in ["ann", "ann", "bob"]:
            self.client.query(TableName=self.table, IndexName="byOwner",
                              KeyConditionExpression="#o = :o",
                              ExpressionAttributeNames={"#o": "owner"},
                              ExpressionAttributeValues={":o": {"S": owner}})
        table, index = self.insights()["tables"]
        self.assertEqual(table["mode"], "THROTTLED_KEYS")
        self.assertIsNone(table["mostAccessedPartitionKeys"])
        self.assertEqual(table["mostThrottledPartitionKeys"], [])
        self.assertEqual(index["index"], "byOwner")
        # Three items of ~40 bytes: one read unit for ann, half a unit for nothing found.
        self.assertEqual(index["mostAccessedPartitionKeys"], [
            {"partitionKey": {"S": "ann"}, "units": 1.0, "requests": 2},
            {"partitionKey": {"S": "bob"}, "units": 0.5, "requests": 1}])
        self.assertEqual(index["mostAccessedItems"], [])

    def test_bad_parameters_are_refused(self):
        for query in ["&minutes=0", "&minutes=61", "&limit=x"]:
            status, answer = admin.call(SERVER, "GET",
                                        f"contributor-insights?table={self.table}{query}")
            self.assertEqual(status, 400, query)
            self.assertEqual(answer["error"], "BadRequest")


if __name__ == "__main__":
    unittest.main()
