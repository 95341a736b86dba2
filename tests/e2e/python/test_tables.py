"""Table lifecycle through boto3 against the real ddblocal binary: CreateTable, DescribeTable,
ListTables, UpdateTable, DeleteTable and their validation errors."""

import datetime
import re
import time
import unittest
import uuid

from botocore.exceptions import ClientError

from . import server as harness


SERVER = harness.ModuleServer()
setUpModule = SERVER.start


COMPOSITE_KEY = [
    {"AttributeName": "pk", "KeyType": "HASH"},
    {"AttributeName": "sk", "KeyType": "RANGE"},
]
COMPOSITE_DEFINITIONS = [
    {"AttributeName": "pk", "AttributeType": "S"},
    {"AttributeName": "sk", "AttributeType": "N"},
]
UUID_PATTERN = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class TablesTest(harness.ServerTest):
    server = SERVER

    def create_composite(self, name, **extra):
        args = {
            "TableName": name,
            "KeySchema": COMPOSITE_KEY,
            "AttributeDefinitions": COMPOSITE_DEFINITIONS,
            "BillingMode": "PAY_PER_REQUEST",
        }
        args.update(extra)
        return self.client.create_table(**args)

    # --- CreateTable and DescribeTable -------------------------------------------------------

    def test_create_composite_on_demand_table_returns_its_description(self):
        """CreateTable with a HASH and a RANGE key on demand returns a TableDescription echoing the schema."""
        name = harness.unique_table_name("tables-create")
        before = datetime.datetime.now(datetime.timezone.utc)
        description = self.create_composite(name)["TableDescription"]
        self.assertEqual(description["TableName"], name)
        self.assertEqual(description["KeySchema"], COMPOSITE_KEY)
        self.assertEqual(
            sorted(description["AttributeDefinitions"], key=lambda d: d["AttributeName"]),
            COMPOSITE_DEFINITIONS,
        )
        self.assertIn(description["TableStatus"], ("CREATING", "ACTIVE"))
        self.assertEqual(description["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
        self.assertEqual(description["ItemCount"], 0)
        self.assertEqual(description["TableSizeBytes"], 0)
        self.assertRegex(description["TableArn"], r"^arn:aws:dynamodb:us-east-1:[0-9]{12}:table/" +
                         re.escape(name) + "$")
        self.assertLess(abs((description["CreationDateTime"] - before).total_seconds()), 60)

    def test_describe_on_demand_table_reports_every_field(self):
        """DescribeTable on an on-demand table reports ACTIVE status, the key schema, ARN, id, creation time, a PAY_PER_REQUEST billing summary and zero throughput."""
        name = harness.unique_table_name("tables-describe")
        self.create_composite(name)
        before = datetime.datetime.now(datetime.timezone.utc)
        table = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableName"], name)
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["KeySchema"], COMPOSITE_KEY)
        self.assertEqual(
            sorted(table["AttributeDefinitions"], key=lambda d: d["AttributeName"]),
            COMPOSITE_DEFINITIONS,
        )
        self.assertEqual(table["ItemCount"], 0)
        self.assertEqual(table["TableSizeBytes"], 0)
        self.assertRegex(table["TableArn"], r"^arn:aws:dynamodb:us-east-1:[0-9]{12}:table/" +
                         re.escape(name) + "$")
        self.assertRegex(table["TableId"], UUID_PATTERN)
        self.assertIsInstance(table["CreationDateTime"], datetime.datetime)
        self.assertLess(abs((table["CreationDateTime"] - before).total_seconds()), 60)
        self.assertEqual(table["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
        self.assertEqual(
            table["ProvisionedThroughput"],
            {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
        )

    def test_describe_provisioned_table_reports_its_throughput(self):
        """A table created in PROVISIONED mode reports the requested read and write capacity units."""
        name = harness.unique_table_name("tables-provisioned")
        self.client.create_table(
            TableName=name,
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "B"}],
            BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 7},
        )
        table = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["KeySchema"], [{"AttributeName": "id", "KeyType": "HASH"}])
        self.assertEqual(table["AttributeDefinitions"],
                         [{"AttributeName": "id", "AttributeType": "B"}])
        self.assertEqual(
            table["ProvisionedThroughput"],
            {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 5, "WriteCapacityUnits": 7},
        )
        if "BillingModeSummary" in table:
            self.assertEqual(table["BillingModeSummary"]["BillingMode"], "PROVISIONED")

    def test_table_ids_differ_between_tables(self):
        """Each table gets its own TableId."""
        first = harness.unique_table_name("tables-id")
        second = harness.unique_table_name("tables-id")
        self.create_composite(first)
        self.create_composite(second)
        first_id = self.client.describe_table(TableName=first)["Table"]["TableId"]
        second_id = self.client.describe_table(TableName=second)["Table"]["TableId"]
        self.assertNotEqual(first_id, second_id)

    def test_table_exists_waiter_returns_at_once(self):
        """The table_exists waiter sees the new table ACTIVE on its first DescribeTable, so it returns without sleeping."""
        name = harness.unique_table_name("tables-waiter")
        self.create_composite(name)
        started = time.monotonic()
        self.client.get_waiter("table_exists").wait(
            TableName=name, WaiterConfig={"Delay": 5, "MaxAttempts": 2})
        self.assertLess(time.monotonic() - started, 2.0)

    def test_create_existing_table_is_resource_in_use(self):
        """Creating a table whose name is taken fails with ResourceInUseException naming the table."""
        name = harness.unique_table_name("tables-twice")
        self.create_composite(name)
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(context, "ResourceInUseException", f"Table already exists: {name}")

    # --- DeleteTable ----------------------------------------------------------------------------

    def test_delete_table_then_describe_is_resource_not_found(self):
        """DeleteTable returns the table's description as DELETING, after which DescribeTable reports the table not found."""
        name = harness.unique_table_name("tables-delete")
        self.create_composite(name)
        description = self.client.delete_table(TableName=name)["TableDescription"]
        self.assertEqual(description["TableName"], name)
        self.assertEqual(description["TableStatus"], "DELETING")
        self.client.get_waiter("table_not_exists").wait(
            TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 3})
        with self.assertRaises(ClientError) as context:
            self.raw.describe_table(TableName=name)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")

    def test_delete_missing_table_is_resource_not_found(self):
        """DeleteTable on a table that does not exist fails with ResourceNotFoundException naming the table."""
        name = harness.unique_table_name("tables-nosuch")
        with self.assertRaises(ClientError) as context:
            self.raw.delete_table(TableName=name)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")

    def test_deleted_table_name_can_be_reused(self):
        """Once a table is deleted its name can be used for a new, empty table."""
        name = harness.unique_table_name("tables-reuse")
        self.create_composite(name)
        self.client.put_item(TableName=name, Item={"pk": {"S": "a"}, "sk": {"N": "1"}})
        self.client.delete_table(TableName=name)
        self.create_composite(name)
        self.assertEqual(self.client.scan(TableName=name)["Count"], 0)

    # --- ListTables -----------------------------------------------------------------------------

    def test_list_tables_pages_in_name_order(self):
        """ListTables returns names in ascending order, Limit names per page, with LastEvaluatedTableName naming the last one while more remain."""
        # "zz" sorts after every other name this module creates, so these five are the last tables.
        prefix = "zz-list-" + uuid.uuid4().hex[:12]
        names = [f"{prefix}-{i}" for i in range(5)]
        for name in reversed(names):
            self.create_composite(name)

        every = self.client.list_tables()["TableNames"]
        self.assertEqual(every, sorted(every))
        self.assertEqual(every[-5:], names)

        first = self.client.list_tables(ExclusiveStartTableName=prefix, Limit=2)
        self.assertEqual(first["TableNames"], names[0:2])
        self.assertEqual(first["LastEvaluatedTableName"], names[1])
        second = self.client.list_tables(ExclusiveStartTableName=first["LastEvaluatedTableName"],
                                         Limit=2)
        self.assertEqual(second["TableNames"], names[2:4])
        self.assertEqual(second["LastEvaluatedTableName"], names[3])
        third = self.client.list_tables(ExclusiveStartTableName=second["LastEvaluatedTableName"],
                                        Limit=2)
        self.assertEqual(third["TableNames"], names[4:5])
        self.assertNotIn("LastEvaluatedTableName", third)

    def test_list_tables_paginator_visits_every_table_once(self):
        """Following LastEvaluatedTableName with Limit 1 visits every table exactly once, in order."""
        for _ in range(3):
            self.create_composite(harness.unique_table_name("tables-paginate"))
        expected = self.client.list_tables()["TableNames"]
        seen = []
        for page in self.client.get_paginator("list_tables").paginate(
                PaginationConfig={"PageSize": 1}):
            self.assertLessEqual(len(page["TableNames"]), 1)
            seen.extend(page["TableNames"])
        self.assertEqual(seen, expected)

    def test_list_tables_limit_zero_is_rejected(self):
        """ListTables with Limit 0 fails the generic constraint check on limit."""
        with self.assertRaises(ClientError) as context:
            self.raw.list_tables(Limit=0)
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1")

    def test_list_tables_limit_over_100_is_rejected(self):
        """ListTables with Limit 101 fails the generic constraint check on limit."""
        with self.assertRaises(ClientError) as context:
            self.raw.list_tables(Limit=101)
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: "
            "Member must have value less than or equal to 100")

    # --- UpdateTable ----------------------------------------------------------------------------

    def test_update_table_switches_on_demand_to_provisioned(self):
        """UpdateTable with BillingMode PROVISIONED and a throughput turns an on-demand table into a provisioned one."""
        name = harness.unique_table_name("tables-to-prov")
        self.create_composite(name)
        description = self.client.update_table(
            TableName=name,
            BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 3, "WriteCapacityUnits": 4},
        )["TableDescription"]
        self.assertEqual(description["TableName"], name)
        table = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["BillingModeSummary"]["BillingMode"], "PROVISIONED")
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 3)
        self.assertEqual(table["ProvisionedThroughput"]["WriteCapacityUnits"], 4)

    def test_update_table_changes_provisioned_throughput(self):
        """UpdateTable with a new ProvisionedThroughput on a provisioned table changes its capacity units."""
        name = harness.unique_table_name("tables-throughput")
        self.create_composite(name, BillingMode="PROVISIONED",
                              ProvisionedThroughput={"ReadCapacityUnits": 1,
                                                     "WriteCapacityUnits": 1})
        self.client.update_table(
            TableName=name,
            ProvisionedThroughput={"ReadCapacityUnits": 10, "WriteCapacityUnits": 20},
        )
        table = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 10)
        self.assertEqual(table["ProvisionedThroughput"]["WriteCapacityUnits"], 20)
        self.assertIn("LastIncreaseDateTime", table["ProvisionedThroughput"])

    def test_update_table_switches_provisioned_to_on_demand(self):
        """UpdateTable with BillingMode PAY_PER_REQUEST turns a provisioned table on demand, with zero provisioned throughput."""
        name = harness.unique_table_name("tables-to-ondemand")
        self.create_composite(name, BillingMode="PROVISIONED",
                              ProvisionedThroughput={"ReadCapacityUnits": 2,
                                                     "WriteCapacityUnits": 2})
        self.client.update_table(TableName=name, BillingMode="PAY_PER_REQUEST")
        table = self.client.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
        self.assertIn("LastUpdateToPayPerRequestDateTime", table["BillingModeSummary"])
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 0)
        self.assertEqual(table["ProvisionedThroughput"]["WriteCapacityUnits"], 0)

    def test_update_table_keeps_items(self):
        """Changing a table's billing mode keeps its items."""
        name = harness.unique_table_name("tables-keep")
        self.create_composite(name)
        self.client.put_item(TableName=name, Item={"pk": {"S": "a"}, "sk": {"N": "1"}})
        self.client.update_table(
            TableName=name, BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
        item = self.client.get_item(TableName=name, Key={"pk": {"S": "a"}, "sk": {"N": "1"}})
        self.assertEqual(item["Item"], {"pk": {"S": "a"}, "sk": {"N": "1"}})

    def test_update_table_to_provisioned_without_throughput_is_rejected(self):
        """UpdateTable to PROVISIONED without a ProvisionedThroughput is a ValidationException."""
        name = harness.unique_table_name("tables-prov-nothroughput")
        self.create_composite(name)
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(TableName=name, BillingMode="PROVISIONED")
        self.assertError(
            context, "ValidationException",
            "One or more parameter values were invalid: ProvisionedThroughput must be specified "
            "when BillingMode is PROVISIONED")

    def test_update_missing_table_is_resource_not_found(self):
        """UpdateTable on a table that does not exist fails with ResourceNotFoundException naming the table."""
        name = harness.unique_table_name("tables-update-nosuch")
        with self.assertRaises(ClientError) as context:
            self.raw.update_table(TableName=name, BillingMode="PAY_PER_REQUEST")
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")

    # --- CreateTable validation -------------------------------------------------------------

    def test_single_key_without_definition_is_rejected(self):
        """A one-element KeySchema whose attribute is not in AttributeDefinitions names the key and the definitions."""
        name = harness.unique_table_name("tables-undefined1")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                AttributeDefinitions=[{"AttributeName": "other", "AttributeType": "S"}],
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(
            context, "ValidationException",
            "One or more parameter values were invalid: Some index key attributes are not defined "
            "in AttributeDefinitions. Keys: [pk], AttributeDefinitions: [other]")

    def test_composite_key_without_sort_key_definition_is_rejected(self):
        """A two-element KeySchema whose RANGE attribute is not in AttributeDefinitions is an invalid KeySchema."""
        name = harness.unique_table_name("tables-undefined2")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(context, "ValidationException",
                         "Invalid KeySchema: Some index key attribute have no definition")

    def test_first_key_element_must_be_hash(self):
        """A KeySchema whose first element is a RANGE key is rejected."""
        name = harness.unique_table_name("tables-range-first")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=[
                    {"AttributeName": "sk", "KeyType": "RANGE"},
                    {"AttributeName": "pk", "KeyType": "HASH"},
                ],
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(context, "ValidationException",
                         "Invalid KeySchema: The first KeySchemaElement is not a HASH key type")

    def test_extra_attribute_definition_is_rejected(self):
        """AttributeDefinitions listing an attribute that no key uses is rejected when the table has no indexes."""
        name = harness.unique_table_name("tables-extra-def")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(
            context, "ValidationException",
            "One or more parameter values were invalid: Number of attributes in KeySchema does "
            "not exactly match number of attributes defined in AttributeDefinitions")

    def test_on_demand_with_provisioned_throughput_is_rejected(self):
        """CreateTable with BillingMode PAY_PER_REQUEST and a ProvisionedThroughput is rejected."""
        name = harness.unique_table_name("tables-ppr-throughput")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
                ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
            )
        self.assertError(
            context, "ValidationException",
            "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
            "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST")

    def test_provisioned_without_throughput_is_rejected(self):
        """CreateTable in PROVISIONED mode without a ProvisionedThroughput is rejected."""
        name = harness.unique_table_name("tables-prov-missing")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PROVISIONED",
            )
        self.assertError(
            context, "ValidationException",
            "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits "
            "must both be specified when BillingMode is PROVISIONED")

    def test_zero_read_capacity_is_rejected(self):
        """A ReadCapacityUnits of 0 fails the generic constraint check on provisionedThroughput.readCapacityUnits."""
        name = harness.unique_table_name("tables-zero-rcu")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                ProvisionedThroughput={"ReadCapacityUnits": 0, "WriteCapacityUnits": 1},
            )
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' "
            "failed to satisfy constraint: Member must have value greater than or equal to 1")

    def test_table_name_too_short_is_rejected(self):
        """A two-character table name fails the generic length constraint on tableName."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName="ab",
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
            "Member must have length greater than or equal to 3")

    def test_table_name_with_bad_characters_is_rejected(self):
        """A table name with characters outside [a-zA-Z0-9_.-] fails the pattern constraint on tableName."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName="bad table!@#",
                KeySchema=COMPOSITE_KEY,
                AttributeDefinitions=COMPOSITE_DEFINITIONS,
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value 'bad table!@#' at 'tableName' failed to satisfy "
            "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")

    def test_invalid_attribute_type_is_rejected(self):
        """An AttributeType that is not S, N or B fails the enum constraint, listing [B, N, S]."""
        name = harness.unique_table_name("tables-bad-type")
        with self.assertRaises(ClientError) as context:
            self.raw.create_table(
                TableName=name,
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "SS"}],
                BillingMode="PAY_PER_REQUEST",
            )
        self.assertError(
            context, "ValidationException",
            "1 validation error detected: Value 'SS' at "
            "'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: "
            "Member must satisfy enum value set: [B, N, S]")

    def test_describe_missing_table_is_resource_not_found(self):
        """DescribeTable on a name that was never created fails with ResourceNotFoundException naming the table."""
        name = harness.unique_table_name("tables-never")
        with self.assertRaises(ClientError) as context:
            self.raw.describe_table(TableName=name)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Table: {name} not found")


if __name__ == "__main__":
    unittest.main()
