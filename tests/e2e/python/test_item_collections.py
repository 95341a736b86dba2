"""Item collections of a table with a local secondary index, against the real ddblocal binary:
ReturnItemCollectionMetrics=SIZE reports the collection's key and size range on every write, and
not at all for a table without an LSI."""

import unittest

from . import server as harness


SERVER = harness.ModuleServer()
setUpModule = SERVER.start


class ItemCollectionMetrics(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = SERVER.client()
        cls.threads = harness.unique_table_name("threads")
        cls.client.create_table(
            TableName=cls.threads,
            KeySchema=[{"AttributeName": "ForumName", "KeyType": "HASH"},
                       {"AttributeName": "Subject", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": "ForumName", "AttributeType": "S"},
                                  {"AttributeName": "Subject", "AttributeType": "S"},
                                  {"AttributeName": "LastPostDateTime", "AttributeType": "S"}],
            LocalSecondaryIndexes=[{
                "IndexName": "LastPostIndex",
                "KeySchema": [{"AttributeName": "ForumName", "KeyType": "HASH"},
                              {"AttributeName": "LastPostDateTime", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }],
            BillingMode="PAY_PER_REQUEST")
        cls.plain = harness.create_table(cls.client, harness.unique_table_name("plain"),
                                         hash_key=("ForumName", "S"), range_key=("Subject", "S"))

    EXPECTED = {"ItemCollectionKey": {"ForumName": {"S": "EC2"}}, "SizeEstimateRangeGB": [0.0, 1.0]}

    def test_every_write_reports_the_collection(self):
        """PutItem, UpdateItem and DeleteItem on a table with an LSI return ItemCollectionMetrics
        with the partition key and a whole-gigabyte size range."""
        key = {"ForumName": {"S": "EC2"}, "Subject": {"S": "Instances"}}
        put = self.client.put_item(
            TableName=self.threads, ReturnItemCollectionMetrics="SIZE",
            Item={**key, "LastPostDateTime": {"S": "2024-01-15T10:00:00Z"}})
        self.assertEqual(put["ItemCollectionMetrics"], self.EXPECTED)
        update = self.client.update_item(
            TableName=self.threads, Key=key, ReturnItemCollectionMetrics="SIZE",
            UpdateExpression="SET Replies = :one", ExpressionAttributeValues={":one": {"N": "1"}})
        self.assertEqual(update["ItemCollectionMetrics"], self.EXPECTED)
        delete = self.client.delete_item(TableName=self.threads, Key=key,
                                         ReturnItemCollectionMetrics="SIZE")
        self.assertEqual(delete["ItemCollectionMetrics"], self.EXPECTED)

    def test_not_asked_for_means_not_returned(self):
        """Without ReturnItemCollectionMetrics (or with NONE) no metrics come back."""
        item = {"ForumName": {"S": "S3"}, "Subject": {"S": "Buckets"}}
        self.assertNotIn("ItemCollectionMetrics",
                         self.client.put_item(TableName=self.threads, Item=item))
        self.assertNotIn("ItemCollectionMetrics",
                         self.client.put_item(TableName=self.threads, Item=item,
                                              ReturnItemCollectionMetrics="NONE"))

    def test_a_table_without_a_local_index_reports_nothing(self):
        """DynamoDB returns ItemCollectionMetrics only for tables with a local secondary index."""
        response = self.client.put_item(
            TableName=self.plain, ReturnItemCollectionMetrics="SIZE",
            Item={"ForumName": {"S": "EC2"}, "Subject": {"S": "Instances"}})
        self.assertNotIn("ItemCollectionMetrics", response)


if __name__ == "__main__":
    unittest.main()
