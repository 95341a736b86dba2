"""Conditional writes through boto3's low-level client against the real ddblocal binary:
ConditionExpression on PutItem, UpdateItem and DeleteItem (optimistic locking, create-only puts,
every comparison and function), ReturnValuesOnConditionCheckFailure, and the validation errors
DynamoDB gives for malformed conditions.

PutItem, UpdateItem and DeleteItem report request-validation errors inside the
"1 validation error detected: " envelope (paritysuite updateItem/putItem/deleteItem tests, captured
in us-east-1 and eu-west-2 on 2026-10-09)."""

import re
import unittest

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # partition key PK (S) only

FAILED = "The conditional request failed"


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE
    SERVER.start()
    TABLE = harness.create_table(SERVER.client(), harness.unique_table_name("cond"), ("PK", "S"))


def key(name):
    return {"PK": {"S": name}}


class ConditionalWritesTest(harness.ServerTest):
    server = SERVER

    def assertConditionFails(self, call):
        """Runs call, expects ConditionalCheckFailedException and returns the error response."""
        with self.assertRaises(ClientError) as context:
            call()
        self.assertError(context, "ConditionalCheckFailedException", FAILED)
        return context.exception.response

    def get(self, name):
        return self.client.get_item(TableName=TABLE, Key=key(name), ConsistentRead=True).get("Item")

    def put(self, item):
        self.client.put_item(TableName=TABLE, Item=item)

    # --- Optimistic locking -------------------------------------------------------------------

    def test_versioned_update_succeeds_with_current_version(self):
        """An update conditioned on version = :expected applies when the stored version matches and can bump it."""
        self.put({**key("lock-ok"), "version": {"N": "1"}, "data": {"S": "old"}})
        response = self.client.update_item(
            TableName=TABLE, Key=key("lock-ok"),
            UpdateExpression="SET version = version + :one, #d = :d",
            ConditionExpression="version = :expected",
            ExpressionAttributeNames={"#d": "data"},
            ExpressionAttributeValues={":one": {"N": "1"}, ":d": {"S": "new"},
                                       ":expected": {"N": "1"}},
            ReturnValues="ALL_NEW")
        self.assertEqual(response["Attributes"],
                         {**key("lock-ok"), "version": {"N": "2"}, "data": {"S": "new"}})
        self.assertEqual(self.get("lock-ok"),
                         {**key("lock-ok"), "version": {"N": "2"}, "data": {"S": "new"}})

    def test_versioned_update_with_stale_version_fails(self):
        """An update conditioned on a version that is no longer stored fails and leaves the item unchanged."""
        self.put({**key("lock-stale"), "version": {"N": "2"}, "data": {"S": "current"}})
        self.assertConditionFails(lambda: self.raw.update_item(
            TableName=TABLE, Key=key("lock-stale"),
            UpdateExpression="SET version = version + :one, #d = :d",
            ConditionExpression="version = :expected",
            ExpressionAttributeNames={"#d": "data"},
            ExpressionAttributeValues={":one": {"N": "1"}, ":d": {"S": "lost"},
                                       ":expected": {"N": "1"}}))
        self.assertEqual(self.get("lock-stale"),
                         {**key("lock-stale"), "version": {"N": "2"}, "data": {"S": "current"}})

    def test_versioned_put_replaces_only_the_expected_version(self):
        """A PutItem conditioned on version = :expected replaces the item once, and a second put with the same expectation fails."""
        self.put({**key("lock-put"), "version": {"N": "7"}, "data": {"S": "v7"}})
        new_item = {**key("lock-put"), "version": {"N": "8"}, "data": {"S": "v8"}}
        self.client.put_item(TableName=TABLE, Item=new_item,
                             ConditionExpression="version = :expected",
                             ExpressionAttributeValues={":expected": {"N": "7"}})
        self.assertEqual(self.get("lock-put"), new_item)
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item={**key("lock-put"), "version": {"N": "8"},
                                   "data": {"S": "other writer"}},
            ConditionExpression="version = :expected",
            ExpressionAttributeValues={":expected": {"N": "7"}}))
        self.assertEqual(self.get("lock-put"), new_item)

    def test_version_compared_by_numeric_value(self):
        """Numbers in a condition compare by value, so a stored 1.0 equals an expected 1."""
        self.put({**key("lock-numeric"), "version": {"N": "1.0"}})
        self.client.update_item(
            TableName=TABLE, Key=key("lock-numeric"),
            UpdateExpression="SET version = version + :one",
            ConditionExpression="version = :expected",
            ExpressionAttributeValues={":one": {"N": "1"}, ":expected": {"N": "1"}})
        self.assertEqual(self.get("lock-numeric")["version"], {"N": "2"})

    # --- Create-only puts -----------------------------------------------------------------

    def test_create_only_put(self):
        """A put with attribute_not_exists(PK) creates a new item and fails once the item exists, keeping the first one."""
        first = {**key("create-only"), "owner": {"S": "first"}}
        self.client.put_item(TableName=TABLE, Item=first,
                             ConditionExpression="attribute_not_exists(PK)")
        self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item={**key("create-only"), "owner": {"S": "second"}},
            ConditionExpression="attribute_not_exists(PK)"))
        self.assertEqual(self.get("create-only"), first)

    def test_update_only_if_exists(self):
        """An update with attribute_exists(PK) fails on a missing item and does not create it."""
        self.assertConditionFails(lambda: self.raw.update_item(
            TableName=TABLE, Key=key("exists-only"), UpdateExpression="SET a = :a",
            ConditionExpression="attribute_exists(PK)",
            ExpressionAttributeValues={":a": {"S": "x"}}))
        self.assertIsNone(self.get("exists-only"))

    # --- ReturnValuesOnConditionCheckFailure ------------------------------------------------

    def test_failed_put_returns_old_item(self):
        """A failed conditional PutItem with ReturnValuesOnConditionCheckFailure ALL_OLD carries the stored item in the error."""
        stored = {**key("rvcf-put"), "version": {"N": "3"}, "tags": {"SS": ["a"]}}
        self.put(stored)
        response = self.assertConditionFails(lambda: self.raw.put_item(
            TableName=TABLE, Item={**key("rvcf-put"), "version": {"N": "4"}},
            ConditionExpression="version = :v", ExpressionAttributeValues={":v": {"N": "2"}},
            ReturnValuesOnConditionCheckFailure="ALL_OLD"))
        self.assertEqual(response["Item"], stored)

    def test_failed_update_returns_old_item(self):
        """A failed conditional UpdateItem with ReturnValuesOnConditionCheckFailure ALL_OLD carries the whole stored item."""
        stored = {**key("rvcf-update"), "version": {"N": "5"}, "m": {"M": {"x": {"N": "1"}}}}
        self.put(stored)
        response = self.assertConditionFails(lambda: self.raw.update_item(
            TableName=TABLE, Key=key("rvcf-update"), UpdateExpression="SET version = :new",
            ConditionExpression="version = :old",
            ExpressionAttributeValues={":new": {"N": "6"}, ":old": {"N": "4"}},
            ReturnValuesOnConditionCheckFailure="ALL_OLD"))
        self.assertEqual(response["Item"], stored)
        self.assertEqual(self.get("rvcf-update"), stored)

    def test_failed_delete_returns_old_item(self):
        """A failed conditional DeleteItem with ReturnValuesOnConditionCheckFailure ALL_OLD carries the item and keeps it."""
        stored = {**key("rvcf-delete"), "status": {"S": "active"}}
        self.put(stored)
        response = self.assertConditionFails(lambda: self.raw.delete_item(
            TableName=TABLE, Key=key("rvcf-delete"), ConditionExpression="#s = :s",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":s": {"S": "archived"}},
            ReturnValuesOnConditionCheckFailure="ALL_OLD"))
        self.assertEqual(response["Item"], stored)
        self.assertEqual(self.get("rvcf-delete"), stored)

    def test_failure_without_return_values_has_no_item(self):
        """A failed condition returns no Item when ReturnValuesOnConditionCheckFailure is NONE or absent."""
        self.put({**key("rvcf-none"), "v": {"N": "1"}})
        for extra in ({}, {"ReturnValuesOnConditionCheckFailure": "NONE"}):
            with self.subTest(extra=extra):
                response = self.assertConditionFails(lambda: self.raw.put_item(
                    TableName=TABLE, Item=key("rvcf-none"),
                    ConditionExpression="attribute_not_exists(PK)", **extra))
                self.assertNotIn("Item", response)

    def test_failure_on_missing_item_has_no_item(self):
        """A condition that fails because the item does not exist returns no Item even with ALL_OLD."""
        response = self.assertConditionFails(lambda: self.raw.delete_item(
            TableName=TABLE, Key=key("rvcf-missing"), ConditionExpression="attribute_exists(PK)",
            ReturnValuesOnConditionCheckFailure="ALL_OLD"))
        self.assertNotIn("Item", response)

    def test_successful_conditional_write_returns_no_item(self):
        """A conditional write that succeeds returns neither Item nor Attributes when only ReturnValuesOnConditionCheckFailure is set."""
        self.put({**key("rvcf-ok"), "v": {"N": "1"}})
        response = self.client.delete_item(
            TableName=TABLE, Key=key("rvcf-ok"), ConditionExpression="v = :v",
            ExpressionAttributeValues={":v": {"N": "1"}},
            ReturnValuesOnConditionCheckFailure="ALL_OLD")
        self.assertNotIn("Item", response)
        self.assertNotIn("Attributes", response)

    # --- Conditional delete ---------------------------------------------------------------

    def test_conditional_delete(self):
        """DeleteItem with a condition deletes only when the condition holds and returns the deleted item with ALL_OLD."""
        stored = {**key("cond-delete"), "status": {"S": "done"}, "n": {"N": "3"}}
        self.put(stored)
        self.assertConditionFails(lambda: self.raw.delete_item(
            TableName=TABLE, Key=key("cond-delete"),
            ConditionExpression="attribute_exists(PK) AND #s = :s",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":s": {"S": "pending"}}))
        self.assertEqual(self.get("cond-delete"), stored)
        response = self.client.delete_item(
            TableName=TABLE, Key=key("cond-delete"),
            ConditionExpression="attribute_exists(PK) AND #s = :s",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":s": {"S": "done"}}, ReturnValues="ALL_OLD")
        self.assertEqual(response["Attributes"], stored)
        self.assertIsNone(self.get("cond-delete"))

    # --- Operators and functions ------------------------------------------------------------

    def test_operators_and_functions(self):
        """Each comparison, logical operator and function in a ConditionExpression decides whether the write happens."""
        item = {
            **key("operators"),
            "n": {"N": "10"},
            "s": {"S": "order#2024-01"},
            "b": {"B": b"\x01\x02\x03"},
            "flag": {"BOOL": True},
            "nothing": {"NULL": True},
            "ss": {"SS": ["red", "green"]},
            "ns": {"NS": ["1", "2", "3"]},
            "l": {"L": [{"S": "x"}, {"N": "5"}]},
            "m": {"M": {"child": {"S": "deep"}, "count": {"N": "2"}}},
        }
        values = {
            ":n5": {"N": "5"}, ":n10": {"N": "10"}, ":n20": {"N": "20"}, ":n2": {"N": "2"},
            ":n3": {"N": "3"}, ":prefix": {"S": "order#"}, ":other": {"S": "invoice#"},
            ":red": {"S": "red"}, ":blue": {"S": "blue"}, ":x": {"S": "x"},
            ":2024": {"S": "2024"}, ":tS": {"S": "S"}, ":tN": {"S": "N"}, ":tSS": {"S": "SS"},
            ":tM": {"S": "M"}, ":tNULL": {"S": "NULL"}, ":tBOOL": {"S": "BOOL"}, ":tL": {"S": "L"},
            ":deep": {"S": "deep"}, ":true": {"BOOL": True}, ":ten_str": {"S": "10"},
            ":b": {"B": b"\x01"}, ":n13": {"N": "13"},
        }
        cases = [
            ("n = :n10", True), ("n <> :n10", False), ("n < :n20", True), ("n <= :n10", True),
            ("n > :n10", False), ("n >= :n10", True),
            ("n BETWEEN :n5 AND :n20", True), ("n BETWEEN :n20 AND :n20", False),
            ("n IN (:n5, :n10, :n20)", True), ("n IN (:n5, :n20)", False),
            ("begins_with(s, :prefix)", True), ("begins_with(s, :other)", False),
            ("begins_with(b, :b)", True),
            ("contains(s, :2024)", True), ("contains(ss, :red)", True),
            ("contains(ss, :blue)", False), ("contains(ns, :n2)", True),
            ("contains(l, :x)", True), ("contains(l, :n5)", True), ("contains(l, :red)", False),
            ("size(s) = :n13", True), ("size(ss) = :n2", True), ("size(ns) = :n3", True),
            ("size(l) = :n2", True), ("size(m) = :n2", True), ("size(b) = :n3", True),
            ("size(s) > :n20", False),
            ("attribute_type(s, :tS)", True), ("attribute_type(n, :tN)", True),
            ("attribute_type(ss, :tSS)", True), ("attribute_type(m, :tM)", True),
            ("attribute_type(nothing, :tNULL)", True), ("attribute_type(flag, :tBOOL)", True),
            ("attribute_type(l, :tL)", True), ("attribute_type(n, :tS)", False),
            ("attribute_exists(m.child)", True), ("attribute_not_exists(m.absent)", True),
            ("m.child = :deep", True), ("m.#c = :n2", True), ("l[1] = :n5", True),
            ("l[0] = :x AND l[1] > :n3", True), ("flag = :true", True),
            ("n = :n5 OR n = :n10", True), ("n = :n5 AND n = :n10", False),
            ("NOT n = :n5", True), ("NOT (n = :n5 OR s = :prefix)", True),
            ("n = :n5 OR n = :n20 OR NOT begins_with(s, :other)", True),
            ("(n = :n5 OR n = :n10) AND contains(ss, :blue)", False),
            ("n = :ten_str", False), ("n < :ten_str", False),
        ]
        self.put(item)
        for expression, passes in cases:
            with self.subTest(condition=expression):
                used = {name: values[name] for name in re.findall(r":\w+", expression)}
                request = {"TableName": TABLE, "Item": item, "ConditionExpression": expression,
                           "ExpressionAttributeValues": used}
                if "#c" in expression:
                    request["ExpressionAttributeNames"] = {"#c": "count"}
                if not used:
                    del request["ExpressionAttributeValues"]
                if passes:
                    self.raw.put_item(**request)
                else:
                    self.assertConditionFails(lambda: self.raw.put_item(**request))

    def test_comparing_two_attributes(self):
        """A condition may compare two attributes of the stored item with each other."""
        self.put({**key("two-attrs"), "low": {"N": "3"}, "high": {"N": "9"}})
        self.client.update_item(TableName=TABLE, Key=key("two-attrs"),
                                UpdateExpression="SET ok = :t", ConditionExpression="low < high",
                                ExpressionAttributeValues={":t": {"BOOL": True}})
        self.assertConditionFails(lambda: self.raw.update_item(
            TableName=TABLE, Key=key("two-attrs"), UpdateExpression="SET ok = :f",
            ConditionExpression="low > high", ExpressionAttributeValues={":f": {"BOOL": False}}))
        self.assertEqual(self.get("two-attrs")["ok"], {"BOOL": True})

    # --- Missing items ---------------------------------------------------------------------

    def test_condition_on_attribute_of_missing_item(self):
        """Against a missing item, comparisons and functions on an attribute are false, so the write fails and creates nothing."""
        conditions = [
            ("version = :v", {":v": {"N": "1"}}),
            ("version < :v", {":v": {"N": "1"}}),
            ("attribute_exists(version)", None),
            ("begins_with(#n, :p)", {":p": {"S": "a"}}),
            ("contains(tags, :t)", {":t": {"S": "a"}}),
            ("size(tags) >= :zero", {":zero": {"N": "0"}}),
            ("attribute_type(version, :t)", {":t": {"S": "N"}}),
        ]
        for expression, values in conditions:
            with self.subTest(condition=expression):
                request = {"TableName": TABLE, "Key": key("missing-cond"),
                           "UpdateExpression": "SET created = :c",
                           "ConditionExpression": expression,
                           "ExpressionAttributeValues": {":c": {"BOOL": True}, **(values or {})}}
                if "#n" in expression:
                    request["ExpressionAttributeNames"] = {"#n": "name"}
                self.assertConditionFails(lambda: self.raw.update_item(**request))
                self.assertIsNone(self.get("missing-cond"))

    def test_negative_condition_on_missing_item_passes(self):
        """Against a missing item, attribute_not_exists and a negated comparison hold, so the update creates the item."""
        self.client.update_item(TableName=TABLE, Key=key("missing-neg-1"),
                                UpdateExpression="SET version = :one",
                                ConditionExpression="attribute_not_exists(version)",
                                ExpressionAttributeValues={":one": {"N": "1"}})
        self.assertEqual(self.get("missing-neg-1"), {**key("missing-neg-1"), "version": {"N": "1"}})
        self.client.update_item(TableName=TABLE, Key=key("missing-neg-2"),
                                UpdateExpression="SET version = :one",
                                ConditionExpression="NOT version = :one",
                                ExpressionAttributeValues={":one": {"N": "1"}})
        self.assertEqual(self.get("missing-neg-2"), {**key("missing-neg-2"), "version": {"N": "1"}})

    # --- Validation ------------------------------------------------------------------------

    def assertPutRejected(self, message, **args):
        request = {"TableName": TABLE, "Item": key("invalid")}
        request.update(args)
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(**request)
        self.assertError(context, "ValidationException", message)
        self.assertIsNone(self.get("invalid"))

    def test_empty_condition_expression(self):
        """An empty ConditionExpression is refused inside the validation envelope."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: The expression can not be "
            "empty;", ConditionExpression="")

    def test_condition_syntax_error(self):
        """A character that starts no token is a syntax error naming the token and its neighbours."""
        self.assertPutRejected(
            '1 validation error detected: Invalid ConditionExpression: Syntax error; token: "-", '
            'near: "a-b"', ConditionExpression="a-b")

    def test_condition_undefined_value(self):
        """A :value missing from ExpressionAttributeValues is named in the error."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: An expression attribute "
            "value used in expression is not defined; attribute value: :v",
            ConditionExpression="a = :v")

    def test_condition_undefined_name(self):
        """A #name missing from ExpressionAttributeNames is named in the error."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: An expression attribute "
            "name used in the document path is not defined; attribute name: #s",
            ConditionExpression="attribute_exists(#s)")

    def test_condition_reserved_word(self):
        """A reserved word such as status must be written through an expression attribute name."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: Attribute name is a "
            "reserved keyword; reserved keyword: status",
            ConditionExpression="status = :s", ExpressionAttributeValues={":s": {"S": "x"}})

    def test_condition_redundant_parentheses(self):
        """Doubled parentheses around a whole condition are refused as redundant."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: The expression has "
            "redundant parentheses;", ConditionExpression="((attribute_not_exists(PK)))")

    def test_contains_with_the_same_path_twice(self):
        """contains() needs its second operand to differ from the first."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: The first operand must be "
            "distinct from the remaining operands for this operator or function; operator: "
            "contains, first operand: [data]",
            ConditionExpression="contains(#a, #a)", ExpressionAttributeNames={"#a": "data"})

    def test_begins_with_number_operand(self):
        """begins_with with a number value is an incorrect operand type."""
        self.assertPutRejected(
            "1 validation error detected: Invalid ConditionExpression: Incorrect operand type for "
            "operator or function; operator or function: begins_with, operand type: N",
            ConditionExpression="begins_with(a, :n)", ExpressionAttributeValues={":n": {"N": "1"}})

    def test_unused_value_in_conditional_put(self):
        """A value that the condition does not use is refused."""
        self.assertPutRejected(
            "1 validation error detected: Value provided in ExpressionAttributeValues unused in "
            "expressions: keys: {:unused}",
            ConditionExpression="a = :v",
            ExpressionAttributeValues={":v": {"S": "x"}, ":unused": {"S": "y"}})

    def test_values_without_an_expression(self):
        """ExpressionAttributeValues without any expression is refused."""
        self.assertPutRejected(
            "1 validation error detected: ExpressionAttributeValues can only be specified when "
            "using expressions", ExpressionAttributeValues={":v": {"S": "x"}})

    def test_condition_on_update_undefined_value(self):
        """UpdateItem reports an undefined value in its ConditionExpression beside a valid UpdateExpression."""
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=TABLE, Key=key("invalid"), UpdateExpression="SET b = :w",
                                 ConditionExpression="a = :v",
                                 ExpressionAttributeValues={":w": {"S": "x"}})
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Invalid ConditionExpression: An expression "
                         "attribute value used in expression is not defined; attribute value: :v")
        self.assertIsNone(self.get("invalid"))


if __name__ == "__main__":
    unittest.main()
