"""Contributor Insights through boto3 against the real binary: UpdateContributorInsights,
DescribeContributorInsights and ListContributorInsights on a table and its GSI, with
ContributorInsightsMode. The status and mode are kept; no top-key figures are computed."""

import unittest

from botocore.exceptions import ClientError

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


if __name__ == "__main__":
    unittest.main()
