"""Time to Live against the real ddblocal binary started with --ttl-interval 1: UpdateTimeToLive and
DescribeTimeToLive with DynamoDB's states and messages, and the expirer deleting exactly the items
whose TTL attribute is a Number of epoch seconds in the past (not more than five years back), from
the table and its GSI, within the interval."""

import time
import unittest

from botocore.exceptions import ClientError

from . import server as harness

FIVE_YEARS = 5 * 365 * 86400 + 2 * 86400
WAIT_SECONDS = 6  # the latest expiry (now + 2 s), one interval, and room for a slow machine


SERVER = harness.ModuleServer(["--ttl-interval", "1"])
setUpModule = SERVER.start


def enable(client, table, attribute):
    return client.update_time_to_live(
        TableName=table, TimeToLiveSpecification={"Enabled": True, "AttributeName": attribute})


def describe(client, table):
    return client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]


class TimeToLiveSettingsTest(unittest.TestCase):
    """UpdateTimeToLive and DescribeTimeToLive."""

    assertError = harness.assert_error

    def setUp(self):
        self.client = SERVER.client(raw_errors=True)
        self.table = harness.create_table(self.client, harness.unique_table_name("ttl-settings"))

    def test_statuses_follow_the_updates(self):
        """A table starts DISABLED without AttributeName; enabling shows ENABLED with the attribute
        at once, and disabling shows DISABLED without it, as the service settles them."""
        self.assertEqual(describe(self.client, self.table), {"TimeToLiveStatus": "DISABLED"})
        response = enable(self.client, self.table, "expires")
        self.assertEqual(response["TimeToLiveSpecification"],
                         {"Enabled": True, "AttributeName": "expires"})
        self.assertEqual(describe(self.client, self.table),
                         {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})
        response = self.client.update_time_to_live(
            TableName=self.table,
            TimeToLiveSpecification={"Enabled": False, "AttributeName": "expires"})
        self.assertEqual(response["TimeToLiveSpecification"],
                         {"Enabled": False, "AttributeName": "expires"})
        self.assertEqual(describe(self.client, self.table), {"TimeToLiveStatus": "DISABLED"})

    def test_enabling_twice_is_rejected(self):
        """UpdateTimeToLive is not idempotent: enabling an enabled table is a ValidationException,
        naming the current attribute when the request names another one."""
        enable(self.client, self.table, "expires")
        with self.assertRaises(ClientError) as context:
            enable(self.client, self.table, "expires")
        self.assertError(context, "ValidationException", "TimeToLive is already enabled")
        with self.assertRaises(ClientError) as context:
            enable(self.client, self.table, "other")
        self.assertError(context, "ValidationException",
                         "TimeToLive is active on a different AttributeName: current AttributeName "
                         "is expires")

    def test_disabling_needs_the_enabled_attribute(self):
        """Disabling a disabled table, or naming another attribute than the enabled one, is a
        ValidationException."""
        disable = {"Enabled": False, "AttributeName": "expires"}
        with self.assertRaises(ClientError) as context:
            self.client.update_time_to_live(TableName=self.table, TimeToLiveSpecification=disable)
        self.assertError(context, "ValidationException", "TimeToLive is already disabled")
        enable(self.client, self.table, "expires")
        with self.assertRaises(ClientError) as context:
            self.client.update_time_to_live(
                TableName=self.table,
                TimeToLiveSpecification={"Enabled": False, "AttributeName": "other"})
        self.assertError(context, "ValidationException",
                         "TimeToLive is active on a different AttributeName: current AttributeName "
                         "is expires")

    def test_request_constraints(self):
        """The model's constraints: a specification and both its members are required, and the
        attribute name has 1 to 255 characters."""
        with self.assertRaises(ClientError) as context:
            self.client.update_time_to_live(TableName=self.table)
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value null at 'timeToLiveSpecification' "
                         "failed to satisfy constraint: Member must not be null")
        with self.assertRaises(ClientError) as context:
            self.client.update_time_to_live(TableName=self.table,
                                            TimeToLiveSpecification={"Enabled": True})
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value null at "
                         "'timeToLiveSpecification.attributeName' failed to satisfy constraint: "
                         "Member must not be null")
        with self.assertRaises(ClientError) as context:
            enable(self.client, self.table, "a" * 256)
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value '" + "a" * 256 + "' at "
                         "'timeToLiveSpecification.attributeName' failed to satisfy constraint: "
                         "Member must have length less than or equal to 255")

    def test_missing_table(self):
        """Both operations answer ResourceNotFoundException for a table that does not exist."""
        for call in (lambda: describe(self.client, "no-such-table"),
                     lambda: enable(self.client, "no-such-table", "expires")):
            with self.assertRaises(ClientError) as context:
                call()
            self.assertError(context, "ResourceNotFoundException",
                             "Requested resource not found: Table: no-such-table not found")


class ExpirerTest(unittest.TestCase):
    """The background expirer, with a one-second interval."""

    def test_expired_items_disappear_from_the_table_and_its_index(self):
        """Items whose TTL is a Number in the past are deleted within the interval, and leave the
        GSI; a future time, a string, a time more than five years old, no attribute, or a table
        without TTL keep their items."""
        client = SERVER.client()
        table = harness.unique_table_name("ttl-expirer")
        client.create_table(
            TableName=table,
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "kind", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{
                "IndexName": "by_kind",
                "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}}],
            BillingMode="PAY_PER_REQUEST")
        plain = harness.create_table(client, harness.unique_table_name("ttl-off"))
        enable(client, table, "expires")

        now = int(time.time())
        expiries = {
            "past": {"N": str(now - 100)},
            "soon": {"N": str(now + 2)},
            "future": {"N": str(now + 3600)},
            "string": {"S": str(now - 100)},
            "ancient": {"N": str(now - FIVE_YEARS - 100)},
            "none": None,
        }
        for name, expiry in expiries.items():
            item = {"PK": {"S": name}, "kind": {"S": "session"}}
            if expiry is not None:
                item["expires"] = expiry
            client.put_item(TableName=table, Item=item)
        client.put_item(TableName=plain,
                        Item={"PK": {"S": "past"}, "expires": {"N": str(now - 100)}})

        def present(name, in_table=table):
            return "Item" in client.get_item(TableName=in_table, Key={"PK": {"S": name}})

        # "soon" is not deleted before its time, and both expired items go within the wait.
        deadline = time.monotonic() + WAIT_SECONDS
        while (present("past") or present("soon")) and time.monotonic() < deadline:
            if not present("soon"):
                self.assertGreaterEqual(time.time(), now + 2)
            time.sleep(0.2)
        self.assertFalse(present("past"))
        self.assertFalse(present("soon"))
        for kept in ("future", "string", "ancient", "none"):
            self.assertTrue(present(kept), kept)
        self.assertTrue(present("past", in_table=plain))

        items = client.query(TableName=table, IndexName="by_kind",
                             KeyConditionExpression="kind = :k",
                             ExpressionAttributeValues={":k": {"S": "session"}})["Items"]
        self.assertEqual(sorted(item["PK"]["S"] for item in items),
                         ["ancient", "future", "none", "string"])
        count = client.describe_table(TableName=table)["Table"]["ItemCount"]
        self.assertEqual(count, 4)


if __name__ == "__main__":
    unittest.main()
