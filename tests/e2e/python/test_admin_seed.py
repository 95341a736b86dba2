"""Seeding (docs/ADMIN.md): --seed files and directories create tables and put items before the
server answers its first request, and POST /ddblocal/seed does the same at run time; a bad seed
is refused whole, naming the file, the line and the reason."""

import gzip
import json
import os
import subprocess
import tempfile
import unittest

from . import admin
from . import server as harness

# boto3 clients of the harness sign with access key "test" in us-east-1 (server.py).
ACCESS_KEY = "test"

USERS = {
    "TableName": "Users",
    "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "TimeToLiveSpecification": {"AttributeName": "expires", "Enabled": True},
}

# `aws dynamodb describe-table --table-name Orders` of a real table, as the CLI prints it.
ORDERS_DESCRIPTION = {
    "Table": {
        "AttributeDefinitions": [
            {"AttributeName": "customer", "AttributeType": "S"},
            {"AttributeName": "orderId", "AttributeType": "S"},
            {"AttributeName": "status", "AttributeType": "S"},
            {"AttributeName": "total", "AttributeType": "N"},
        ],
        "TableName": "Orders",
        "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"},
                      {"AttributeName": "orderId", "KeyType": "RANGE"}],
        "TableStatus": "ACTIVE",
        "CreationDateTime": "2024-05-01T10:00:00.000000+00:00",
        "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                  "WriteCapacityUnits": 0},
        "TableSizeBytes": 5120,
        "ItemCount": 40,
        "TableArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders",
        "TableId": "0b5b7e2c-3c6f-4b8e-9a53-0d3e2a2b1c11",
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST",
                               "LastUpdateToPayPerRequestDateTime":
                                   "2024-05-01T10:00:00.000000+00:00"},
        "LocalSecondaryIndexes": [{
            "IndexName": "byTotal",
            "KeySchema": [{"AttributeName": "customer", "KeyType": "HASH"},
                          {"AttributeName": "total", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"},
            "IndexSizeBytes": 5120, "ItemCount": 40,
            "IndexArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/index/byTotal",
        }],
        "GlobalSecondaryIndexes": [{
            "IndexName": "byStatus",
            "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
                          {"AttributeName": "orderId", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                      "WriteCapacityUnits": 0},
            "IndexSizeBytes": 2048, "ItemCount": 40,
            "IndexArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders/index/byStatus",
            "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                               "Status": "ACTIVE"},
        }],
        "TableClassSummary": {"TableClass": "STANDARD"},
        "DeletionProtectionEnabled": False,
        "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                           "Status": "ACTIVE"},
    }
}

EVENTS = {
    "TableName": "Events",
    "BillingMode": "PROVISIONED",
    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
}


def order(customer, order_id, status, total):
    return {"customer": {"S": customer}, "orderId": {"S": order_id}, "status": {"S": status},
            "total": {"N": str(total)}}


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def json_lines(items):
    return "".join(json.dumps(item) + "\n" for item in items)


