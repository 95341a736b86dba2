"""Tables belong to the access key and region a client signs with, as in DynamoDB Local without
-sharedDb, unless the server runs with --shared-db: boto3 clients with different access keys and
regions against the real binary."""

import tempfile
import unittest

import boto3

from . import server as harness


def client(server, region, access_key="test", service="dynamodb"):
    return boto3.client(service, endpoint_url=server.endpoint, region_name=region,
                        aws_access_key_id=access_key, aws_secret_access_key="test")


class RegionNamespaces(unittest.TestCase):
    assertError = harness.assert_error

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()
        cls.east = client(cls.server, "us-east-1")
        cls.west = client(cls.server, "eu-west-1")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_other_region_does_not_see_the_table(self):
        """A table created through us-east-1 is invisible to a client of eu-west-1."""
        name = harness.create_table(self.east, harness.unique_table_name("ns"))
        self.assertIn(name, self.east.list_tables()["TableNames"])
        self.assertNotIn(name, self.west.list_tables()["TableNames"])
        with self.assertRaises(self.west.exceptions.ResourceNotFoundException) as context:
            self.west.describe_table(TableName=name)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")
        with self.assertRaises(self.west.exceptions.ResourceNotFoundException) as context:
            self.west.put_item(TableName=name, Item={"PK": {"S": "a"}})
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")

    def test_same_name_in_two_regions_is_two_tables(self):
        """The same table name in two regions holds two independent tables with regional ARNs."""
        name = harness.unique_table_name("ns")
        east = self.east.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])["TableDescription"]
        west = self.west.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])["TableDescription"]
        self.assertEqual(east["TableArn"], f"arn:aws:dynamodb:us-east-1:000000000000:table/{name}")
        self.assertEqual(west["TableArn"], f"arn:aws:dynamodb:eu-west-1:000000000000:table/{name}")
        self.assertNotEqual(east["TableId"], west["TableId"])

        self.west.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"S": "west"}})
        self.assertNotIn("Item", self.east.get_item(TableName=name, Key={"PK": {"S": "k"}}))
        self.assertEqual(
            self.west.get_item(TableName=name, Key={"PK": {"S": "k"}})["Item"]["v"], {"S": "west"})

        self.west.delete_table(TableName=name)
        self.assertEqual(self.east.describe_table(TableName=name)["Table"]["TableStatus"], "ACTIVE")

    def test_transaction_stays_in_the_callers_region(self):
        """A transaction naming a table that exists only in another region is refused whole."""
        orders = harness.create_table(self.east, harness.unique_table_name("orders"))
        stock = harness.create_table(self.west, harness.unique_table_name("stock"))
        with self.assertRaises(self.east.exceptions.ResourceNotFoundException) as context:
            self.east.transact_write_items(TransactItems=[
                {"Put": {"TableName": orders, "Item": {"PK": {"S": "o1"}}}},
                {"Put": {"TableName": stock, "Item": {"PK": {"S": "s1"}}}},
            ])
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")
        self.assertEqual(self.east.scan(TableName=orders)["Count"], 0)
        self.assertEqual(self.west.scan(TableName=stock)["Count"], 0)


