"""BatchWriteItem and BatchGetItem through boto3 against the real ddblocal binary: bulk loads with
the resource API's batch_writer, multi-table reads, mixed puts and deletes, the per-table
ConsumedCapacity list, and DynamoDB's validation errors for batches."""

import unittest

from boto3.dynamodb.conditions import Key
from botocore.exceptions import ClientError

from . import server as harness

USERS = None  # partition key pk (S)
EVENTS = None  # pk (S) + sk (N)


SERVER = harness.ModuleServer()


def setUpModule():
    global USERS, EVENTS
    SERVER.start()
    client = SERVER.client()
    USERS = harness.create_table(client, harness.unique_table_name("batch-users"), ("pk", "S"))
    EVENTS = harness.create_table(client, harness.unique_table_name("batch-events"),
                                  ("pk", "S"), ("sk", "N"))


def count_items(client, table):
    """The number of items in `table`, by a paginated Scan with Select COUNT."""
    total = 0
    for page in client.get_paginator("scan").paginate(TableName=table, Select="COUNT"):
        total += page["Count"]
    return total


class BatchesTest(harness.ServerTest):
    server = SERVER

    def test_batch_writer_bulk_loads_a_thousand_items(self):
        """The resource API's batch_writer sends BatchWriteItem calls of 25 requests, and every item arrives."""
        table_name = harness.create_table(self.client, harness.unique_table_name("batch-bulk"),
                                          ("pk", "S"), ("sk", "N"))
        table = SERVER.resource().Table(table_name)
        with table.batch_writer() as writer:
            for i in range(1000):
                writer.put_item(Item={"pk": f"group-{i % 10}", "sk": i, "payload": "x" * (i % 50)})
        self.assertEqual(count_items(self.client, table_name), 1000)
        group = table.query(KeyConditionExpression=Key("pk").eq("group-3"))
        self.assertEqual(group["Count"], 100)
        self.assertEqual([item["sk"] for item in group["Items"][:3]], [3, 13, 23])
        item = table.get_item(Key={"pk": "group-7", "sk": 457}, ConsistentRead=True)["Item"]
        self.assertEqual(item, {"pk": "group-7", "sk": 457, "payload": "x" * 7})

        with table.batch_writer() as writer:
            for i in range(0, 1000, 2):
                writer.delete_item(Key={"pk": f"group-{i % 10}", "sk": i})
        self.assertEqual(count_items(self.client, table_name), 500)

    def test_batch_get_reads_a_hundred_keys_over_two_tables(self):
        """BatchGetItem reads up to 100 keys over several tables, returns each table's items under its name and leaves UnprocessedKeys empty."""
        for i in range(60):
            self.client.put_item(TableName=USERS, Item={"pk": {"S": f"user-{i}"},
                                                        "n": {"N": str(i)}})
        for i in range(40):
            self.client.put_item(TableName=EVENTS, Item={"pk": {"S": "ev"}, "sk": {"N": str(i)}})
        keys_users = [{"pk": {"S": f"user-{i}"}} for i in range(60)]
        keys_events = [{"pk": {"S": "ev"}, "sk": {"N": str(i)}} for i in range(39)]
        keys_events.append({"pk": {"S": "ev"}, "sk": {"N": "1000"}})  # no such item
        response = self.client.batch_get_item(RequestItems={
            USERS: {"Keys": keys_users, "ConsistentRead": True},
            EVENTS: {"Keys": keys_events, "ProjectionExpression": "sk"},
        })
        self.assertEqual(response["UnprocessedKeys"], {})
        self.assertEqual(sorted(int(item["n"]["N"]) for item in response["Responses"][USERS]),
                         list(range(60)))
        self.assertEqual(sorted(int(item["sk"]["N"]) for item in response["Responses"][EVENTS]),
                         list(range(39)))
        self.assertTrue(all(list(item) == ["sk"] for item in response["Responses"][EVENTS]))

    def test_batch_write_mixes_puts_and_deletes(self):
        """One BatchWriteItem can put some items and delete others, in several tables."""
        self.client.put_item(TableName=USERS, Item={"pk": {"S": "mix-old"}})
        response = self.client.batch_write_item(RequestItems={
            USERS: [
                {"PutRequest": {"Item": {"pk": {"S": "mix-new"}, "tags": {"SS": ["a", "b"]}}}},
                {"DeleteRequest": {"Key": {"pk": {"S": "mix-old"}}}},
            ],
            EVENTS: [{"PutRequest": {"Item": {"pk": {"S": "mix"}, "sk": {"N": "1"}}}}],
        })
        self.assertEqual(response["UnprocessedItems"], {})
        self.assertNotIn("Item", self.client.get_item(TableName=USERS,
                                                      Key={"pk": {"S": "mix-old"}}))
        item = self.client.get_item(TableName=USERS, Key={"pk": {"S": "mix-new"}})["Item"]
        self.assertEqual(sorted(item["tags"]["SS"]), ["a", "b"])
        self.assertIn("Item", self.client.get_item(
            TableName=EVENTS, Key={"pk": {"S": "mix"}, "sk": {"N": "1"}}))

    def test_consumed_capacity_is_a_list_per_table(self):
        """Batch operations report ConsumedCapacity as a list with one entry per table: reads at 4 KB per item (half for eventual reads, a missing key the minimum), writes at 1 KB per item."""
        response = self.client.batch_write_item(
            ReturnConsumedCapacity="TOTAL",
            RequestItems={
                USERS: [{"PutRequest": {"Item": {"pk": {"S": "cap-1"}, "v": {"S": "x" * 1500}}}},
                        {"PutRequest": {"Item": {"pk": {"S": "cap-2"}}}}],
                EVENTS: [{"DeleteRequest": {"Key": {"pk": {"S": "cap"}, "sk": {"N": "1"}}}}],
            })
        self.assertEqual(sorted(response["ConsumedCapacity"], key=lambda c: c["TableName"]),
                         sorted([{"TableName": USERS, "CapacityUnits": 3.0},
                                 {"TableName": EVENTS, "CapacityUnits": 1.0}],
                                key=lambda c: c["TableName"]))
        response = self.client.batch_get_item(
            ReturnConsumedCapacity="INDEXES",
            RequestItems={USERS: {"Keys": [{"pk": {"S": "cap-1"}}, {"pk": {"S": "cap-2"}},
                                           {"pk": {"S": "cap-missing"}}]}})
        self.assertEqual(response["ConsumedCapacity"], [
            {"TableName": USERS, "CapacityUnits": 1.5, "Table": {"CapacityUnits": 1.5}}])
        self.assertEqual(response["UnprocessedKeys"], {})

    def test_batch_write_charges_index_writes(self):
        """A new item carrying a GSI key and an LSI key costs 3.0 in a BatchWriteItem: the table
        and each index one unit, listed per index with INDEXES."""
        table = harness.unique_table_name("batch-indexed")
        self.client.create_table(
            TableName=table, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                                  for n in ("pk", "sk", "g", "l")],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[{"IndexName": "gsi",
                                     "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}],
            LocalSecondaryIndexes=[{"IndexName": "lsi",
                                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                                  {"AttributeName": "l", "KeyType": "RANGE"}],
                                    "Projection": {"ProjectionType": "ALL"}}])
        item = {"pk": {"S": "p"}, "sk": {"S": "s"}, "g": {"S": "g"}, "l": {"S": "l"}}
        response = self.client.batch_write_item(
            ReturnConsumedCapacity="INDEXES", RequestItems={table: [{"PutRequest": {"Item": item}}]})
        self.assertEqual(response["ConsumedCapacity"], [{
            "TableName": table, "CapacityUnits": 3.0, "Table": {"CapacityUnits": 1.0},
            "GlobalSecondaryIndexes": {"gsi": {"CapacityUnits": 1.0}},
            "LocalSecondaryIndexes": {"lsi": {"CapacityUnits": 1.0}}}])
        response = self.client.batch_write_item(
            ReturnConsumedCapacity="TOTAL",
            RequestItems={table: [{"PutRequest": {"Item": {**item, "sk": {"S": "t"}}}}]})
        self.assertEqual(response["ConsumedCapacity"], [{"TableName": table,
                                                         "CapacityUnits": 3.0}])

    def test_constraint_errors_stop_at_ten(self):
        """A request breaking more than ten constraints lists the first ten: "10 validation
        errors detected: ..."."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_get_item(RequestItems={f"tab{i:02}": {"Keys": []} for i in range(12)})
        error = context.exception.response["Error"]
        self.assertEqual(error["Code"], "ValidationException")
        violation = ("Value at 'RequestItems.tab{:02}.member.Keys' failed to satisfy constraint: "
                     "Member must have length greater than or equal to 1")
        self.assertEqual(error["Message"], "10 validation errors detected: " +
                         "; ".join(violation.format(i) for i in range(10)))

    def test_batch_write_rejects_two_requests_on_one_item(self):
        """BatchWriteItem rejects a batch that puts and deletes the same item, and writes none of it."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_write_item(RequestItems={USERS: [
                {"PutRequest": {"Item": {"pk": {"S": "dup-other"}}}},
                {"PutRequest": {"Item": {"pk": {"S": "dup"}}}},
                {"DeleteRequest": {"Key": {"pk": {"S": "dup"}}}},
            ]})
        self.assertError(context, "ValidationException",
                         "Provided list of item keys contains duplicates")
        self.assertNotIn("Item", self.client.get_item(TableName=USERS,
                                                      Key={"pk": {"S": "dup-other"}}))

    def test_batch_get_rejects_duplicate_keys(self):
        """BatchGetItem rejects a table's Keys that name one item twice."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_get_item(RequestItems={EVENTS: {"Keys": [
                {"pk": {"S": "a"}, "sk": {"N": "1"}},
                {"pk": {"S": "b"}, "sk": {"N": "1"}},
                {"pk": {"S": "a"}, "sk": {"N": "1.00"}},
            ]}})
        self.assertError(context, "ValidationException",
                         "Provided list of item keys contains duplicates")

    def test_batch_write_rejects_26_requests(self):
        """BatchWriteItem takes at most 25 requests for a table."""
        requests = [{"PutRequest": {"Item": {"pk": {"S": f"many-{i}"}}}} for i in range(26)]
        with self.assertRaises(ClientError) as context:
            self.raw.batch_write_item(RequestItems={USERS: requests})
        self.assertError(context, "ValidationException",
                         f"1 validation error detected: Value at 'RequestItems.{USERS}.member' "
                         "failed to satisfy constraint: Member must have length less than or "
                         "equal to 25")
        self.assertNotIn("Item", self.client.get_item(TableName=USERS,
                                                      Key={"pk": {"S": "many-0"}}))

    def test_batch_get_rejects_101_keys_over_two_tables(self):
        """BatchGetItem takes at most 100 keys in total, whatever the tables."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_get_item(RequestItems={
                USERS: {"Keys": [{"pk": {"S": f"k-{i}"}} for i in range(100)]},
                EVENTS: {"Keys": [{"pk": {"S": "k"}, "sk": {"N": "1"}}]},
            })
        self.assertError(context, "ValidationException",
                         "Too many items requested for the BatchGetItem call")

    def test_batch_write_key_mismatch_uses_the_batch_wording(self):
        """A PutRequest whose item has a wrongly typed key is "The provided key element does not match the schema", not PutItem's type-mismatch text."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_write_item(RequestItems={USERS: [
                {"PutRequest": {"Item": {"pk": {"N": "5"}}}}]})
        self.assertError(context, "ValidationException",
                         "The provided key element does not match the schema")

    def test_missing_table_is_resource_not_found(self):
        """A batch naming a table that does not exist fails as a whole with ResourceNotFoundException."""
        with self.assertRaises(ClientError) as context:
            self.raw.batch_write_item(RequestItems={
                USERS: [{"PutRequest": {"Item": {"pk": {"S": "ghost-write"}}}}],
                "no-such-table-here": [{"PutRequest": {"Item": {"pk": {"S": "a"}}}}],
            })
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")
        self.assertNotIn("Item", self.client.get_item(TableName=USERS,
                                                      Key={"pk": {"S": "ghost-write"}}))
        with self.assertRaises(ClientError) as context:
            self.raw.batch_get_item(RequestItems={
                "no-such-table-here": {"Keys": [{"pk": {"S": "a"}}]}})
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")

    def test_empty_request_items_is_rejected(self):
        """An empty RequestItems map fails DynamoDB's length constraint."""
        for call in (self.raw.batch_get_item, self.raw.batch_write_item):
            with self.assertRaises(ClientError) as context:
                call(RequestItems={})
            self.assertError(context, "ValidationException",
                             "1 validation error detected: Value at 'RequestItems' failed to "
                             "satisfy constraint: Member must have length greater than or equal "
                             "to 1")


if __name__ == "__main__":
    unittest.main()
