"""Secondary indexes through boto3 against the real ddblocal binary: CreateTable and DescribeTable
with GSIs and LSIs, their validation errors, and UpdateTable adding, changing and deleting GSIs."""

import concurrent.futures
import time
import unittest

from botocore.exceptions import ClientError

from . import server as harness

INVALID = "One or more parameter values were invalid: "
ITEMS = 10_000
BACKFILL_TIMEOUT_SECONDS = 120


SERVER = harness.ModuleServer()
setUpModule = SERVER.start


def key(hash_key, range_key=None):
    schema = [{"AttributeName": hash_key, "KeyType": "HASH"}]
    if range_key is not None:
        schema.append({"AttributeName": range_key, "KeyType": "RANGE"})
    return schema


def definitions(*pairs):
    return [{"AttributeName": name, "AttributeType": kind} for name, kind in pairs]


def index(name, key_schema, projection=None):
    return {"IndexName": name, "KeySchema": key_schema,
            "Projection": projection or {"ProjectionType": "ALL"}}


class IndexTablesTest(harness.ServerTest):
    server = SERVER

    def create_orders(self, prefix, **extra):
        """An on-demand table keyed customer (S) + order (N), with extra index arguments."""
        name = harness.unique_table_name(prefix)
        args = {
            "TableName": name,
            "KeySchema": key("customer", "order"),
            "AttributeDefinitions": definitions(("customer", "S"), ("order", "N")),
            "BillingMode": "PAY_PER_REQUEST",
        }
        for attribute in extra.pop("more_definitions", ()):
            args["AttributeDefinitions"].append(
                {"AttributeName": attribute[0], "AttributeType": attribute[1]})
        args.update(extra)
        return name, self.client.create_table(**args)["TableDescription"]

    def wait_for_index(self, table, index_name):
        """Polls DescribeTable until the index is ACTIVE; returns the statuses seen and the table."""
        deadline = time.monotonic() + BACKFILL_TIMEOUT_SECONDS
        seen = []
        while True:
            described = self.client.describe_table(TableName=table)["Table"]
            entry = next(i for i in described["GlobalSecondaryIndexes"]
                         if i["IndexName"] == index_name)
            state = (described["TableStatus"], entry["IndexStatus"], entry.get("Backfilling"))
            if not seen or seen[-1] != state:
                seen.append(state)
            if entry["IndexStatus"] == "ACTIVE":
                return seen, described
            self.assertLess(time.monotonic(), deadline, f"index still not ACTIVE: {seen}")
            time.sleep(0.2)

    # --- CreateTable and DescribeTable ---------------------------------------------------------

    def test_create_table_with_gsi_and_lsi_describes_both(self):
        """CreateTable with a GSI and an LSI describes the GSI with status and throughput and the LSI without either."""
        name, created = self.create_orders(
            "idx-create",
            more_definitions=[("status", "S"), ("placed", "N")],
            GlobalSecondaryIndexes=[index("by-status", key("status", "placed"),
                                          {"ProjectionType": "INCLUDE",
                                           "NonKeyAttributes": ["total", "currency"]})],
            LocalSecondaryIndexes=[index("by-placed", key("customer", "placed"),
                                         {"ProjectionType": "KEYS_ONLY"})],
        )
        table_arn = created["TableArn"]
        expected_gsi = {
            "IndexName": "by-status",
            "KeySchema": key("status", "placed"),
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["currency", "total"]},
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                      "WriteCapacityUnits": 0},
            "IndexSizeBytes": 0,
            "ItemCount": 0,
            "IndexArn": table_arn + "/index/by-status",
            "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                               "Status": "ACTIVE"},
        }
        expected_lsi = {
            "IndexName": "by-placed",
            "KeySchema": key("customer", "placed"),
            "Projection": {"ProjectionType": "KEYS_ONLY"},
            "IndexSizeBytes": 0,
            "ItemCount": 0,
            "IndexArn": table_arn + "/index/by-placed",
        }
        self.assertEqual(created["GlobalSecondaryIndexes"], [expected_gsi])
        self.assertEqual(created["LocalSecondaryIndexes"], [expected_lsi])
        described = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(described["GlobalSecondaryIndexes"], [expected_gsi])
        self.assertEqual(described["LocalSecondaryIndexes"], [expected_lsi])
        self.assertEqual(described["AttributeDefinitions"],
                         definitions(("customer", "S"), ("order", "N"), ("placed", "N"),
                                     ("status", "S")))

    def test_provisioned_gsi_reports_its_throughput(self):
        """A GSI of a PROVISIONED table reports the capacity it was created with."""
        name = harness.unique_table_name("idx-provisioned")
        self.client.create_table(
            TableName=name,
            KeySchema=key("id"),
            AttributeDefinitions=definitions(("id", "S"), ("email", "S")),
            BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
            GlobalSecondaryIndexes=[dict(index("by-email", key("email")),
                                         ProvisionedThroughput={"ReadCapacityUnits": 3,
                                                                "WriteCapacityUnits": 2})],
        )
        gsi = self.client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual(gsi["ProvisionedThroughput"],
                         {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 3,
                          "WriteCapacityUnits": 2})

    def test_index_counts_only_items_holding_its_key(self):
        """A GSI's ItemCount and IndexSizeBytes cover the items that hold its key, at 100 bytes of overhead each."""
        name, _ = self.create_orders(
            "idx-sparse", more_definitions=[("status", "S")],
            GlobalSecondaryIndexes=[index("by-status", key("status"),
                                          {"ProjectionType": "KEYS_ONLY"})])
        self.client.put_item(TableName=name, Item={"customer": {"S": "ann"}, "order": {"N": "12"},
                                                   "status": {"S": "open"}, "note": {"S": "x"}})
        self.client.put_item(TableName=name, Item={"customer": {"S": "bob"}, "order": {"N": "1"}})
        gsi = self.client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual(gsi["ItemCount"], 1)
        # customer "ann" 8+3, order 12 5+2, status "open" 6+4, plus 100.
        self.assertEqual(gsi["IndexSizeBytes"], 128)

    def test_lsi_on_hash_only_table_is_rejected(self):
        """An LSI needs a table with a range key."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=harness.unique_table_name("idx-lsi-hash"),
                KeySchema=key("id"),
                AttributeDefinitions=definitions(("id", "S"), ("when", "N")),
                BillingMode="PAY_PER_REQUEST",
                LocalSecondaryIndexes=[index("by-when", key("id", "when"))],
            )
        self.assertError(context, "ValidationException",
                         INVALID + "Table KeySchema does not have a range key, which is required "
                         "when specifying a LocalSecondaryIndex")

    def test_unused_attribute_definition_is_rejected_with_keys_used(self):
        """With indexes, an attribute definition no key uses is rejected, listing the definitions and the keys used."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=harness.unique_table_name("idx-unused"),
                KeySchema=key("pk", "sk"),
                AttributeDefinitions=definitions(("sk", "S"), ("a", "S"), ("b", "S"), ("pk", "S"),
                                                 ("c", "S")),
                BillingMode="PAY_PER_REQUEST",
                GlobalSecondaryIndexes=[index("by-a", key("a"))],
            )
        self.assertError(context, "ValidationException",
                         INVALID + "Some AttributeDefinitions are not used. AttributeDefinitions: "
                         "[sk, a, b, pk, c], keys used: [a, sk, pk]")

    def test_short_index_name_is_a_constraint_violation(self):
        """An index name shorter than 3 characters fails the request model, naming the index position."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=harness.unique_table_name("idx-name"),
                KeySchema=key("pk"),
                AttributeDefinitions=definitions(("pk", "S"), ("g", "S")),
                BillingMode="PAY_PER_REQUEST",
                GlobalSecondaryIndexes=[index("ok-name", key("pk")), index("gi", key("g"))],
            )
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value 'gi' at "
                         "'globalSecondaryIndexes.2.member.indexName' failed to satisfy "
                         "constraint: Member must have length greater than or equal to 3")

    def test_gsi_throughput_on_on_demand_table_is_rejected(self):
        """A GSI of a PAY_PER_REQUEST table may not carry ProvisionedThroughput."""
        with self.assertRaises(ClientError) as context:
            self.create_orders(
                "idx-ppr-pt", more_definitions=[("status", "S")],
                GlobalSecondaryIndexes=[dict(index("g-a", key("status")),
                                             ProvisionedThroughput={"ReadCapacityUnits": 1,
                                                                    "WriteCapacityUnits": 1})])
        self.assertError(context, "ValidationException",
                         INVALID + "ProvisionedThroughput should not be specified for index: g-a "
                         "when BillingMode is PAY_PER_REQUEST")

    def test_include_without_non_key_attributes_is_rejected(self):
        """An INCLUDE projection needs NonKeyAttributes."""
        with self.assertRaises(ClientError) as context:
            self.create_orders(
                "idx-include", more_definitions=[("status", "S")],
                GlobalSecondaryIndexes=[index("by-status", key("status"),
                                              {"ProjectionType": "INCLUDE"})])
        self.assertError(context, "ValidationException",
                         INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not "
                         "specified")

    def test_gsi_and_lsi_may_not_share_a_name(self):
        """Index names are unique across a table's GSIs and LSIs."""
        with self.assertRaises(ClientError) as context:
            self.create_orders(
                "idx-dup", more_definitions=[("status", "S")],
                GlobalSecondaryIndexes=[index("dup", key("status"))],
                LocalSecondaryIndexes=[index("dup", key("customer", "status"))])
        self.assertError(context, "ValidationException", INVALID + "Duplicate index name: dup")

    # --- UpdateTable: Create -------------------------------------------------------------------

    def test_adding_gsi_to_table_of_10000_items_backfills_it(self):
        """A GSI added by UpdateTable starts CREATING with Backfilling false and becomes ACTIVE holding every item that has its key."""
        name = harness.unique_table_name("idx-backfill")
        self.client.create_table(TableName=name, KeySchema=key("PK"),
                                 AttributeDefinitions=definitions(("PK", "S")),
                                 BillingMode="PAY_PER_REQUEST")
        items = []
        for i in range(ITEMS):
            item = {"PK": {"S": f"item-{i:05d}"}, "payload": {"S": "p" * (i % 50)}}
            if i % 4 != 0:
                item["GSK"] = {"S": f"group-{i % 7}"}
            items.append(item)

        def put(item):
            self.client.put_item(TableName=name, Item=item)

        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(put, items))

        response = self.client.update_table(
            TableName=name,
            AttributeDefinitions=definitions(("GSK", "S")),
            GlobalSecondaryIndexUpdates=[{"Create": index("by-group", key("GSK"),
                                                          {"ProjectionType": "KEYS_ONLY"})}],
        )["TableDescription"]
        self.assertEqual(response["TableStatus"], "UPDATING")
        created = response["GlobalSecondaryIndexes"][0]
        self.assertEqual(created["IndexName"], "by-group")
        self.assertEqual(created["IndexStatus"], "CREATING")
        self.assertIs(created["Backfilling"], False)
        self.assertEqual(created["ItemCount"], 0)
        self.assertEqual(created["IndexSizeBytes"], 0)
        self.assertEqual(response["AttributeDefinitions"], definitions(("GSK", "S"), ("PK", "S")))

        seen, described = self.wait_for_index(name, "by-group")
        gsi = described["GlobalSecondaryIndexes"][0]
        self.assertNotIn("Backfilling", gsi)
        self.assertEqual(described["TableStatus"], "ACTIVE")
        indexed = [item for item in items if "GSK" in item]
        self.assertEqual(gsi["ItemCount"], len(indexed))
        # Each entry: the table key, the index key and DynamoDB's 100 bytes of overhead.
        self.assertEqual(gsi["IndexSizeBytes"],
                         sum(2 + len(item["PK"]["S"]) + 3 + len(item["GSK"]["S"]) + 100
                             for item in indexed))
        for table_status, index_status, _ in seen[:-1]:
            self.assertIn(table_status, ("UPDATING", "ACTIVE"))
            self.assertEqual(index_status, "CREATING")

        count = sum(page["Count"] for page in self.client.get_paginator("scan").paginate(
            TableName=name, Select="COUNT"))
        self.assertEqual(count, ITEMS)

    def test_create_gsi_without_attribute_definitions_is_rejected(self):
        """UpdateTable creating a GSI must define its key attributes."""
        name, _ = self.create_orders("idx-no-defs")
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(
                TableName=name,
                GlobalSecondaryIndexUpdates=[{"Create": index("gsi3", key("status"))}])
        self.assertError(context, "ValidationException",
                         INVALID + "AttributeDefinitions is not specified for index: gsi3")

    def test_create_existing_index_is_rejected(self):
        """UpdateTable cannot create an index whose name the table already uses."""
        name, _ = self.create_orders(
            "idx-exists", more_definitions=[("status", "S")],
            GlobalSecondaryIndexes=[index("by-status", key("status"))])
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(
                TableName=name, AttributeDefinitions=definitions(("status", "S")),
                GlobalSecondaryIndexUpdates=[{"Create": index("by-status", key("status"))}])
        self.assertError(context, "ValidationException",
                         "Attempting to create an index which already exists")

    def test_two_index_creates_in_one_call_exceed_the_limit(self):
        """Only one index may be created or deleted per UpdateTable call: LimitExceededException."""
        name, _ = self.create_orders("idx-two")
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(
                TableName=name,
                AttributeDefinitions=definitions(("a", "S"), ("b", "S")),
                GlobalSecondaryIndexUpdates=[{"Create": index("by-a", key("a"))},
                                             {"Create": index("by-b", key("b"))}])
        self.assertError(context, "LimitExceededException",
                         "Subscriber limit exceeded: Only 1 online index can be created or "
                         "deleted simultaneously per table")
        self.assertNotIn("GlobalSecondaryIndexes",
                         self.client.describe_table(TableName=name)["Table"])

    # --- UpdateTable: Delete and Update --------------------------------------------------------

    def test_deleting_gsi_removes_it_and_its_attribute_definition(self):
        """Deleting a GSI reports it DELETING with the table UPDATING, then it and its key's definition are gone."""
        name, _ = self.create_orders(
            "idx-delete", more_definitions=[("status", "S")],
            GlobalSecondaryIndexes=[index("by-status", key("status"))])
        self.client.put_item(TableName=name, Item={"customer": {"S": "ann"}, "order": {"N": "1"},
                                                   "status": {"S": "open"}})
        response = self.client.update_table(
            TableName=name, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "by-status"}}]
        )["TableDescription"]
        self.assertEqual(response["TableStatus"], "UPDATING")
        self.assertEqual(response["GlobalSecondaryIndexes"][0]["IndexStatus"], "DELETING")
        deadline = time.monotonic() + 30
        while True:
            described = self.client.describe_table(TableName=name)["Table"]
            if "GlobalSecondaryIndexes" not in described:
                break
            self.assertLess(time.monotonic(), deadline, "the index was never removed")
            time.sleep(0.2)
        self.assertEqual(described["TableStatus"], "ACTIVE")
        self.assertEqual(described["AttributeDefinitions"],
                         definitions(("customer", "S"), ("order", "N")))
        self.assertEqual(described["ItemCount"], 1)

    def test_deleting_missing_index_is_resource_not_found(self):
        """Deleting an index the table does not have is ResourceNotFoundException naming index and table."""
        name, _ = self.create_orders("idx-ghost")
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(TableName=name,
                                  GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "ghost"}}])
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Index ghost for table {name}")

    def test_deleting_lsi_is_rejected(self):
        """GlobalSecondaryIndexUpdates cannot delete an LSI."""
        name, _ = self.create_orders(
            "idx-del-lsi", more_definitions=[("placed", "N")],
            LocalSecondaryIndexes=[index("by-placed", key("customer", "placed"))])
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(
                TableName=name, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "by-placed"}}])
        self.assertError(context, "ValidationException",
                         "Cannot delete an index that is not a GlobalSecondaryIndex: by-placed")

    def test_gsi_throughput_update_on_on_demand_table_is_rejected(self):
        """A GSI of a PAY_PER_REQUEST table has no provisioned capacity to update."""
        name, _ = self.create_orders(
            "idx-upd-ppr", more_definitions=[("status", "S")],
            GlobalSecondaryIndexes=[index("gsi1", key("status"))])
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(TableName=name, GlobalSecondaryIndexUpdates=[{"Update": {
                "IndexName": "gsi1",
                "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}}])
        self.assertError(context, "ValidationException",
                         INVALID + "The only Updates for index: gsi1 when TableThroughputMode is "
                         "PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput")

    def test_gsi_throughput_update_on_provisioned_table(self):
        """Updating a GSI's capacity answers with the index UPDATING at its old capacity, and DescribeTable then shows the new one."""
        name = harness.unique_table_name("idx-upd")
        self.client.create_table(
            TableName=name, KeySchema=key("id"),
            AttributeDefinitions=definitions(("id", "S"), ("email", "S")),
            BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
            GlobalSecondaryIndexes=[dict(index("gsi1", key("email")),
                                         ProvisionedThroughput={"ReadCapacityUnits": 1,
                                                                "WriteCapacityUnits": 1})])
        update = {"IndexName": "gsi1",
                  "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}
        response = self.client.update_table(
            TableName=name, GlobalSecondaryIndexUpdates=[{"Update": update}])["TableDescription"]
        self.assertEqual(response["TableStatus"], "ACTIVE")
        gsi = response["GlobalSecondaryIndexes"][0]
        self.assertEqual(gsi["IndexStatus"], "UPDATING")
        self.assertEqual(gsi["ProvisionedThroughput"]["ReadCapacityUnits"], 1)
        described = self.client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual(described["IndexStatus"], "ACTIVE")
        self.assertEqual(described["ProvisionedThroughput"]["ReadCapacityUnits"], 2)
        self.assertIn("LastIncreaseDateTime", described["ProvisionedThroughput"])
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(TableName=name, GlobalSecondaryIndexUpdates=[{"Update": update}])
        self.assertError(context, "ValidationException",
                         "The provisioned throughput for the index gsi1 will not change. The "
                         "requested value equals the current value. Current ReadCapacityUnits "
                         "provisioned for index gsi1: 2. Requested ReadCapacityUnits: 2. Current "
                         "WriteCapacityUnits provisioned for index gsi1: 2. Requested "
                         "WriteCapacityUnits: 2. Refer to the Amazon DynamoDB Developer Guide "
                         "for current limits and how to request higher limits.")


if __name__ == "__main__":
    unittest.main()
