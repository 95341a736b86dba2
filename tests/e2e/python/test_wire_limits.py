"""Issue 20's limits and check order through boto3 against the real ddblocal binary: attribute name
sizes, key and index attribute names, capacity bounds, UpdateTable's index rules, arithmetic
overflow, CreateTable's order of checks, and a POST to a path DynamoDB does not serve."""

import http.client
import json
import unittest
import urllib.parse

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

TOO_LARGE = "Attribute name is too large, must be less than 65536 bytes"
OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range"
BLOCKED = ("This operation cannot be performed with given input values. Please contact DynamoDB "
           "service team for more info: Action Blocked: IndexUpdate")
ONE_ONLINE = ("Subscriber limit exceeded: Only 1 online index can be created or deleted "
              "simultaneously per table")


class WireLimitsTest(harness.ServerTest):
    server = SERVER

    def table(self, prefix, **extra):
        return harness.create_table(self.client, harness.unique_table_name(prefix), ("pk", "S"),
                                    **extra)

    def expect(self, call, code, message, **arguments):
        with self.assertRaises(ClientError) as context:
            getattr(self.raw, call)(**arguments)
        self.assertError(context, code, message)

    # --- Attribute names -----------------------------------------------------------------

    def test_item_attribute_names_are_one_to_65535_bytes(self):
        """PutItem refuses an empty name and one of 65,536 bytes (in its envelope), and stores 65,535."""
        name = self.table("wire-names")
        self.expect("put_item", "ValidationException",
                    "1 validation error detected: Empty attribute name",
                    TableName=name, Item={"pk": {"S": "a"}, "": {"S": "x"}})
        self.expect("put_item", "ValidationException", "1 validation error detected: " + TOO_LARGE,
                    TableName=name, Item={"pk": {"S": "a"}, "n" * 65536: {"S": "x"}})
        self.expect("put_item", "ValidationException",
                    "1 validation error detected: Empty attribute name",
                    TableName=name, Item={"pk": {"S": "a"}, "m": {"M": {"": {"N": "1"}}}})
        self.client.put_item(TableName=name, Item={"pk": {"S": "a"}, "n" * 65535: {"S": "x"}})
        item = self.client.get_item(TableName=name, Key={"pk": {"S": "a"}})["Item"]
        self.assertEqual(item["n" * 65535], {"S": "x"})

    def test_expression_attribute_names_are_checked_in_every_expression(self):
        """A #name standing for an empty or oversized name is refused, naming the placeholder."""
        name = self.table("wire-ean")
        self.expect("get_item", "ValidationException",
                    "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a",
                    TableName=name, Key={"pk": {"S": "a"}}, ProjectionExpression="#a",
                    ExpressionAttributeNames={"#a": ""})
        self.expect("update_item", "ValidationException",
                    "ExpressionAttributeNames contains invalid value: " + TOO_LARGE + " for key #n",
                    TableName=name, Key={"pk": {"S": "a"}}, UpdateExpression="SET #n = :v",
                    ExpressionAttributeNames={"#n": "x" * 65536},
                    ExpressionAttributeValues={":v": {"S": "v"}})

    def test_attributes_to_get_and_attribute_updates_names(self):
        """AttributesToGet and AttributeUpdates refuse empty and oversized names too."""
        name = self.table("wire-legacy")
        self.expect("get_item", "ValidationException", "Empty attribute name",
                    TableName=name, Key={"pk": {"S": "a"}}, AttributesToGet=["a", ""])
        self.expect("update_item", "ValidationException",
                    "1 validation error detected: " + TOO_LARGE,
                    TableName=name, Key={"pk": {"S": "a"}},
                    AttributeUpdates={"x" * 65536: {"Action": "PUT", "Value": {"S": "v"}}})

    # --- Key and index attribute names, capacity ------------------------------------------

    def test_key_attribute_names_are_capped_at_255_characters(self):
        """A 256-character key name is a constraint violation, before the schema's consistency."""
        long_name = "k" * 256
        self.expect("create_table", "ValidationException",
                    "1 validation error detected: Value '" + long_name +
                    "' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member "
                    "must have length less than or equal to 255",
                    TableName=harness.unique_table_name("wire-key"),
                    KeySchema=[{"AttributeName": long_name, "KeyType": "HASH"}],
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                    BillingMode="PAY_PER_REQUEST")

    def test_capacity_units_above_10_to_12_are_out_of_bounds(self):
        """ReadCapacityUnits is checked first, and before UpdateTable looks the table up."""
        self.expect("update_table", "ValidationException",
                    "Given value 1000000000001 for ReadCapacityUnits is out of bounds",
                    TableName=harness.unique_table_name("wire-absent"),
                    ProvisionedThroughput={"ReadCapacityUnits": 1000000000001,
                                           "WriteCapacityUnits": 1000000000001})
        self.expect("create_table", "ValidationException",
                    "Given value 1000000000001 for WriteCapacityUnits is out of bounds",
                    TableName=harness.unique_table_name("wire-cap"),
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                    ProvisionedThroughput={"ReadCapacityUnits": 1000000000000,
                                           "WriteCapacityUnits": 1000000000001})

    # --- UpdateTable's index rules ---------------------------------------------------------

    def test_update_table_index_rules(self):
        """Two online index operations are LimitExceeded before the indexes' existence; an Update
        past the capacity bound is Action Blocked; a new key may not change an attribute's type."""
        name = self.table("wire-gsi", AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "xyz", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{"IndexName": "index1",
                                     "KeySchema": [{"AttributeName": "xyz", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])
        self.expect("update_table", "LimitExceededException", ONE_ONLINE, TableName=name,
                    GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "ind1"}},
                                                 {"Delete": {"IndexName": "ind2"}}])
        self.expect("update_table", "ValidationException", BLOCKED, TableName=name,
                    GlobalSecondaryIndexUpdates=[{"Update": {
                        "IndexName": "abc",
                        "ProvisionedThroughput": {"ReadCapacityUnits": 1000000000001,
                                                  "WriteCapacityUnits": 1000000000001}}}])
        self.expect("update_table", "ValidationException",
                    "One or more parameter values were invalid: Attributes cannot be redefined. "
                    "Please check that your attribute has the same type as previously defined. "
                    "Existing schema: Schema:[SchemaElement: key{xyz:S:HASH}] New schema: "
                    "Schema:[SchemaElement: key{xyz:N:HASH}]",
                    TableName=name, AttributeDefinitions=[{"AttributeName": "xyz",
                                                           "AttributeType": "N"}],
                    GlobalSecondaryIndexUpdates=[{"Create": {
                        "IndexName": "index2",
                        "KeySchema": [{"AttributeName": "xyz", "KeyType": "HASH"}],
                        "Projection": {"ProjectionType": "ALL"}}}])

    # --- Arithmetic ---------------------------------------------------------------------

    def test_arithmetic_past_38_digits_is_an_overflow(self):
        """SET b = :a + :b and ADD with 1E50 and 1 answer DynamoDB's overflow, not the parser's text."""
        name = self.table("wire-overflow")
        self.expect("update_item", "ValidationException", OVERFLOW, TableName=name,
                    Key={"pk": {"S": "a"}}, UpdateExpression="SET b = :a + :b",
                    ExpressionAttributeValues={":a": {"N": "1E50"}, ":b": {"N": "1"}})
        self.client.put_item(TableName=name, Item={"pk": {"S": "a"}, "n": {"N": "1E50"}})
        self.expect("update_item", "ValidationException", OVERFLOW, TableName=name,
                    Key={"pk": {"S": "a"}}, UpdateExpression="ADD n :one",
                    ExpressionAttributeValues={":one": {"N": "1"}})

    # --- CreateTable's order -------------------------------------------------------------

    def test_create_table_reports_faults_in_dynamodbs_order(self):
        """Billing before keys; a KeySchema longer than its definitions before names."""
        base = {"TableName": harness.unique_table_name("wire-order"),
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}
        self.expect("create_table", "ValidationException",
                    "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                    "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                    KeySchema=[{"AttributeName": "undefined", "KeyType": "HASH"}],
                    BillingMode="PAY_PER_REQUEST",
                    ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
                    **base)
        self.expect("create_table", "ValidationException",
                    "Invalid KeySchema: Some index key attribute have no definition",
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                               {"AttributeName": "pk", "KeyType": "RANGE"}],
                    BillingMode="PAY_PER_REQUEST", **base)

    # --- Path -----------------------------------------------------------------------------

    def test_post_to_another_path_is_not_found(self):
        """Without --require-auth, a POST to a path other than / gets DynamoDB's 404."""
        endpoint = urllib.parse.urlparse(SERVER.endpoint)
        connection = http.client.HTTPConnection(endpoint.hostname, endpoint.port, timeout=10)
        try:
            connection.request("POST", "/x", body=json.dumps({}), headers={
                "Content-Type": "application/x-amz-json-1.0",
                "X-Amz-Target": "DynamoDB_20120810.ListTables"})
            response = connection.getresponse()
            self.assertEqual(response.status, 404)
            self.assertEqual(response.read(), b"<UnknownOperationException/>\n")
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
