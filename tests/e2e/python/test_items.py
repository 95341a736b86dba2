"""Single-item reads and writes through boto3's low-level client against the real ddblocal
binary: PutItem, GetItem and DeleteItem, every attribute type, number canonicalisation, and
the validation errors DynamoDB gives for keys, sets, numbers and sizes."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # partition key pk (S) only
COMPOSITE = None  # pk (S) + sk (N)
NUMERIC = None  # partition key id (N) only
BINARY = None  # partition key pk (B) only


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, COMPOSITE, NUMERIC, BINARY
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("items"), ("pk", "S"))
    COMPOSITE = harness.create_table(client, harness.unique_table_name("items-composite"),
                                     ("pk", "S"), ("sk", "N"))
    NUMERIC = harness.create_table(client, harness.unique_table_name("items-numeric"), ("id", "N"))
    BINARY = harness.create_table(client, harness.unique_table_name("items-binary"), ("pk", "B"))


class ItemsTest(harness.ServerTest):
    server = SERVER

    def assertPutRejected(self, item, message, table=None):
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=table or TABLE, Item=item)
        self.assertError(context, "ValidationException", message)

    def get(self, key, table=None, **extra):
        return self.client.get_item(TableName=table or TABLE, Key=key, ConsistentRead=True,
                                    **extra)

    # --- Round trips --------------------------------------------------------------------------

    def test_every_attribute_type_round_trips(self):
        """An item holding S, N, B, BOOL, NULL, M, L, SS, NS and BS values, nested too, reads back exactly as written."""
        item = {
            "pk": {"S": "every-type"},
            "s": {"S": "héllo wörld ✓"},
            "empty_s": {"S": ""},
            "n": {"N": "42"},
            "negative": {"N": "-3.25"},
            "b": {"B": b"\x00\x01\xfe\xff"},
            "empty_b": {"B": b""},
            "yes": {"BOOL": True},
            "no": {"BOOL": False},
            "nothing": {"NULL": True},
            "m": {"M": {
                "inner": {"S": "x"},
                "deeper": {"M": {"n": {"N": "7"}, "l": {"L": [{"BOOL": False}]}}},
                "empty_map": {"M": {}},
            }},
            "l": {"L": [
                {"S": "first"},
                {"N": "2"},
                {"B": b"three"},
                {"NULL": True},
                {"L": []},
                {"M": {"k": {"SS": ["v"]}}},
            ]},
            "ss": {"SS": ["b", "a", "c"]},
            "ns": {"NS": ["3", "-1", "2.5"]},
            "bs": {"BS": [b"\x02", b"\x01", b"\xff"]},
        }
        self.client.put_item(TableName=TABLE, Item=item)
        got = self.get({"pk": {"S": "every-type"}})["Item"]
        self.assertEqual(harness.sorted_sets(got), harness.sorted_sets(item))

    def test_numbers_come_back_canonical(self):
        """DynamoDB stores numbers as decimals and returns them without exponents, leading zeros or trailing fractional zeros."""
        cases = {
            "a": ("1.50", "1.5"),
            "b": ("1E2", "100"),
            "c": ("-0", "0"),
            "d": ("00042", "42"),
            "e": ("1.0", "1"),
            "f": ("1.5E2", "150"),
            "g": ("0.0000001", "0.0000001"),
            "h": ("1e-7", "0.0000001"),
            "i": ("+3", "3"),
            "j": (".123", "0.123"),
            "k": ("-1.230E-5", "-0.0000123"),
            "l": ("1234567891234560000000000000000000000000",
                  "1234567891234560000000000000000000000000"),
            "m": ("12345678901234567890123456789012345678",
                  "12345678901234567890123456789012345678"),
            "n": ("1E+20", "100000000000000000000"),
        }
        item = {"pk": {"S": "numbers"}}
        for name, (written, _) in cases.items():
            item[name] = {"N": written}
        self.client.put_item(TableName=TABLE, Item=item)
        got = self.get({"pk": {"S": "numbers"}})["Item"]
        for name, (written, expected) in cases.items():
            with self.subTest(written=written):
                self.assertEqual(got[name], {"N": expected})

    def test_number_set_members_come_back_canonical(self):
        """Members of a number set are canonicalised like single numbers."""
        self.client.put_item(TableName=TABLE, Item={
            "pk": {"S": "number-set"}, "ns": {"NS": ["1.50", "1E2", "-0", "007"]}})
        got = self.get({"pk": {"S": "number-set"}})["Item"]
        self.assertEqual(sorted(got["ns"]["NS"]), ["0", "1.5", "100", "7"])

    def test_numbers_in_maps_and_lists_come_back_canonical(self):
        """Numbers nested in maps and lists are canonicalised too."""
        self.client.put_item(TableName=TABLE, Item={
            "pk": {"S": "nested-numbers"},
            "m": {"M": {"x": {"N": "2.500"}, "l": {"L": [{"N": "1e1"}]}}},
        })
        got = self.get({"pk": {"S": "nested-numbers"}})["Item"]
        self.assertEqual(got["m"], {"M": {"x": {"N": "2.5"}, "l": {"L": [{"N": "10"}]}}})

    def test_numeric_keys_are_equal_by_value(self):
        """A number key is compared by value, so 1.0 and 1 address the same item."""
        self.client.put_item(TableName=NUMERIC, Item={"id": {"N": "1.0"}, "v": {"S": "first"}})
        got = self.get({"id": {"N": "1"}}, table=NUMERIC)["Item"]
        self.assertEqual(got, {"id": {"N": "1"}, "v": {"S": "first"}})
        self.client.put_item(TableName=NUMERIC, Item={"id": {"N": "10E-1"}, "v": {"S": "second"}})
        got = self.get({"id": {"N": "1.00"}}, table=NUMERIC)["Item"]
        self.assertEqual(got, {"id": {"N": "1"}, "v": {"S": "second"}})

    def test_binary_key_round_trips(self):
        """A binary partition key addresses its item by its exact bytes."""
        key = {"pk": {"B": b"\x00\xff\x10"}}
        self.client.put_item(TableName=BINARY, Item={**key, "v": {"N": "1"}})
        self.assertEqual(self.get(key, table=BINARY)["Item"], {**key, "v": {"N": "1"}})
        self.assertNotIn("Item", self.get({"pk": {"B": b"\x00\xff"}}, table=BINARY))

    def test_put_replaces_the_whole_item(self):
        """PutItem on an existing key replaces every attribute of the old item."""
        self.client.put_item(TableName=TABLE, Item={
            "pk": {"S": "replace"}, "old": {"S": "gone"}, "kept": {"N": "1"}})
        self.client.put_item(TableName=TABLE, Item={"pk": {"S": "replace"}, "kept": {"N": "2"}})
        self.assertEqual(self.get({"pk": {"S": "replace"}})["Item"],
                         {"pk": {"S": "replace"}, "kept": {"N": "2"}})

    def test_get_missing_item_has_no_item(self):
        """GetItem for a key with no item returns a response without an Item member."""
        response = self.get({"pk": {"S": "never-written"}})
        self.assertNotIn("Item", response)
        self.assertEqual(response["ResponseMetadata"]["HTTPStatusCode"], 200)

    def test_attributes_to_get_returns_only_those(self):
        """GetItem with AttributesToGet returns only the named attributes that exist, key included only if named."""
        self.client.put_item(TableName=TABLE, Item={
            "pk": {"S": "projection"}, "a": {"S": "A"}, "b": {"N": "2"}, "c": {"BOOL": True}})
        got = self.get({"pk": {"S": "projection"}}, AttributesToGet=["a", "c", "absent"])["Item"]
        self.assertEqual(got, {"a": {"S": "A"}, "c": {"BOOL": True}})

    # --- ReturnValues -----------------------------------------------------------------------

    def test_put_return_values_all_old(self):
        """PutItem with ReturnValues ALL_OLD returns nothing for a new item and the replaced item otherwise."""
        key = {"pk": {"S": "put-all-old"}}
        first = self.client.put_item(TableName=TABLE, Item={**key, "v": {"N": "1"}},
                                     ReturnValues="ALL_OLD")
        self.assertNotIn("Attributes", first)
        second = self.client.put_item(TableName=TABLE, Item={**key, "v": {"N": "2"}},
                                      ReturnValues="ALL_OLD")
        self.assertEqual(second["Attributes"], {**key, "v": {"N": "1"}})

    def test_delete_return_values_all_old(self):
        """DeleteItem with ReturnValues ALL_OLD returns the deleted item, and nothing when no item was there."""
        key = {"pk": {"S": "delete-all-old"}}
        self.client.put_item(TableName=TABLE, Item={**key, "v": {"SS": ["x"]}})
        deleted = self.client.delete_item(TableName=TABLE, Key=key, ReturnValues="ALL_OLD")
        self.assertEqual(deleted["Attributes"], {**key, "v": {"SS": ["x"]}})
        self.assertNotIn("Item", self.get(key))
        again = self.client.delete_item(TableName=TABLE, Key=key, ReturnValues="ALL_OLD")
        self.assertNotIn("Attributes", again)

    def test_delete_of_missing_item_succeeds(self):
        """DeleteItem on a key with no item succeeds and returns no attributes."""
        response = self.client.delete_item(TableName=COMPOSITE,
                                           Key={"pk": {"S": "nothing"}, "sk": {"N": "5"}})
        self.assertNotIn("Attributes", response)
        self.assertEqual(response["ResponseMetadata"]["HTTPStatusCode"], 200)

    def test_composite_key_items_are_distinct_per_sort_key(self):
        """Items with the same partition key and different sort keys are separate items."""
        for sk in ("1", "2"):
            self.client.put_item(TableName=COMPOSITE, Item={
                "pk": {"S": "multi"}, "sk": {"N": sk}, "v": {"S": "v" + sk}})
        self.client.delete_item(TableName=COMPOSITE, Key={"pk": {"S": "multi"}, "sk": {"N": "1"}})
        self.assertNotIn("Item", self.get({"pk": {"S": "multi"}, "sk": {"N": "1"}}, COMPOSITE))
        self.assertEqual(self.get({"pk": {"S": "multi"}, "sk": {"N": "2"}}, COMPOSITE)["Item"],
                         {"pk": {"S": "multi"}, "sk": {"N": "2"}, "v": {"S": "v2"}})

    def test_delete_return_values_all_new_is_rejected(self):
        """DeleteItem accepts only NONE and ALL_OLD as ReturnValues, and says so inside the validation envelope."""
        # paritysuite deleteItem.test.ts, captured in us-east-1 and eu-west-2 on 2026-10-09.
        with self.assertRaises(ClientError) as context:
            self.raw.delete_item(TableName=TABLE, Key={"pk": {"S": "x"}}, ReturnValues="ALL_NEW")
        self.assertError(context, "ValidationException",
                         "1 validation error detected: ReturnValues can only be ALL_OLD or NONE")

    # --- Key validation ---------------------------------------------------------------------

    def test_put_missing_partition_key(self):
        """PutItem of an item without the partition key attribute names the missing key."""
        self.assertPutRejected({"other": {"S": "x"}},
                               "One or more parameter values were invalid: "
                               "Missing the key pk in the item")

    def test_put_missing_sort_key(self):
        """PutItem of an item without the sort key attribute names the missing sort key."""
        self.assertPutRejected({"pk": {"S": "x"}},
                               "One or more parameter values were invalid: "
                               "Missing the key sk in the item", table=COMPOSITE)

    def test_put_key_with_wrong_type(self):
        """PutItem of an item whose partition key has the wrong type names the expected and actual types."""
        self.assertPutRejected({"pk": {"N": "5"}},
                               "One or more parameter values were invalid: "
                               "Type mismatch for key pk expected: S actual: N")

    def test_put_sort_key_with_wrong_type(self):
        """PutItem of an item whose sort key is a string on a number sort key is a type mismatch."""
        self.assertPutRejected({"pk": {"S": "x"}, "sk": {"S": "5"}},
                               "One or more parameter values were invalid: "
                               "Type mismatch for key sk expected: N actual: S", table=COMPOSITE)

    def test_put_empty_string_key(self):
        """An empty string is not allowed as a key value."""
        self.assertPutRejected({"pk": {"S": ""}},
                               "One or more parameter values are not valid. The AttributeValue "
                               "for a key attribute cannot contain an empty string value. Key: pk")

    def test_put_empty_binary_key(self):
        """An empty binary value is not allowed as a key value."""
        self.assertPutRejected({"pk": {"B": b""}},
                               "One or more parameter values are not valid. The AttributeValue "
                               "for a key attribute cannot contain an empty binary value. Key: pk",
                               table=BINARY)

    def test_get_empty_string_key(self):
        """GetItem with an empty string key value is refused with the key attribute's name."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key={"pk": {"S": ""}})
        self.assertError(context, "ValidationException",
                         "One or more parameter values are not valid. The AttributeValue for a "
                         "key attribute cannot contain an empty string value. Key: pk")

    def test_get_key_not_matching_schema(self):
        """GetItem with a key of the wrong type, a missing sort key, or an extra attribute does not match the schema."""
        keys = [
            (TABLE, {"pk": {"N": "1"}}),
            (TABLE, {"pk": {"S": "a"}, "extra": {"S": "b"}}),
            (TABLE, {"other": {"S": "a"}}),
            (COMPOSITE, {"pk": {"S": "a"}}),
            (COMPOSITE, {"pk": {"S": "a"}, "sk": {"S": "1"}}),
        ]
        for table, key in keys:
            with self.subTest(key=key):
                with self.assertRaises(ClientError) as context:
                    self.raw.get_item(TableName=table, Key=key)
                self.assertError(context, "ValidationException",
                                 "The provided key element does not match the schema")

    def test_delete_key_not_matching_schema(self):
        """DeleteItem without the sort key of a composite table does not match the schema."""
        with self.assertRaises(ClientError) as context:
            self.raw.delete_item(TableName=COMPOSITE, Key={"pk": {"S": "a"}})
        self.assertError(context, "ValidationException",
                         "The provided key element does not match the schema")

    def test_partition_key_limit_is_2048_bytes(self):
        """A partition key value may be 2048 bytes long but not 2049."""
        self.client.put_item(TableName=TABLE, Item={"pk": {"S": "k" * 2048}})
        self.assertEqual(self.get({"pk": {"S": "k" * 2048}})["Item"], {"pk": {"S": "k" * 2048}})
        self.assertPutRejected({"pk": {"S": "k" * 2049}},
                               "One or more parameter values were invalid: Size of hashkey has "
                               "exceeded the maximum size limit of2048 bytes")

    def test_partition_key_limit_counts_utf8_bytes(self):
        """The partition key limit counts UTF-8 bytes, so 683 three-byte characters (2049 bytes) are too many."""
        self.assertPutRejected({"pk": {"S": "€" * 683}},
                               "One or more parameter values were invalid: Size of hashkey has "
                               "exceeded the maximum size limit of2048 bytes")

    def test_sort_key_limit_is_1024_bytes(self):
        """A sort key value may be 1024 bytes long but not 1025."""
        table = harness.create_table(self.client, harness.unique_table_name("items-sortsize"),
                                     ("pk", "S"), ("sk", "S"))
        self.client.put_item(TableName=table, Item={"pk": {"S": "a"}, "sk": {"S": "s" * 1024}})
        self.assertPutRejected({"pk": {"S": "a"}, "sk": {"S": "s" * 1025}},
                               "One or more parameter values were invalid: Aggregated size of all "
                               "range keys has exceeded the size limit of 1024 bytes", table=table)

    def test_item_size_limit_is_400_kb(self):
        """An item of exactly 409600 bytes (names plus values) is accepted and one byte more is refused."""
        # "pk" + "a" = 3 bytes, "d" = 1 byte, so the value fills the rest.
        exact = {"pk": {"S": "a"}, "d": {"S": "x" * (409600 - 4)}}
        self.client.put_item(TableName=TABLE, Item=exact)
        self.assertEqual(len(self.get({"pk": {"S": "a"}})["Item"]["d"]["S"]), 409596)
        over = {"pk": {"S": "b"}, "d": {"S": "x" * (409600 - 3)}}
        self.assertPutRejected(over, "Item size has exceeded the maximum allowed size")
        self.assertNotIn("Item", self.get({"pk": {"S": "b"}}))

    def test_item_size_is_checked_before_the_table_exists(self):
        """An oversized item is refused for its size even when the table does not exist."""
        over = {"pk": {"S": "b"}, "d": {"S": "x" * (409600 - 3)}}
        self.assertPutRejected(over, "Item size has exceeded the maximum allowed size",
                               table="no-such-table-size")

    def test_item_size_is_checked_before_expected(self):
        """An oversized item is refused for its size even when its Expected is invalid too (issue 20)."""
        over = {"pk": {"S": "b"}, "d": {"S": "x" * (409600 - 3)}}
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=TABLE, Item=over,
                              Expected={"pk": {"ComparisonOperator": "EQ"}})
        self.assertError(context, "ValidationException",
                         "Item size has exceeded the maximum allowed size")

    # --- Attribute value validation (PutItem and DeleteItem envelope these) ---------------------

    def test_empty_string_set_is_rejected(self):
        """A string set must have at least one member (DynamoDB's message has two spaces before 'may')."""
        self.assertPutRejected({"pk": {"S": "x"}, "ss": {"SS": []}},
                               "1 validation error detected: One or more parameter values were "
                               "invalid: An string set  may not be empty")

    def test_empty_number_set_is_rejected(self):
        """A number set must have at least one member."""
        self.assertPutRejected({"pk": {"S": "x"}, "ns": {"NS": []}},
                               "1 validation error detected: One or more parameter values were "
                               "invalid: An number set  may not be empty")

    def test_empty_binary_set_is_rejected(self):
        """A binary set must have at least one member."""
        self.assertPutRejected({"pk": {"S": "x"}, "bs": {"BS": []}},
                               "1 validation error detected: One or more parameter values were "
                               "invalid: Binary sets should not be empty")

    def test_duplicate_string_set_members_are_rejected(self):
        """A string set with a repeated member is refused, quoting the members."""
        self.assertPutRejected({"pk": {"S": "x"}, "ss": {"SS": ["b", "a", "b"]}},
                               '1 validation error detected: One or more parameter values were '
                               'invalid: Input collection ["a", "b", "b"] contains duplicates.')

    def test_duplicate_number_set_members_are_rejected(self):
        """A number set with members equal by value (1 and 1.0) is refused."""
        self.assertPutRejected({"pk": {"S": "x"}, "ns": {"NS": ["1", "2", "1.0"]}},
                               "1 validation error detected: One or more parameter values were "
                               "invalid: Input collection contains duplicates.")

    def test_too_many_significant_digits_are_rejected(self):
        """A number with 39 significant digits is refused."""
        self.assertPutRejected({"pk": {"S": "x"}, "n": {"N": "1" * 39}},
                               "1 validation error detected: Attempting to store more than 38 "
                               "significant digits in a Number")

    def test_number_overflow_is_rejected(self):
        """A number of magnitude 1E126 or more is refused as an overflow."""
        self.assertPutRejected({"pk": {"S": "x"}, "n": {"N": "1e126"}},
                               "1 validation error detected: Number overflow. Attempting to store "
                               "a number with magnitude larger than supported range")

    def test_non_numeric_number_is_rejected(self):
        """A number string that is not a number is refused, echoing it."""
        self.assertPutRejected({"pk": {"S": "x"}, "n": {"N": "abc"}},
                               "1 validation error detected: The parameter cannot be converted "
                               "to a numeric value: abc")

    def test_null_false_is_rejected(self):
        """A NULL attribute value must be true."""
        self.assertPutRejected({"pk": {"S": "x"}, "n": {"NULL": False}},
                               "1 validation error detected: One or more parameter values were "
                               "invalid: Null attribute value types must have the value of true")

    def test_get_reports_bad_number_without_envelope(self):
        """GetItem reports a malformed number in its key bare, where DeleteItem wraps it in the validation envelope."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=NUMERIC, Key={"id": {"N": "abc"}})
        self.assertError(context, "ValidationException",
                         "The parameter cannot be converted to a numeric value: abc")
        with self.assertRaises(ClientError) as context:
            self.raw.delete_item(TableName=NUMERIC, Key={"id": {"N": "abc"}})
        self.assertError(context, "ValidationException",
                         "1 validation error detected: The parameter cannot be converted to a "
                         "numeric value: abc")

    # --- Missing table ----------------------------------------------------------------------

    def test_item_operations_on_missing_table(self):
        """PutItem, GetItem and DeleteItem on a table that does not exist fail with a bare ResourceNotFoundException."""
        name = harness.unique_table_name("items-nosuch")
        calls = [
            lambda: self.raw.put_item(TableName=name, Item={"pk": {"S": "a"}}),
            lambda: self.raw.get_item(TableName=name, Key={"pk": {"S": "a"}}),
            lambda: self.raw.delete_item(TableName=name, Key={"pk": {"S": "a"}}),
        ]
        for call in calls:
            with self.assertRaises(ClientError) as context:
                call()
            self.assertError(context, "ResourceNotFoundException", "Requested resource not found")


if __name__ == "__main__":
    unittest.main()