class PerAccessKeyNamespaces(unittest.TestCase):
    assertError = harness.assert_error

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()
        cls.a = client(cls.server, "us-east-1", "suiteA")
        cls.b = client(cls.server, "us-east-1", "suiteB")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_other_access_key_in_the_same_region_does_not_see_the_table(self):
        """DynamoDB Local keeps one database per access key and region: another key sees none of
        this key's tables, and can create its own table of the same name."""
        name = harness.create_table(self.a, harness.unique_table_name("keys"))
        self.assertIn(name, self.a.list_tables()["TableNames"])
        self.assertNotIn(name, self.b.list_tables()["TableNames"])
        with self.assertRaises(self.b.exceptions.ResourceNotFoundException) as context:
            self.b.describe_table(TableName=name)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")
        with self.assertRaises(self.b.exceptions.ResourceNotFoundException) as context:
            self.b.get_item(TableName=name, Key={"PK": {"S": "a"}})
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")

        harness.create_table(self.b, name)
        self.b.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"S": "b"}})
        self.assertNotIn("Item", self.a.get_item(TableName=name, Key={"PK": {"S": "k"}}))
        # Keys are not accounts: both tables carry the account 000000000000 and the region.
        self.assertEqual(self.b.describe_table(TableName=name)["Table"]["TableArn"],
                         f"arn:aws:dynamodb:us-east-1:000000000000:table/{name}")

    def test_same_access_key_in_another_region_does_not_see_the_table(self):
        """The region is part of the namespace too: one key's tables of us-east-1 are not its
        tables of eu-west-1."""
        west = client(self.server, "eu-west-1", "suiteA")
        name = harness.create_table(self.a, harness.unique_table_name("keys"))
        self.assertNotIn(name, west.list_tables()["TableNames"])
        with self.assertRaises(west.exceptions.ResourceNotFoundException):
            west.describe_table(TableName=name)

    def test_stream_arn_resolves_only_for_its_namespace(self):
        """A stream ARN names a stream of the caller's namespace; another key's client does not
        find it."""
        name = harness.unique_table_name("keys")
        created = self.a.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
        )["TableDescription"]
        arn = created["LatestStreamArn"]
        streams_a = client(self.server, "us-east-1", "suiteA", "dynamodbstreams")
        streams_b = client(self.server, "us-east-1", "suiteB", "dynamodbstreams")
        self.assertEqual(streams_a.describe_stream(StreamArn=arn)["StreamDescription"]["TableName"],
                         name)
        with self.assertRaises(streams_b.exceptions.ResourceNotFoundException) as context:
            streams_b.describe_stream(StreamArn=arn)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Stream: {arn} not found")
        self.assertNotIn(arn, [s["StreamArn"] for s in streams_b.list_streams()["Streams"]])


class PerAccessKeyNamespacesAfterARestart(unittest.TestCase):
    def test_each_key_finds_its_tables_after_a_restart(self):
        """In durable mode a table comes back into the namespace (access key and region) it was
        created in."""
        with tempfile.TemporaryDirectory() as data_dir:
            name = harness.unique_table_name("keys")
            server = harness.Server(["--data-dir", data_dir]).start()
            try:
                for key in ("suiteA", "suiteB"):
                    dynamodb = client(server, "us-east-1", key)
                    harness.create_table(dynamodb, name)
                    dynamodb.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"S": key}})
            finally:
                server.stop()
            server = harness.Server(["--data-dir", data_dir]).start()
            try:
                for key in ("suiteA", "suiteB"):
                    dynamodb = client(server, "us-east-1", key)
                    self.assertEqual(dynamodb.list_tables()["TableNames"], [name])
                    item = dynamodb.get_item(TableName=name, Key={"PK": {"S": "k"}})["Item"]
                    self.assertEqual(item["v"], {"S": key})
                self.assertEqual(client(server, "us-east-1", "suiteC").list_tables()["TableNames"],
                                 [])
            finally:
                server.stop()


class SharedNamespace(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server(["--shared-db"]).start()
        cls.east = client(cls.server, "us-east-1")
        cls.west = client(cls.server, "eu-west-1")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_every_region_sees_the_same_tables(self):
        """Under --shared-db a table created through one region is the table every region sees."""
        name = harness.create_table(self.east, harness.unique_table_name("shared"))
        self.assertIn(name, self.west.list_tables()["TableNames"])
        self.west.put_item(TableName=name, Item={"PK": {"S": "k"}})
        self.assertIn("Item", self.east.get_item(TableName=name, Key={"PK": {"S": "k"}}))
        # The ARN keeps the region of the client that created the table.
        self.assertEqual(self.west.describe_table(TableName=name)["Table"]["TableArn"],
                         f"arn:aws:dynamodb:us-east-1:000000000000:table/{name}")
        with self.assertRaises(self.west.exceptions.ResourceInUseException):
            harness.create_table(self.west, name)

    def test_every_access_key_sees_the_same_tables(self):
        """Under --shared-db the access key does not split tables either (-sharedDb)."""
        other = client(self.server, "us-east-1", "suiteB")
        name = harness.create_table(self.east, harness.unique_table_name("shared"))
        self.assertIn(name, other.list_tables()["TableNames"])
        self.assertEqual(other.describe_table(TableName=name)["Table"]["TableStatus"], "ACTIVE")


if __name__ == "__main__":
    unittest.main()
