"""The access-pattern report (GET/DELETE /ddblocal/report, --report PATH; docs/ADMIN.md "Report")
against the real binary: a scripted workload's findings, GSI write amplification, filter
efficiency, starting over, and the file written at shutdown."""

import json
import os
import tempfile
import unittest
import uuid

import boto3

from . import admin
from . import server as harness

SERVER = harness.ModuleServer(["--ttl-interval", "0"])
setUpModule = SERVER.start


def client_for(server, access_key):
    """A boto3 client whose access key is its own namespace, so each test's report is its own."""
    return boto3.client("dynamodb", endpoint_url=server.endpoint, region_name=harness.REGION,
                        aws_access_key_id=access_key, aws_secret_access_key="secret")


def report(access_key):
    path = f"report?region={harness.REGION}&accessKey={access_key}"
    status, body = admin.call(SERVER, "GET", path)
    assert status == 200, body
    return body


def table_report(body, name):
    (table,) = [t for t in body["tables"] if t["table"] == name]
    return table


class ReportTest(unittest.TestCase):
    def setUp(self):
        self.access_key = "report" + uuid.uuid4().hex[:8]
        self.client = client_for(SERVER, self.access_key)

    def test_workload_lists_exactly_its_scan_hot_key_and_unpadded_sort_key(self):
        """A workload with one Scan, one hot partition key and one unpadded sort key gets exactly
        those three findings, each with its numbers and the request shape behind it."""
        c = self.client
        harness.create_table(c, "Events", hash_key=("pk", "S"))
        harness.create_table(c, "Users", hash_key=("pk", "S"))
        harness.create_table(c, "Orders", hash_key=("pk", "S"), range_key=("sk", "S"))
        for i in range(5):
            c.put_item(TableName="Events", Item={"pk": {"S": f"e{i}"}})
        c.scan(TableName="Events")
        for user in ("u1", "u2", "u3"):
            c.put_item(TableName="Users", Item={"pk": {"S": user}})
        for _ in range(20):
            c.get_item(TableName="Users", Key={"pk": {"S": "u1"}})
        c.get_item(TableName="Users", Key={"pk": {"S": "u2"}})
        c.get_item(TableName="Users", Key={"pk": {"S": "u3"}})
        for customer, order in (("c1", "ORDER#9"), ("c2", "ORDER#10"), ("c3", "ORDER#11")):
            c.put_item(TableName="Orders", Item={"pk": {"S": customer}, "sk": {"S": order}})
        c.query(TableName="Orders", KeyConditionExpression="pk = :c",
                ExpressionAttributeValues={":c": {"S": "c1"}})

        body = report(self.access_key)
        namespace = f"{self.access_key}/{harness.REGION}"
        self.assertEqual([t["table"] for t in body["tables"]], ["Events", "Orders", "Users"])
        self.assertEqual(body["findings"], [
            {"kind": "scan", "namespace": namespace, "table": "Events", "index": None,
             "message": "1 Scan read 5 items for 0.5 read units, 100% of the table's read "
                        "units; a Query reads one partition",
             "request": "Scan"},
            {"kind": "sortKeyHygiene", "namespace": namespace, "table": "Orders", "index": None,
             "message": "string sort keys of the pattern \"ORDER#{n}\" hold numbers of 1 to 2 "
                        "digits, so they sort as text, not by value (\"ORDER#10\" and "
                        "\"ORDER#9\"); pad the numbers with zeros to one width",
             "request": "writes of sort key values \"ORDER#9\", \"ORDER#10\""},
            {"kind": "hotPartitionKey", "namespace": namespace, "table": "Users", "index": None,
             "message": "partition key \"u1\" consumed 11 of the 14 units (78.6%) in 21 of 25 "
                        "keyed requests: one partition serves at most 3,000 read and 1,000 "
                        "write units a second",
             "request": "GetItem x20, PutItem x1 on partition key \"u1\""},
        ])

        events = table_report(body, "Events")
        self.assertEqual(events["requests"], {"CreateTable": 1, "PutItem": 5, "Scan": 1})
        self.assertEqual(events["readUnits"], 0.5)
        self.assertEqual(events["writeUnits"], 5.0)
        self.assertEqual(events["scans"], {"count": 1, "itemsScanned": 5, "readUnits": 0.5,
                                           "shareOfReadUnits": 1.0})
        users = table_report(body, "Users")
        self.assertEqual(users["requests"], {"CreateTable": 1, "PutItem": 3, "GetItem": 22})
        self.assertEqual([k["key"] for k in users["hotPartitionKeys"]], ["u1", "u2", "u3"])
        self.assertEqual(users["hotPartitionKeys"][0]["operations"], {"GetItem": 20, "PutItem": 1})
        self.assertEqual([k["hot"] for k in users["hotPartitionKeys"]], [True, False, False])
        orders = table_report(body, "Orders")
        self.assertEqual(orders["sortKeyHygiene"], [
            {"pattern": "ORDER#{n}", "number": 1, "digits": [1, 2],
             "examples": ["ORDER#9", "ORDER#10"], "values": 3}])
        self.assertEqual(orders["filterEfficiency"]["worstStatements"], [
            {"statement": "Query KeyConditionExpression=\"pk = :c\"", "requests": 1, "count": 1,
             "scannedCount": 1, "ratio": 1.0, "readUnits": 0.5}])
        self.assertEqual(orders["itemSizes"]["over100KB"], 0)
        self.assertEqual(len(orders["itemSizes"]["largest"]), 3)

    def test_gsi_write_amplification_per_index_with_projection(self):
        """Each base-table write also writes every GSI whose entry it changes: the report gives
        each index's writes per base-table write, its units and its projection type."""
        c = self.client
        harness.create_table(
            c, "Items", hash_key=("pk", "S"),
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "a", "AttributeType": "S"},
                                  {"AttributeName": "b", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[
                {"IndexName": "byA", "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
                 "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "byB", "KeySchema": [{"AttributeName": "b", "KeyType": "HASH"}],
                 "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        for i in range(4):
            c.put_item(TableName="Items",
                       Item={"pk": {"S": f"k{i}"}, "a": {"S": f"a{i}"}, "b": {"S": f"b{i}"}})
        # A new byA key: a delete and a put on byA; byB's entry (keys only) does not change.
        c.update_item(TableName="Items", Key={"pk": {"S": "k0"}}, UpdateExpression="SET a = :a",
                      ExpressionAttributeValues={":a": {"S": "moved"}})

        body = report(self.access_key)
        items = table_report(body, "Items")
        self.assertEqual(items["baseTableWrites"], 5)
        self.assertEqual(items["writeUnits"], 5.0)
        by_name = {index["index"]: index for index in items["indexes"]}
        self.assertEqual(sorted(by_name), ["byA", "byB"])
        self.assertEqual(by_name["byA"]["projection"], "ALL")
        self.assertEqual(by_name["byA"]["writes"], 5)
        self.assertEqual(by_name["byA"]["writesPerBaseWrite"], 1.0)
        self.assertEqual(by_name["byA"]["writeUnits"], 6.0)
        self.assertEqual(by_name["byA"]["writeUnitsPerBaseWriteUnit"], 1.2)
        self.assertEqual(by_name["byB"]["projection"], "KEYS_ONLY")
        self.assertEqual(by_name["byB"]["writes"], 4)
        self.assertEqual(by_name["byB"]["writesPerBaseWrite"], 0.8)
        self.assertEqual(by_name["byB"]["writeUnits"], 4.0)
        self.assertEqual(body["findings"], [
            {"kind": "gsiWriteAmplification", "namespace": f"{self.access_key}/{harness.REGION}",
             "table": "Items", "index": None,
             "message": "5 writes consumed 5 write units on the table and 10 on its indexes "
                        "(byA 6 (ALL), byB 4 (KEYS_ONLY)): 2 index units per table unit; a "
                        "narrower projection or fewer indexes cost less",
             "request": "PutItem x4, UpdateItem x1"}])

    def test_a_wasteful_filter_names_its_statement(self):
        """A Query whose filter discards most of what it read is a finding naming the statement:
        its index and its expressions as the code wrote them."""
        c = self.client
        harness.create_table(c, "Log", hash_key=("pk", "S"), range_key=("sk", "S"))
        for i in range(12):
            c.put_item(TableName="Log", Item={"pk": {"S": "day"}, "sk": {"S": f"{i:03d}"},
                                              "level": {"S": "ERROR" if i == 0 else "INFO"}})
        c.query(TableName="Log", KeyConditionExpression="pk = :d",
                FilterExpression="#l = :e", ExpressionAttributeNames={"#l": "level"},
                ExpressionAttributeValues={":d": {"S": "day"}, ":e": {"S": "ERROR"}})
        body = report(self.access_key)
        statement = ("Query KeyConditionExpression=\"pk = :d\" FilterExpression=\"#l = :e\"")
        kinds = [(f["kind"], f["request"]) for f in body["findings"]]
        # The 12 puts on one partition key are a hot key as well.
        self.assertEqual(kinds, [("filterEfficiency", statement),
                                 ("hotPartitionKey", "PutItem x12, Query x1 on partition key "
                                                     "\"day\"")])
        self.assertEqual(body["findings"][0]["message"],
                         "returned 1 of the 12 items it read (8.3%) in 1 request: the filter "
                         "discards items after their read units are spent")
        log = table_report(body, "Log")
        self.assertEqual(log["filterEfficiency"]["count"], 1)
        self.assertEqual(log["filterEfficiency"]["scannedCount"], 12)
        self.assertEqual(log["sortKeyHygiene"], [])  # zero-padded

    def test_delete_starts_the_report_over(self):
        """DELETE /ddblocal/report forgets every figure; the tables stay."""
        c = self.client
        harness.create_table(c, "Things", hash_key=("pk", "S"))
        c.get_item(TableName="Things", Key={"pk": {"S": "x"}})
        self.assertEqual(len(report(self.access_key)["tables"]), 1)
        status, body = admin.call(SERVER, "DELETE", "report")
        self.assertEqual((status, body), (200, {}))
        after = report(self.access_key)
        # The figures are gone, not the tables.
        self.assertEqual(after["tables"], [])
        self.assertEqual(after["findings"], [])
        c.get_item(TableName="Things", Key={"pk": {"S": "x"}})
        things = table_report(report(self.access_key), "Things")
        self.assertEqual(things["requests"], {"GetItem": 1})

    def test_refused_requests_are_not_counted(self):
        """A request DynamoDB refuses consumes nothing and is left out of the report."""
        c = client_for(SERVER, self.access_key)
        harness.create_table(c, "Things", hash_key=("pk", "S"))
        with self.assertRaises(c.exceptions.ClientError):
            c.get_item(TableName="Things", Key={"nope": {"S": "x"}})
        (table,) = report(self.access_key)["tables"]
        self.assertEqual(table["requests"], {"CreateTable": 1})


class ReportFileTest(unittest.TestCase):
    def test_report_file_is_written_at_sigterm(self):
        """--report PATH writes every namespace's report when the server stops on SIGTERM, also
        with the admin API off."""
        directory = tempfile.mkdtemp(prefix="ddblocal-report-")
        path = os.path.join(directory, "report.json")
        server = harness.Server(["--report", path, "--no-admin-api"]).start()
        try:
            c = client_for(server, "filekey")
            harness.create_table(c, "Things", hash_key=("pk", "S"))
            c.put_item(TableName="Things", Item={"pk": {"S": "a"}})
            c.scan(TableName="Things")
            status, _ = admin.call(server, "GET", "report")
            self.assertNotEqual(status, 200)
        finally:
            server.stop()
        with open(path) as f:
            body = json.load(f)
        self.assertEqual([(t["namespace"], t["table"]) for t in body["tables"]],
                         [(f"filekey/{harness.REGION}", "Things")])
        self.assertEqual(body["tables"][0]["requests"],
                         {"CreateTable": 1, "PutItem": 1, "Scan": 1})
        self.assertEqual([f["kind"] for f in body["findings"]], ["scan"])
        os.remove(path)
        os.rmdir(directory)


if __name__ == "__main__":
    unittest.main()