def run_refused(*args):
    """Runs ddblocal with `args`, which must stop it before it listens: (exit code, stderr)."""
    binary = os.environ.get("DDBLOCAL_BIN", harness.DEFAULT_BIN)
    process = subprocess.run([binary, "--host", "127.0.0.1", "--port", "0", *args],
                             capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
    assert "listening" not in process.stdout, process.stdout
    return process.returncode, process.stderr


class StartUpSeed(harness.ServerTest):
    """A directory (documents, JSON lines, a gzipped S3 export) and a single file given to --seed."""

    @classmethod
    def setUpClass(cls):
        cls.files = tempfile.TemporaryDirectory()
        root = cls.files.name
        fixtures = os.path.join(root, "fixtures")
        write(os.path.join(fixtures, "users.json"), json.dumps({
            "tables": [USERS, EVENTS],
            "items": {"Users": [{"pk": {"S": "u1"}, "name": {"S": "Ada"}},
                                {"pk": {"S": "u2"}, "expires": {"N": "4102444800"}}]},
            "itemFiles": {"Events": "export/AWSDynamoDB/01718123456789-abcd1234"},
        }, indent=2))
        write(os.path.join(fixtures, "Orders.json"), json.dumps(ORDERS_DESCRIPTION, indent=2))
        write(os.path.join(fixtures, "Orders.jsonl"), json_lines([
            order("c1", "o1", "OPEN", 30), order("c1", "o2", "SHIPPED", 10),
            order("c2", "o3", "OPEN", 20)]))
        export = os.path.join(fixtures, "export", "AWSDynamoDB", "01718123456789-abcd1234")
        write(os.path.join(export, "manifest-summary.json"), '{"itemCount": 3}')
        write(os.path.join(export, "data", "a1b2c3.json.gz"), gzip.compress(json_lines(
            [{"Item": {"id": {"N": str(i)}, "kind": {"S": "click"}}} for i in (1, 2)]).encode()))
        write(os.path.join(export, "data", "d4e5f6.json.gz"), gzip.compress(json_lines(
            [{"Item": {"id": {"N": "3"}, "kind": {"S": "view"}}}]).encode()))
        single = write(os.path.join(root, "single.json"), json.dumps({
            "region": "eu-west-1",
            "tables": [{"TableName": "Regional", "BillingMode": "PAY_PER_REQUEST",
                        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}],
            "items": {"Regional": [{"pk": {"S": "r1"}}]}}))
        cls.server = harness.Server(["--seed", fixtures, "--seed", single,
                                     "--seed-access-key", ACCESS_KEY]).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.files.cleanup()

    def test_tables_are_active_with_their_indexes_at_start(self):
        """The seeded tables are ACTIVE, GSI included, when the server prints its listening line."""
        self.assertEqual(sorted(self.client.list_tables()["TableNames"]),
                         ["Events", "Orders", "Users"])
        orders = self.client.describe_table(TableName="Orders")["Table"]
        self.assertEqual(orders["TableStatus"], "ACTIVE")
        self.assertEqual(orders["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
        self.assertEqual([(i["IndexName"], i["IndexStatus"]) for i in orders["GlobalSecondaryIndexes"]],
                         [("byStatus", "ACTIVE")])
        self.assertEqual([i["IndexName"] for i in orders["LocalSecondaryIndexes"]], ["byTotal"])
        self.assertEqual(orders["ItemCount"], 3)
        self.assertEqual(self.client.describe_table(TableName="Events")["Table"]
                         ["ProvisionedThroughput"]["ReadCapacityUnits"], 5)

    def test_items_from_json_lines_are_queryable_through_both_indexes(self):
        """Items given as JSON lines are in the table and in its GSI and LSI."""
        open_orders = self.client.query(
            TableName="Orders", IndexName="byStatus",
            KeyConditionExpression="#s = :s", ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":s": {"S": "OPEN"}})
        self.assertEqual([i["orderId"]["S"] for i in open_orders["Items"]], ["o1", "o3"])
        by_total = self.client.query(
            TableName="Orders", IndexName="byTotal",
            KeyConditionExpression="customer = :c", ExpressionAttributeValues={":c": {"S": "c1"}})
        self.assertEqual([i["orderId"]["S"] for i in by_total["Items"]], ["o2", "o1"])

    def test_items_from_a_gzipped_s3_export_and_a_document(self):
        """An S3 export's gzipped {"Item": ...} lines and a document's inline items are loaded."""
        events = self.client.scan(TableName="Events")["Items"]
        self.assertEqual(sorted(int(i["id"]["N"]) for i in events), [1, 2, 3])
        self.assertEqual(self.client.get_item(TableName="Users", Key={"pk": {"S": "u1"}})["Item"],
                         {"pk": {"S": "u1"}, "name": {"S": "Ada"}})

    def test_time_to_live_is_enabled(self):
        """A table's TimeToLiveSpecification in a seed enables TTL."""
        self.assertEqual(self.client.describe_time_to_live(TableName="Users")["TimeToLiveDescription"],
                         {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})

    def test_a_seed_naming_its_region_goes_there(self):
        """A seed's "region" member puts its tables in that region's namespace."""
        west = harness.boto3.client(
            "dynamodb", endpoint_url=self.server.endpoint, region_name="eu-west-1",
            aws_access_key_id=ACCESS_KEY, aws_secret_access_key="test")
        self.assertEqual(west.list_tables()["TableNames"], ["Regional"])
        self.assertEqual(west.get_item(TableName="Regional", Key={"pk": {"S": "r1"}})["Item"],
                         {"pk": {"S": "r1"}})


# A seed with a good table first, so that a refusal shows that nothing at all was loaded.
GOOD_TABLE = {"TableName": "Good", "BillingMode": "PAY_PER_REQUEST",
              "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
              "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}
BAD_TABLE = {"TableName": "Bad", "BillingMode": "PAY_PER_REQUEST",
             "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
             "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}
BAD_TABLE_MESSAGE = ("One or more parameter values were invalid: Some index key attributes are not "
                     "defined in AttributeDefinitions. Keys: [id], AttributeDefinitions: [pk]")
MISSING_KEY_MESSAGE = "One or more parameter values were invalid: Missing the key pk in the item"


def pretty(document):
    """The document with one member or element per line, as people write seed files."""
    return json.dumps(document, indent=2).encode()


class RunTimeSeed(harness.ServerTest):
    """POST /ddblocal/seed with the JSON a seed file holds."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def assertNothingLoaded(self):
        self.assertEqual(self.client.list_tables()["TableNames"], [])

    def test_seed_creates_tables_and_items_for_boto3(self):
        """A seed posted at run time is visible to the access key it names, at once."""
        name = harness.unique_table_name("seeded")
        status, answer = admin.call(self.server, "POST", "seed", {
            "accessKey": "runtime",
            "tables": [dict(GOOD_TABLE, TableName=name)],
            "items": {name: [{"pk": {"S": "a"}}, {"Item": {"pk": {"S": "b"}}}]}})
        self.assertEqual(status, 200)
        self.assertEqual(answer, {"namespace": "runtime/us-east-1", "accessKey": "runtime",
                                  "region": "us-east-1", "tables": [name], "items": {name: 2}})
        client = harness.boto3.client(
            "dynamodb", endpoint_url=self.server.endpoint, region_name="us-east-1",
            aws_access_key_id="runtime", aws_secret_access_key="test")
        self.assertEqual(client.scan(TableName=name)["Count"], 2)
        self.assertEqual(client.describe_table(TableName=name)["Table"]["TableStatus"], "ACTIVE")
        self.assertNothingLoaded()  # another access key's namespace

    def test_bad_json_names_the_line(self):
        """A body that is not JSON is a 400 naming the line of the fault."""
        status, answer = admin.call(self.server, "POST", "seed",
                                    raw_body=b'{\n  "accessKey": "test",\n  "tables": [}\n}')
        self.assertEqual((status, answer), (400, {
            "error": "BadRequest",
            "message": "the request body is not JSON: line 3: syntax error while parsing value - "
                       "unexpected '}'; expected '[', '{', or a literal"}))

    def test_unknown_table_in_items(self):
        """Items for a table neither the seed nor the namespace has: ResourceNotFoundException."""
        status, answer = admin.call(self.server, "POST", "seed", raw_body=pretty({
            "accessKey": ACCESS_KEY, "tables": [GOOD_TABLE],
            "items": {"Good": [{"pk": {"S": "a"}}], "Missing": [{"pk": {"S": "a"}}]}}))
        self.assertEqual((status, answer), (400, {
            "error": "ResourceNotFoundException",
            "message": "Requested resource not found: Table: Missing not found",
            "line": 29, "path": "items.Missing"}))
        self.assertNothingLoaded()

    def test_item_missing_its_key(self):
        """An item without its key is refused with PutItem's message, at its line."""
        status, answer = admin.call(self.server, "POST", "seed", raw_body=pretty({
            "accessKey": ACCESS_KEY, "tables": [GOOD_TABLE],
            "items": {"Good": [{"pk": {"S": "a"}}, {"name": {"S": "no key"}}]}}))
        self.assertEqual((status, answer), (400, {
            "error": "ValidationException", "message": MISSING_KEY_MESSAGE,
            "line": 28, "path": "items.Good[1]"}))
        self.assertNothingLoaded()

    def test_bad_table_definition(self):
        """A table CreateTable would refuse is refused with DynamoDB's message; the good one
        before it is not created either."""
        status, answer = admin.call(self.server, "POST", "seed", {
            "accessKey": ACCESS_KEY, "tables": [GOOD_TABLE, BAD_TABLE]})
        self.assertEqual((status, answer), (400, {
            "error": "ValidationException", "message": BAD_TABLE_MESSAGE,
            "line": 1, "path": "tables[1]"}))
        self.assertNothingLoaded()


class StartUpRefusals(unittest.TestCase):
    """A bad --seed stops the server before it listens: exit code 1, and stderr names the file,
    the line and the reason. With a data directory, a restart without the seed finds nothing."""

    def setUp(self):
        self.files = tempfile.TemporaryDirectory()
        self.addCleanup(self.files.cleanup)
        self.data = os.path.join(self.files.name, "data")

    def seed_dir(self, files):
        root = os.path.join(self.files.name, "seed")
        for name, content in files.items():
            write(os.path.join(root, name), content)
        return root

    def assertRefused(self, seed, expected):
        code, stderr = run_refused("--seed", seed, "--seed-access-key", ACCESS_KEY,
                                   "--data-dir", self.data)
        self.assertEqual(code, 1, stderr)
        self.assertIn("cannot seed: " + expected, stderr)
        server = harness.Server(["--data-dir", self.data]).start()
        try:
            self.assertEqual(server.client().list_tables()["TableNames"], [])
        finally:
            server.stop()

    def test_bad_json_line(self):
        """A line of an item file that is not JSON."""
        root = self.seed_dir({
            "tables.json": json.dumps({"tables": [GOOD_TABLE]}),
            "Good.jsonl": '{"pk": {"S": "a"}}\n{"pk": {"S": "b"}\n'})
        self.assertRefused(root, os.path.join(root, "Good.jsonl") + ":2: not JSON: syntax error "
                           "while parsing object - unexpected end of input; expected '}'")

    def test_unknown_table_in_items(self):
        """An item file for a table the seed does not define."""
        root = self.seed_dir({
            "tables.json": json.dumps({"tables": [GOOD_TABLE]}),
            "Missing.jsonl.gz": gzip.compress(b'{"pk": {"S": "a"}}\n')})
        self.assertRefused(root, os.path.join(root, "Missing.jsonl.gz") +
                           ":1: ResourceNotFoundException: Requested resource not found: Table: "
                           "Missing not found")

    def test_item_missing_its_key(self):
        """An S3 export line whose item has no key."""
        root = self.seed_dir({
            "tables.json": json.dumps({"tables": [GOOD_TABLE]}),
            "Good.json.gz": gzip.compress(json_lines([
                {"Item": {"pk": {"S": "a"}}}, {"Item": {"name": {"S": "x"}}}]).encode())})
        self.assertRefused(root, os.path.join(root, "Good.json.gz") +
                           ":2: ValidationException: " + MISSING_KEY_MESSAGE)

    def test_bad_table_definition(self):
        """A table definition CreateTable refuses, in a file given alone."""
        seed = write(os.path.join(self.files.name, "seed.json"),
                     pretty({"tables": [GOOD_TABLE, BAD_TABLE]}))
        self.assertRefused(seed, seed + ":19: tables[1]: ValidationException: " + BAD_TABLE_MESSAGE)

    def test_no_access_key(self):
        """Without --shared-db a seed must name the access key whose tables it creates."""
        seed = write(os.path.join(self.files.name, "seed.json"), json.dumps({"tables": [GOOD_TABLE]}))
        code, stderr = run_refused("--seed", seed)
        self.assertEqual(code, 1, stderr)
        self.assertIn(f"cannot seed: {seed}: the seed names no access key", stderr)


class SharedDbSeed(unittest.TestCase):
    def test_shared_db_needs_no_access_key(self):
        """Under --shared-db every client sees a seed that names no access key."""
        with tempfile.TemporaryDirectory() as root:
            seed = write(os.path.join(root, "Good.json"), json.dumps({
                "tables": [GOOD_TABLE], "items": {"Good": [{"pk": {"S": "a"}}]}}))
            server = harness.Server(["--shared-db", "--seed", seed]).start()
            try:
                self.assertEqual(server.client().scan(TableName="Good")["Count"], 1)
            finally:
                server.stop()


if __name__ == "__main__":
    unittest.main()
