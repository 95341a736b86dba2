"""Invalid Query and Scan requests against the real ddblocal binary, each checked for
DynamoDB's exact error code and message."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # PK (S) + SK (S)
NUMERIC = None  # PK (S) + SK (N)
NAMED = None  # partition key "name" (S), a reserved word


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, NUMERIC, NAMED
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("qerr"),
                                 ("PK", "S"), ("SK", "S"))
    NUMERIC = harness.create_table(client, harness.unique_table_name("qerr-num"),
                                   ("PK", "S"), ("SK", "N"))
    NAMED = harness.create_table(client, harness.unique_table_name("qerr-name"), ("name", "S"))
    client.put_item(TableName=TABLE, Item={"PK": {"S": "p"}, "SK": {"S": "s"}})


P = {":p": {"S": "p"}}


class QueryErrorsTest(harness.ServerTest):
    server = SERVER

    def assertQueryError(self, message, code="ValidationException", **args):
        with self.assertRaises(ClientError) as context:
            self.raw.query(**{"TableName": TABLE, **args})
        harness.assert_error(self, context, code, message)

    def assertScanError(self, message, **args):
        with self.assertRaises(ClientError) as context:
            self.raw.scan(**{"TableName": TABLE, **args})
        harness.assert_error(self, context, "ValidationException", message)

    # --- Key schema -----------------------------------------------------------------------------

    def test_no_partition_key_condition(self):
        """A key condition on the sort key alone misses the partition key, which the message names."""
        self.assertQueryError("Query condition missed key schema element: PK",
                              KeyConditionExpression="SK = :s",
                              ExpressionAttributeValues={":s": {"S": "s"}})

    def test_begins_with_on_partition_key(self):
        """The partition key only supports equality, so begins_with on it is not supported."""
        self.assertQueryError("Query key condition not supported",
                              KeyConditionExpression="begins_with(PK, :p)",
                              ExpressionAttributeValues=P)

    def test_range_comparison_on_partition_key(self):
        """A < comparison on the partition key is not supported."""
        self.assertQueryError("Query key condition not supported",
                              KeyConditionExpression="PK < :p", ExpressionAttributeValues=P)

    def test_or_is_not_allowed(self):
        """OR cannot join key conditions."""
        self.assertQueryError("Invalid operator used in KeyConditionExpression: OR",
                              KeyConditionExpression="PK = :p OR SK = :s",
                              ExpressionAttributeValues={**P, ":s": {"S": "s"}})

    def test_other_operators_are_not_allowed(self):
        """IN, <> and attribute_exists are not key condition operators, and the message names each as written."""
        cases = [
            ("PK IN (:p)", "IN"),
            ("PK <> :p", "<>"),
            ("PK = :p AND attribute_exists(SK)", "attribute_exists"),
        ]
        for expression, operator in cases:
            with self.subTest(expression=expression):
                self.assertQueryError(
                    "Invalid operator used in KeyConditionExpression: " + operator,
                    KeyConditionExpression=expression, ExpressionAttributeValues=P)

    def test_two_conditions_on_the_sort_key(self):
        """A key condition may hold one condition per key attribute, so SK > :a AND SK < :b is refused."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
            "condition per key",
            TableName=NUMERIC,
            KeyConditionExpression="PK = :p AND SK > :a AND SK < :b",
            ExpressionAttributeValues={**P, ":a": {"N": "1"}, ":b": {"N": "5"}})

    def test_condition_on_a_non_key_attribute(self):
        """A condition on a non-key attribute in place of the sort key leaves the sort key missing."""
        self.assertQueryError("Query condition missed key schema element: SK",
                              KeyConditionExpression="PK = :p AND score = :v",
                              ExpressionAttributeValues={**P, ":v": {"S": "1"}})

    def test_more_conditions_than_key_attributes(self):
        """Three conditions on a table with a two-attribute key are refused by count."""
        self.assertQueryError(
            "The number of query conditions (3) exceeds the number of key attributes defined in "
            "the schema (2)",
            TableName=NUMERIC,
            KeyConditionExpression="PK = :p AND SK > :a AND extra = :b",
            ExpressionAttributeValues={**P, ":a": {"N": "1"}, ":b": {"N": "5"}})

    def test_size_function_is_not_allowed(self):
        """A key condition cannot apply size() to a key attribute."""
        self.assertQueryError("KeyConditionExpressions cannot contain nested operations",
                              KeyConditionExpression="PK = :p AND size(SK) > :n",
                              ExpressionAttributeValues={**P, ":n": {"N": "1"}})

    def test_nested_attribute_is_not_allowed(self):
        """A key condition cannot name a nested attribute path."""
        self.assertQueryError("KeyConditionExpressions cannot have conditions on nested attributes",
                              KeyConditionExpression="PK = :p AND SK.child = :s",
                              ExpressionAttributeValues={**P, ":s": {"S": "s"}})

    # --- Names and values -----------------------------------------------------------------------

    def test_reserved_word_without_placeholder(self):
        """A reserved word such as name must be written through an expression attribute name."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved "
            "keyword: name",
            TableName=NAMED, KeyConditionExpression="name = :n",
            ExpressionAttributeValues={":n": {"S": "x"}})

    def test_reserved_word_through_placeholder_works(self):
        """The same condition written as #n = :n with #n -> name is accepted."""
        response = self.raw.query(TableName=NAMED, KeyConditionExpression="#n = :n",
                                  ExpressionAttributeNames={"#n": "name"},
                                  ExpressionAttributeValues={":n": {"S": "x"}})
        self.assertEqual(response["Count"], 0)

    def test_undefined_value(self):
        """A :value used in the expression but missing from ExpressionAttributeValues is named in the error."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: An expression attribute value used in expression is "
            "not defined; attribute value: :missing",
            KeyConditionExpression="PK = :p AND SK = :missing", ExpressionAttributeValues=P)

    def test_undefined_name(self):
        """A #name used in the expression but missing from ExpressionAttributeNames is named in the error."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: An expression attribute name used in the document "
            "path is not defined; attribute name: #pk",
            KeyConditionExpression="#pk = :p", ExpressionAttributeValues=P)

    def test_unused_value(self):
        """A value in ExpressionAttributeValues that no expression uses is refused."""
        self.assertQueryError(
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            KeyConditionExpression="PK = :p",
            ExpressionAttributeValues={**P, ":x": {"S": "unused"}})

    def test_unused_name(self):
        """A name in ExpressionAttributeNames that no expression uses is refused."""
        self.assertQueryError(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}",
            KeyConditionExpression="PK = :p", ExpressionAttributeNames={"#n": "name"},
            ExpressionAttributeValues=P)

    def test_missing_key_condition(self):
        """A Query needs either KeyConditions or KeyConditionExpression."""
        self.assertQueryError(
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in "
            "the request.")

    def test_empty_key_condition(self):
        """An empty KeyConditionExpression is refused as an empty expression."""
        self.assertQueryError("Invalid KeyConditionExpression: The expression can not be empty;",
                              KeyConditionExpression="")

    def test_syntax_error_on_a_stray_character(self):
        """A character that starts no token is a syntax error naming it and its neighbours."""
        self.assertQueryError(
            'Invalid KeyConditionExpression: Syntax error; token: "-", near: "a-b"',
            KeyConditionExpression="a-b")

    def test_syntax_error_on_a_missing_and(self):
        """Two conditions without AND between them are a syntax error at the second attribute."""
        self.assertQueryError(
            'Invalid KeyConditionExpression: Syntax error; token: "SK", near: ":p SK ="',
            KeyConditionExpression="PK = :p SK = :s",
            ExpressionAttributeValues={**P, ":s": {"S": "s"}})

    # --- Operand types ------------------------------------------------------------------------

    def test_begins_with_number_operand(self):
        """begins_with needs a string or binary operand, so a number is an incorrect operand type."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: N",
            KeyConditionExpression="PK = :p AND begins_with(SK, :v)",
            ExpressionAttributeValues={**P, ":v": {"N": "1"}})

    def test_comparison_with_boolean_operand(self):
        """An ordering comparison with a BOOL operand is an incorrect operand type."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: <, operand type: BOOL",
            TableName=NUMERIC, KeyConditionExpression="PK = :p AND SK < :v",
            ExpressionAttributeValues={**P, ":v": {"BOOL": True}})

    def test_partition_value_type_differs_from_schema(self):
        """A number value for a string partition key does not match the schema type."""
        self.assertQueryError(
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type",
            KeyConditionExpression="PK = :p", ExpressionAttributeValues={":p": {"N": "1"}})

    def test_sort_value_type_differs_from_schema(self):
        """A string value compared with a number sort key does not match the schema type."""
        self.assertQueryError(
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type",
            TableName=NUMERIC, KeyConditionExpression="PK = :p AND SK > :v",
            ExpressionAttributeValues={**P, ":v": {"S": "1"}})

    def test_between_bounds_reversed(self):
        """BETWEEN with the lower bound above the upper bound is refused, echoing both bounds."""
        self.assertQueryError(
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
            "greater than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, "
            "upper bound operand: AttributeValue: {S:a}",
            KeyConditionExpression="PK = :p AND SK BETWEEN :lo AND :hi",
            ExpressionAttributeValues={**P, ":lo": {"S": "b"}, ":hi": {"S": "a"}})

    # --- Other parameters ---------------------------------------------------------------------

    def test_query_limit_zero(self):
        """Query with Limit 0 fails the Limit constraint (Query already uses DynamoDB's newer wording)."""
        self.assertQueryError(
            "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member "
            "must have value greater than or equal to 1",
            KeyConditionExpression="PK = :p", ExpressionAttributeValues=P, Limit=0)

    def test_query_start_key_missing_sort_key(self):
        """An ExclusiveStartKey without the table's sort key is an invalid starting key."""
        self.assertQueryError(
            "The provided starting key is invalid",
            KeyConditionExpression="PK = :p", ExpressionAttributeValues=P,
            ExclusiveStartKey={"PK": {"S": "p"}})

    def test_query_start_key_outside_partition(self):
        """An ExclusiveStartKey in another partition than the query's is outside its boundaries."""
        self.assertQueryError(
            "The provided starting key is outside query boundaries based on provided conditions",
            KeyConditionExpression="PK = :p", ExpressionAttributeValues=P,
            ExclusiveStartKey={"PK": {"S": "other"}, "SK": {"S": "s"}})

    def test_query_on_missing_table(self):
        """A well-formed Query on a table that does not exist is a ResourceNotFoundException."""
        self.assertQueryError("Requested resource not found", code="ResourceNotFoundException",
                              TableName=harness.unique_table_name("qerr-nosuch"),
                              KeyConditionExpression="PK = :p", ExpressionAttributeValues=P)

    def test_scan_segment_without_total_segments(self):
        """Scan with Segment needs TotalSegments."""
        self.assertScanError(
            "The TotalSegments parameter is required but was not present in the request when "
            "Segment parameter is present", Segment=0)

    def test_scan_total_segments_without_segment(self):
        """Scan with TotalSegments needs Segment."""
        self.assertScanError(
            "The Segment parameter is required but was not present in the request when parameter "
            "TotalSegments is present", TotalSegments=2)

    def test_scan_segment_not_below_total_segments(self):
        """Segment is zero-based, so Segment 5 of TotalSegments 5 is refused."""
        self.assertScanError(
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
            "Segment: 5 is not less than TotalSegments: 5", Segment=5, TotalSegments=5)

    def test_scan_limit_zero(self):
        """Scan with Limit 0 fails the limit constraint (Scan still uses the older, value-echoing wording in us-east-1)."""
        self.assertScanError(
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1", Limit=0)

    def test_scan_on_missing_table(self):
        """Scan on a table that does not exist is a ResourceNotFoundException."""
        with self.assertRaises(ClientError) as context:
            self.raw.scan(TableName=harness.unique_table_name("qerr-nosuch"))
        self.assertEqual(context.exception.response["Error"]["Code"], "ResourceNotFoundException")
        self.assertEqual(context.exception.response["Error"]["Message"],
                         "Requested resource not found")


if __name__ == "__main__":
    unittest.main()
