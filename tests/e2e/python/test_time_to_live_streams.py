"""Time to Live and DynamoDB Streams together, against the real binary with --ttl-interval 1: an
item the expirer deletes appears in the table's stream as a REMOVE made by the service
(userIdentity Type "Service", PrincipalId "dynamodb.amazonaws.com"), while a client's delete
carries no userIdentity."""

import time
import unittest

from . import server as harness
from .test_streams import read_stream

WAIT_SECONDS = 6


SERVER = harness.ModuleServer(["--ttl-interval", "1"])
setUpModule = SERVER.start


class ExpiredItemsInTheStreamTest(unittest.TestCase):
    def test_the_expirer_removes_appear_as_service_deletions(self):
        client = SERVER.client()
        streams = SERVER.streams_client()
        table = harness.create_table(
            client, harness.unique_table_name("ttl-stream"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
        client.update_time_to_live(
            TableName=table, TimeToLiveSpecification={"Enabled": True, "AttributeName": "expires"})
        expired = {"PK": {"S": "session#1"}, "expires": {"N": str(int(time.time()) - 60)}}
        client.put_item(TableName=table, Item=expired)
        client.put_item(TableName=table, Item={"PK": {"S": "session#2"}})
        client.delete_item(TableName=table, Key={"PK": {"S": "session#2"}})

        deadline = time.monotonic() + WAIT_SECONDS
        while "Item" in client.get_item(TableName=table, Key={"PK": {"S": "session#1"}}):
            self.assertLess(time.monotonic(), deadline, "the expired item was not deleted in time")
            time.sleep(0.2)

        arn = client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        records, _, _ = read_stream(streams, arn)
        removes = {r["dynamodb"]["Keys"]["PK"]["S"]: r for r in records if r["eventName"] == "REMOVE"}
        self.assertEqual(sorted(removes), ["session#1", "session#2"])
        by_service = removes["session#1"]
        self.assertEqual(by_service["userIdentity"],
                         {"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"})
        self.assertEqual(by_service["dynamodb"]["OldImage"], expired)
        self.assertNotIn("NewImage", by_service["dynamodb"])
        self.assertNotIn("userIdentity", removes["session#2"])
        inserts = [r for r in records if r["eventName"] == "INSERT"]
        self.assertEqual(len(inserts), 2)


if __name__ == "__main__":
    unittest.main()
