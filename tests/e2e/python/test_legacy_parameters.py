"""The pre-expression API through boto3's low-level client against the real ddblocal binary:
Expected and ConditionalOperator on writes, AttributesToGet, KeyConditions, QueryFilter,
ScanFilter and AttributeUpdates, their argument-count errors, and mixing them with expressions.

PutItem, UpdateItem and DeleteItem report request-validation errors inside the
"1 validation error detected: " envelope (paritysuite putItem/deleteItem tests, us-east-1 and
eu-west-2, 2026-10-09); GetItem, Query and Scan report theirs bare (dynalite test/query.js and
test/scan.js, recorded against DynamoDB)."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # partition key PK (S) only
COMPOSITE = None  # PK (S) + SK (N); partition "p" holds SK 1..6

FAILED = "The conditional request failed"
INVALID = "One or more parameter values were invalid: "
ENVELOPE = "1 validation error detected: "


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, COMPOSITE
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("legacy"), ("PK", "S"))
    COMPOSITE = harness.create_table(client, harness.unique_table_name("legacy-composite"),
                                     ("PK", "S"), ("SK", "N"))
    for sk in range(1, 7):
        client.put_item(TableName=COMPOSITE, Item={
            "PK": {"S": "p"}, "SK": {"N": str(sk)}, "v": {"N": str(sk * 10)},
            "kind": {"S": "odd" if sk % 2 else "even"}, "label": {"S": f"label-{sk}"}})


def key(name):
    return {"PK": {"S": name}}


def eq(value):
    return {"ComparisonOperator": "EQ", "AttributeValueList": [value]}


class LegacyParametersTest(harness.ServerTest):
    server = SERVER

    def assertConditionFails(self, call):
        with self.assertRaises(ClientError) as context:
            call()
        self.assertError(context, "ConditionalCheckFailedException", FAILED)

    def get(self, name):
        return self.client.get_item(TableName=TABLE, Key=key(name), ConsistentRead=True).get("Item")

    def put(self, item):
        self.client.put_item(TableName=TABLE, Item=item)

    # --- Expected ----------------------------------------------------------------------------

    def test_expected_value_form(self):
        """Expected with a Value requires the attribute to hold that value."""
        self.put({**key("exp-value"), "version": {"N": "1"}})
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item={**key("exp-value"), "version": {"N": "9"}},
            Expected={"version": {"Value": {"N": "2"}}}))
        self.client.put_item(TableName=TABLE, Item={**key("exp-value"), "version": {"N": "2"}},
                             Expected={"version": {"Value": {"N": "1"}}})
        self.assertEqual(self.get("exp-value")["version"], {"N": "2"})

    def test_expected_value_with_exists_true(self):
        """Expected with Exists true and a Value behaves like the Value form."""
        self.put({**key("exp-exists-true"), "s": {"S": "a"}})
        self.client.put_item(TableName=TABLE, Item={**key("exp-exists-true"), "s": {"S": "b"}},
                             Expected={"s": {"Value": {"S": "a"}, "Exists": True}})
        self.assertEqual(self.get("exp-exists-true")["s"], {"S": "b"})

    def test_expected_exists_false(self):
        """Expected with Exists false makes a create-only put."""
        self.client.put_item(TableName=TABLE, Item={**key("exp-create"), "n": {"N": "1"}},
                             Expected={"PK": {"Exists": False}})
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item={**key("exp-create"), "n": {"N": "2"}},
            Expected={"PK": {"Exists": False}}))
        self.assertEqual(self.get("exp-create")["n"], {"N": "1"})

    def test_expected_comparison_operators(self):
        """Expected with ComparisonOperator and AttributeValueList supports every operator."""
        item = {**key("exp-ops"), "n": {"N": "10"}, "s": {"S": "hello"},
                "ss": {"SS": ["a", "b"]}}
        self.put(item)
        cases = [
            ({"n": eq({"N": "10"})}, True),
            ({"n": {"ComparisonOperator": "NE", "AttributeValueList": [{"N": "10"}]}}, False),
            ({"n": {"ComparisonOperator": "LT", "AttributeValueList": [{"N": "11"}]}}, True),
            ({"n": {"ComparisonOperator": "LE", "AttributeValueList": [{"N": "9"}]}}, False),
            ({"n": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "9"}]}}, True),
            ({"n": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "11"}]}}, False),
            ({"n": {"ComparisonOperator": "BETWEEN",
                    "AttributeValueList": [{"N": "5"}, {"N": "10"}]}}, True),
            ({"n": {"ComparisonOperator": "IN",
                    "AttributeValueList": [{"N": "1"}, {"N": "10"}]}}, True),
            ({"n": {"ComparisonOperator": "IN", "AttributeValueList": [{"N": "1"}]}}, False),
            ({"s": {"ComparisonOperator": "BEGINS_WITH",
                    "AttributeValueList": [{"S": "he"}]}}, True),
            ({"s": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [{"S": "ll"}]}},
             True),
            ({"ss": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [{"S": "a"}]}},
             True),
            ({"ss": {"ComparisonOperator": "NOT_CONTAINS",
                     "AttributeValueList": [{"S": "a"}]}}, False),
            ({"absent": {"ComparisonOperator": "NULL"}}, True),
            ({"n": {"ComparisonOperator": "NULL"}}, False),
            ({"n": {"ComparisonOperator": "NOT_NULL"}}, True),
            ({"absent": {"ComparisonOperator": "NOT_NULL"}}, False),
            ({"n": eq({"S": "10"})}, False),
        ]
        for expected, passes in cases:
            with self.subTest(expected=expected):
                request = {"TableName": TABLE, "Item": item, "Expected": expected}
                if passes:
                    self.raw.put_item(**request)
                else:
                    self.assertConditionFails(lambda: self.raw.put_item(**request))

    def test_conditional_operator(self):
        """ConditionalOperator AND needs every Expected condition, OR needs any one."""
        item = {**key("exp-or"), "a": {"N": "1"}, "b": {"N": "2"}}
        self.put(item)
        expected = {"a": {"Value": {"N": "1"}}, "b": {"Value": {"N": "3"}}}
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item=item, Expected=expected, ConditionalOperator="AND"))
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item=item, Expected=expected))
        self.client.put_item(TableName=TABLE, Item=item, Expected=expected,
                             ConditionalOperator="OR")

    def test_expected_on_delete_and_update(self):
        """DeleteItem and UpdateItem honour Expected as PutItem does."""
        self.put({**key("exp-del"), "state": {"S": "open"}})
        self.assertConditionFails(lambda: self.raw.delete_item(
            TableName=TABLE, Key=key("exp-del"), Expected={"state": {"Value": {"S": "closed"}}}))
        self.client.update_item(TableName=TABLE, Key=key("exp-del"),
                                AttributeUpdates={"state": {"Action": "PUT",
                                                            "Value": {"S": "closed"}}},
                                Expected={"state": {"Value": {"S": "open"}}})
        self.client.delete_item(TableName=TABLE, Key=key("exp-del"),
                                Expected={"state": {"Value": {"S": "closed"}}})
        self.assertIsNone(self.get("exp-del"))

    # --- Expected validation ------------------------------------------------------------------

    def assertPutRejected(self, message, **args):
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=TABLE, Item=key("legacy-invalid"), **args)
        self.assertError(context, "ValidationException", message)

    def test_malformed_expected_conditions(self):
        """Each malformed Expected condition is refused with its own message inside the envelope."""
        cases = [
            ({"a": {"Exists": True}},
             "Value must be provided when Exists is true for Attribute: a"),
            ({"a": {"Exists": False, "Value": {"S": "x"}}},
             "Value cannot be used when Exists is false for Attribute: a"),
            ({"a": {"Value": {"S": "x"}, "ComparisonOperator": "EQ",
                    "AttributeValueList": [{"S": "x"}]}},
             "Value and AttributeValueList cannot be used together for Attribute: a"),
            ({"a": {"ComparisonOperator": "EQ"}},
             "Value or AttributeValueList must be used with ComparisonOperator: EQ for "
             "Attribute: a"),
        ]
        for expected, message in cases:
            with self.subTest(expected=expected):
                self.assertPutRejected(ENVELOPE + INVALID + message, Expected=expected)

    def test_expected_argument_counts(self):
        """A ComparisonOperator given the wrong number of values is refused, naming the operator."""
        cases = [
            ({"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": "x"}]}, "BETWEEN"),
            ({"ComparisonOperator": "BETWEEN",
              "AttributeValueList": [{"N": "1"}, {"N": "10"}, {"N": "12"}]}, "BETWEEN"),
            ({"ComparisonOperator": "NULL", "AttributeValueList": [{"S": "x"}]}, "NULL"),
            ({"ComparisonOperator": "GT",
              "AttributeValueList": [{"N": "1"}, {"N": "2"}]}, "GT"),
        ]
        for condition, operator in cases:
            with self.subTest(condition=condition):
                self.assertPutRejected(
                    ENVELOPE + INVALID + "Invalid number of argument(s) for the " + operator +
                    " ComparisonOperator", Expected={"a": condition})

    def test_expected_with_condition_expression(self):
        """Expected and ConditionExpression cannot be used in the same request."""
        self.assertPutRejected(
            ENVELOPE + "Can not use both expression and non-expression parameters in the same "
            "request: Non-expression parameters: {Expected} Expression parameters: "
            "{ConditionExpression}",
            Expected={"PK": {"Exists": False}}, ConditionExpression="attribute_not_exists(PK)")

    def test_attribute_updates_with_update_expression(self):
        """AttributeUpdates and UpdateExpression cannot be used in the same request."""
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=TABLE, Key=key("legacy-invalid"),
                                 UpdateExpression="SET a = :v",
                                 ExpressionAttributeValues={":v": {"S": "x"}},
                                 AttributeUpdates={"a": {"Action": "PUT", "Value": {"S": "x"}}})
        self.assertError(context, "ValidationException",
                         ENVELOPE + "Can not use both expression and non-expression parameters "
                         "in the same request: Non-expression parameters: {AttributeUpdates} "
                         "Expression parameters: {UpdateExpression}")
        self.assertIsNone(self.get("legacy-invalid"))

    # --- AttributeUpdates ----------------------------------------------------------------------

    def test_attribute_updates_put_add_delete(self):
        """AttributeUpdates PUT sets values, ADD adds to numbers and sets, DELETE removes attributes and set members."""
        self.put({**key("au"), "gone": {"S": "x"}, "n": {"N": "5"}, "ss": {"SS": ["a", "b", "c"]}})
        response = self.client.update_item(
            TableName=TABLE, Key=key("au"), ReturnValues="ALL_NEW",
            AttributeUpdates={
                "s": {"Action": "PUT", "Value": {"S": "new"}},
                "n": {"Action": "ADD", "Value": {"N": "-2"}},
                "fresh": {"Action": "ADD", "Value": {"N": "7"}},
                "ss": {"Action": "DELETE", "Value": {"SS": ["a", "z"]}},
                "tags": {"Action": "ADD", "Value": {"SS": ["t"]}},
                "gone": {"Action": "DELETE"},
            })
        attributes = response["Attributes"]
        attributes["ss"]["SS"].sort()
        self.assertEqual(attributes, {**key("au"), "s": {"S": "new"}, "n": {"N": "3"},
                                      "fresh": {"N": "7"}, "ss": {"SS": ["b", "c"]},
                                      "tags": {"SS": ["t"]}})

    def test_attribute_updates_default_action_is_put(self):
        """An AttributeUpdates entry without an Action puts its value."""
        self.client.update_item(TableName=TABLE, Key=key("au-default"),
                                AttributeUpdates={"a": {"Value": {"N": "1"}}})
        self.assertEqual(self.get("au-default"), {**key("au-default"), "a": {"N": "1"}})

    def test_attribute_updates_emptying_a_set_removes_it(self):
        """DELETE of every member of a set removes the attribute."""
        self.put({**key("au-empty"), "ns": {"NS": ["1", "2"]}})
        response = self.client.update_item(
            TableName=TABLE, Key=key("au-empty"), ReturnValues="UPDATED_OLD",
            AttributeUpdates={"ns": {"Action": "DELETE", "Value": {"NS": ["1", "2.0"]}}})
        self.assertEqual(sorted(response["Attributes"]["ns"]["NS"]), ["1", "2"])
        self.assertEqual(self.get("au-empty"), key("au-empty"))

    def test_attribute_updates_on_key_is_rejected(self):
        """AttributeUpdates may not change a key attribute."""
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=TABLE, Key=key("au-key"),
                                 AttributeUpdates={"PK": {"Action": "PUT",
                                                          "Value": {"S": "other"}}})
        self.assertError(context, "ValidationException",
                         INVALID + "Cannot update attribute PK. This attribute is part of the key")

    # --- AttributesToGet ----------------------------------------------------------------------

    def test_attributes_to_get_on_query_and_scan(self):
        """AttributesToGet limits the attributes Query and Scan return."""
        response = self.client.query(
            TableName=COMPOSITE, AttributesToGet=["SK", "kind"], Limit=2,
            KeyConditions={"PK": eq({"S": "p"})})
        self.assertEqual(response["Items"], [{"SK": {"N": "1"}, "kind": {"S": "odd"}},
                                             {"SK": {"N": "2"}, "kind": {"S": "even"}}])
        response = self.client.scan(TableName=COMPOSITE, AttributesToGet=["v"],
                                    ScanFilter={"SK": eq({"N": "3"})})
        self.assertEqual(response["Items"], [{"v": {"N": "30"}}])

    def test_attributes_to_get_with_projection_expression(self):
        """AttributesToGet and ProjectionExpression cannot be used in the same GetItem."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=key("x"), AttributesToGet=["a"],
                              ProjectionExpression="a")
        self.assertError(context, "ValidationException",
                         "Can not use both expression and non-expression parameters in the same "
                         "request: Non-expression parameters: {AttributesToGet} Expression "
                         "parameters: {ProjectionExpression}")

    def test_attributes_to_get_duplicate(self):
        """AttributesToGet naming an attribute twice is refused."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=key("x"), AttributesToGet=["a", "a"])
        self.assertError(context, "ValidationException",
                         INVALID + "Duplicate value in attribute name: a")

    # --- KeyConditions and QueryFilter ----------------------------------------------------------

    def test_key_conditions(self):
        """KeyConditions with EQ on the partition key and a range operator on the sort key select the matching items."""
        cases = [
            ({"SK": {"ComparisonOperator": "BETWEEN",
                     "AttributeValueList": [{"N": "2"}, {"N": "4"}]}}, [2, 3, 4]),
            ({"SK": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "4"}]}}, [5, 6]),
            ({"SK": {"ComparisonOperator": "LE", "AttributeValueList": [{"N": "2"}]}}, [1, 2]),
            ({"SK": eq({"N": "3"})}, [3]),
            ({}, [1, 2, 3, 4, 5, 6]),
        ]
        for sort_condition, expected in cases:
            with self.subTest(condition=sort_condition):
                response = self.client.query(
                    TableName=COMPOSITE,
                    KeyConditions={"PK": eq({"S": "p"}), **sort_condition})
                self.assertEqual([int(i["SK"]["N"]) for i in response["Items"]], expected)

    def test_query_filter(self):
        """QueryFilter drops non-matching items after they are read, and ConditionalOperator OR joins its conditions."""
        response = self.client.query(
            TableName=COMPOSITE, KeyConditions={"PK": eq({"S": "p"})},
            QueryFilter={"kind": eq({"S": "even"})})
        self.assertEqual([int(i["SK"]["N"]) for i in response["Items"]], [2, 4, 6])
        self.assertEqual(response["Count"], 3)
        self.assertEqual(response["ScannedCount"], 6)
        response = self.client.query(
            TableName=COMPOSITE, KeyConditions={"PK": eq({"S": "p"})},
            QueryFilter={"kind": eq({"S": "even"}),
                         "v": {"ComparisonOperator": "LT", "AttributeValueList": [{"N": "20"}]}},
            ConditionalOperator="OR")
        self.assertEqual([int(i["SK"]["N"]) for i in response["Items"]], [1, 2, 4, 6])

    def test_query_filter_on_key_is_rejected(self):
        """QueryFilter may not name a key attribute."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={"PK": eq({"S": "p"})},
                           QueryFilter={"SK": eq({"N": "1"})})
        self.assertError(context, "ValidationException",
                         "QueryFilter can only contain non-primary key attributes: Primary key "
                         "attribute: SK")

    def test_key_conditions_argument_count(self):
        """KeyConditions with EQ and no value is refused by argument count."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={"PK": {"ComparisonOperator": "EQ"}})
        self.assertError(context, "ValidationException",
                         INVALID + "Invalid number of argument(s) for the EQ ComparisonOperator")

    def test_key_conditions_non_indexable_operator(self):
        """NE, NULL, NOT_NULL, CONTAINS, NOT_CONTAINS and IN on a key attribute are not indexable operations."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={
                "PK": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [{"S": "a"}]}})
        self.assertError(context, "ValidationException",
                         "Attempted conditional constraint is not an indexable operation")

    def test_key_conditions_range_operator_on_partition_key(self):
        """A range operator (GT, BETWEEN, BEGINS_WITH...) on the partition key is not a supported key condition."""
        # dynalite test/query.js "should return ValidationException if querying with unsupported
        # conditions", recorded against DynamoDB: GT on the hash key is not "non-indexable".
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={
                "PK": {"ComparisonOperator": "GT", "AttributeValueList": [{"S": "a"}]}})
        self.assertError(context, "ValidationException", "Query key condition not supported")

    def test_key_conditions_begins_with_number(self):
        """BEGINS_WITH on a number sort key is not valid for N values."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={
                "PK": eq({"S": "p"}),
                "SK": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"N": "1"}]}})
        self.assertError(context, "ValidationException",
                         INVALID + "ComparisonOperator BEGINS_WITH is not valid for N "
                         "AttributeValue type")

    def test_key_conditions_with_key_condition_expression(self):
        """KeyConditions and KeyConditionExpression cannot be used in the same Query."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=COMPOSITE, KeyConditions={"PK": eq({"S": "p"})},
                           KeyConditionExpression="PK = :p",
                           ExpressionAttributeValues={":p": {"S": "p"}})
        self.assertError(context, "ValidationException",
                         "Can not use both expression and non-expression parameters in the same "
                         "request: Non-expression parameters: {KeyConditions} Expression "
                         "parameters: {KeyConditionExpression}")

    # --- ScanFilter -----------------------------------------------------------------------------

    def test_scan_filter(self):
        """ScanFilter keeps the items matching all its conditions."""
        response = self.client.scan(TableName=COMPOSITE, ScanFilter={
            "kind": eq({"S": "odd"}),
            "label": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "label-"}]},
            "v": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "30"}]}})
        self.assertEqual(sorted(int(i["SK"]["N"]) for i in response["Items"]), [3, 5])
        self.assertEqual(response["ScannedCount"], 6)

    def test_scan_filter_argument_count(self):
        """ScanFilter BETWEEN with three values is refused by argument count."""
        with self.assertRaises(ClientError) as context:
            self.raw.scan(TableName=COMPOSITE, ScanFilter={"v": {
                "ComparisonOperator": "BETWEEN",
                "AttributeValueList": [{"N": "1"}, {"N": "2"}, {"N": "3"}]}})
        self.assertError(context, "ValidationException",
                         INVALID + "Invalid number of argument(s) for the BETWEEN "
                         "ComparisonOperator")

    def test_scan_filter_with_filter_expression(self):
        """ScanFilter and FilterExpression cannot be used in the same Scan."""
        with self.assertRaises(ClientError) as context:
            self.raw.scan(TableName=COMPOSITE, ScanFilter={"v": eq({"N": "1"})},
                          FilterExpression="v = :v", ExpressionAttributeValues={":v": {"N": "1"}})
        self.assertError(context, "ValidationException",
                         "Can not use both expression and non-expression parameters in the same "
                         "request: Non-expression parameters: {ScanFilter} Expression "
                         "parameters: {FilterExpression}")


if __name__ == "__main__":
    unittest.main()
