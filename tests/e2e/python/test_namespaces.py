"""Tables belong to the region a client signs for, as on AWS, unless the server runs with
--shared-db: boto3 clients configured for us-east-1 and eu-west-1 against the real binary."""

import unittest

import boto3

from . import server as harness


def client(server, region):
    return boto3.client("dynamodb", endpoint_url=server.endpoint, region_name=region,
                        aws_access_key_id="test", aws_secret_access_key="test")


class PerRegionNamespaces(unittest.TestCase):
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


if __name__ == "__main__":
    unittest.main()
