"""The admin API's reset and snapshots (docs/ADMIN.md), over plain HTTP, checked with boto3.

POST /ddblocal/reset drops every table (or one namespace's); PUT /ddblocal/snapshots/NAME saves
the tables in memory, POST /ddblocal/snapshots/NAME/restore puts them back, GET lists and DELETE
forgets. In durable mode a restore is one durable step: kill -9 at any moment leaves the state
before it or after it, never a mix.
"""

import http.client
import json
import os
import random
import shutil
import tempfile
import threading
import time
import unittest

import boto3

from python import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start


def admin(endpoint, method, path, body=None):
    """One admin API call over plain HTTP; returns (status, parsed JSON answer)."""
    host, port = endpoint.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        conn.request(method, "/ddblocal/" + path, None if body is None else json.dumps(body),
                     {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def batch_load(endpoint, table, items, connections=4):
    """Writes `items` (DynamoDB JSON) to `table` with raw BatchWriteItem calls of 25 on a few
    connections: several times faster than boto3's batch_writer for the 100,000-item cases."""
    host, port = endpoint.removeprefix("http://").split(":")
    headers = {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810.BatchWriteItem",
        # The server checks signatures only under --require-auth; the scope names the namespace.
        "X-Amz-Date": "20261125T000000Z",
        "Authorization": "AWS4-HMAC-SHA256 Credential=test/20261125/us-east-1/dynamodb/"
                         "aws4_request, SignedHeaders=host;x-amz-date, Signature=00",
    }
    failures = []

    def writer(first):
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        try:
            for start in range(first * 25, len(items), connections * 25):
                pending = {table: [{"PutRequest": {"Item": item}}
                                   for item in items[start:start + 25]]}
                while pending:
                    conn.request("POST", "/", json.dumps({"RequestItems": pending}), headers)
                    response = conn.getresponse()
                    answer = json.loads(response.read())
                    if response.status != 200:
                        failures.append(answer)
                        return
                    pending = answer["UnprocessedItems"]
        finally:
            conn.close()

    threads = [threading.Thread(target=writer, args=(c,)) for c in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise AssertionError(f"BatchWriteItem failed: {failures[0]}")


def client_for(server, access_key, region=harness.REGION):
    return boto3.client("dynamodb", endpoint_url=server.endpoint, region_name=region,
                        aws_access_key_id=access_key, aws_secret_access_key="test")


def create_orders(client, name="orders"):
    """A table with a GSI "by-status" (ALL) and a tag."""
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "N"},
                              {"AttributeName": "status", "AttributeType": "S"}],
        GlobalSecondaryIndexes=[{"IndexName": "by-status",
                                 "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"},
                                               {"AttributeName": "sk", "KeyType": "RANGE"}],
                                 "Projection": {"ProjectionType": "ALL"}}],
        Tags=[{"Key": "team", "Value": "checkout"}])


def order(pk, sk, status, **extra):
    item = {"pk": {"S": pk}, "sk": {"N": str(sk)}, "status": {"S": status}}
    item.update(extra)
    return item


def scan_all(client, table):
    items, kwargs = [], {"TableName": table}
    while True:
        page = client.scan(**kwargs)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def by_key(items):
    return sorted(items, key=lambda item: (item["pk"]["S"], item.get("sk", {}).get("N", "")))


class ResetTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(admin(SERVER.endpoint, "POST", "reset")[0], 200)
        self.client = SERVER.client()

    def test_reset_drops_every_table_of_every_namespace(self):
        """POST /ddblocal/reset with no body empties the server: every namespace's tables go."""
        create_orders(self.client)
        self.client.put_item(TableName="orders", Item=order("a", 1, "open"))
        other = client_for(SERVER, "OTHERKEY")
        harness.create_table(other, "theirs")
        status, answer = admin(SERVER.endpoint, "POST", "reset")
        self.assertEqual((status, answer), (200, {"tablesDeleted": 2, "backupsDeleted": 0, "namespace": None}))
        self.assertEqual(self.client.list_tables()["TableNames"], [])
        self.assertEqual(other.list_tables()["TableNames"], [])
        # The name is free again, and the new table is empty.
        create_orders(self.client)
        self.assertEqual(self.client.scan(TableName="orders")["Items"], [])

    def test_reset_of_one_namespace_keeps_the_others(self):
        """Access keys differ, so namespaces differ: resetting one leaves the other's tables."""
        mine = client_for(SERVER, "MINEKEY")
        theirs = client_for(SERVER, "THEIRKEY")
        harness.create_table(mine, "shared-name")
        harness.create_table(theirs, "shared-name")
        theirs.put_item(TableName="shared-name", Item={"PK": {"S": "kept"}})
        status, answer = admin(SERVER.endpoint, "POST", "reset",
                               {"region": harness.REGION, "accessKey": "MINEKEY"})
        self.assertEqual((status, answer),
                         (200, {"tablesDeleted": 1, "backupsDeleted": 0, "namespace": "MINEKEY/us-east-1"}))
        self.assertEqual(mine.list_tables()["TableNames"], [])
        self.assertEqual(theirs.scan(TableName="shared-name")["Items"], [{"PK": {"S": "kept"}}])

    def test_a_namespace_needs_both_region_and_access_key(self):
        """Under the default split (per access key and region) a half-named namespace is refused."""
        status, answer = admin(SERVER.endpoint, "POST", "reset", {"region": "us-east-1"})
        self.assertEqual(status, 400)
        self.assertEqual(answer, {
            "error": "BadRequest",
            "message": "tables are kept per access key and region: give both region and accessKey"})

    def test_reset_of_a_server_holding_100000_items_is_quick(self):
        """Emptying 100,000 items answers at once: their memory is freed off the request path."""
        harness.create_table(self.client, "big")
        filler = {"S": "x" * 150}
        batch_load(SERVER.endpoint, "big",
                   [{"PK": {"S": f"item-{i:06d}"}, "d": filler} for i in range(100_000)])
        self.assertEqual(self.client.describe_table(TableName="big")["Table"]["ItemCount"],
                         100_000)
        start = time.perf_counter()
        status, answer = admin(SERVER.endpoint, "POST", "reset")
        elapsed = time.perf_counter() - start
        self.assertEqual((status, answer["tablesDeleted"]), (200, 1))
        # 50 ms is the target on a quiet machine; the bound leaves room for a loaded CI host.
        self.assertLess(elapsed, 0.5)


class SnapshotTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(admin(SERVER.endpoint, "POST", "reset")[0], 200)
        for snapshot in admin(SERVER.endpoint, "GET", "snapshots")[1]["snapshots"]:
            admin(SERVER.endpoint, "DELETE", "snapshots/" + snapshot["name"])
        self.client = SERVER.client()

    def test_restore_brings_back_a_deleted_table_with_its_gsi_and_items_exactly(self):
        """A deleted table comes back with its items as saved, its GSI queryable and its tags;
        writes made after the save are gone, and so are tables created after it."""
        create_orders(self.client)
        saved = [order("a", 1, "open", note={"M": {"l": {"L": [{"N": "1.5"}, {"NULL": True}]}}}),
                 order("a", 2, "shipped", blob={"B": b"\x00\x01"}),
                 order("b", 1, "open", tags={"SS": ["x", "y"]})]
        for item in saved:
            self.client.put_item(TableName="orders", Item=item)
        status, answer = admin(SERVER.endpoint, "PUT", "snapshots/seeded")
        self.assertEqual(status, 200)
        self.assertEqual({k: answer[k] for k in ("name", "tables", "items", "namespace")},
                         {"name": "seeded", "tables": 1, "items": 3, "namespace": None})

        self.client.put_item(TableName="orders", Item=order("c", 9, "open"))
        self.client.delete_table(TableName="orders")
        harness.create_table(self.client, "created-later")

        status, answer = admin(SERVER.endpoint, "POST", "snapshots/seeded/restore")
        self.assertEqual((status, answer["tablesRestored"]), (200, 1))
        self.assertEqual(self.client.list_tables()["TableNames"], ["orders"])
        self.assertEqual(by_key(scan_all(self.client, "orders")), by_key(saved))
        found = self.client.query(TableName="orders", IndexName="by-status",
                                  KeyConditionExpression="#s = :s",
                                  ExpressionAttributeNames={"#s": "status"},
                                  ExpressionAttributeValues={":s": {"S": "open"}})["Items"]
        self.assertEqual(by_key(found), by_key([saved[0], saved[2]]))
        table = self.client.describe_table(TableName="orders")["Table"]
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE")
        self.assertEqual(table["ItemCount"], 3)
        self.assertEqual(self.client.list_tags_of_resource(ResourceArn=table["TableArn"])["Tags"],
                         [{"Key": "team", "Value": "checkout"}])

    def test_each_restore_undoes_the_writes_since(self):
        """Seed once, snapshot, restore before each test: every restore gives the saved state."""
        harness.create_table(self.client, "counter")
        self.client.put_item(TableName="counter", Item={"PK": {"S": "n"}, "v": {"N": "0"}})
        admin(SERVER.endpoint, "PUT", "snapshots/clean")
        for _ in range(3):
            self.client.update_item(TableName="counter", Key={"PK": {"S": "n"}},
                                    UpdateExpression="SET v = v + :one",
                                    ExpressionAttributeValues={":one": {"N": "1"}})
            self.assertEqual(admin(SERVER.endpoint, "POST", "snapshots/clean/restore")[0], 200)
            self.assertEqual(self.client.get_item(TableName="counter",
                                                  Key={"PK": {"S": "n"}})["Item"]["v"],
                             {"N": "0"})

    def test_list_and_delete(self):
        """GET lists every snapshot with its size and namespace; DELETE forgets one."""
        harness.create_table(self.client, "one")
        self.client.put_item(TableName="one", Item={"PK": {"S": "a"}})
        admin(SERVER.endpoint, "PUT", "snapshots/all")
        admin(SERVER.endpoint, "PUT", "snapshots/mine",
              {"region": harness.REGION, "accessKey": "test"})
        status, answer = admin(SERVER.endpoint, "GET", "snapshots")
        self.assertEqual(status, 200)
        listed = [{k: s[k] for k in ("name", "tables", "items", "namespace")}
                  for s in answer["snapshots"]]
        self.assertEqual(listed, [
            {"name": "all", "tables": 1, "items": 1, "namespace": None},
            {"name": "mine", "tables": 1, "items": 1, "namespace": "test/us-east-1"}])
        for snapshot in answer["snapshots"]:
            self.assertAlmostEqual(snapshot["createdEpochSeconds"], time.time(), delta=60)
        self.assertEqual(admin(SERVER.endpoint, "DELETE", "snapshots/all"),
                         (200, {"name": "all", "deleted": True}))
        self.assertEqual([s["name"] for s in admin(SERVER.endpoint, "GET", "snapshots")[1]
                          ["snapshots"]], ["mine"])

    def test_a_namespace_snapshot_restores_only_its_namespace(self):
        """A snapshot of one namespace, restored, leaves other namespaces as they are now."""
        mine = client_for(SERVER, "MINEKEY")
        theirs = client_for(SERVER, "THEIRKEY")
        harness.create_table(mine, "data")
        mine.put_item(TableName="data", Item={"PK": {"S": "saved"}})
        admin(SERVER.endpoint, "PUT", "snapshots/mine",
              {"region": harness.REGION, "accessKey": "MINEKEY"})
        mine.put_item(TableName="data", Item={"PK": {"S": "later"}})
        harness.create_table(theirs, "data")
        theirs.put_item(TableName="data", Item={"PK": {"S": "theirs"}})
        self.assertEqual(admin(SERVER.endpoint, "POST", "snapshots/mine/restore")[0], 200)
        self.assertEqual(mine.scan(TableName="data")["Items"], [{"PK": {"S": "saved"}}])
        self.assertEqual(theirs.scan(TableName="data")["Items"], [{"PK": {"S": "theirs"}}])

    def test_unknown_snapshot_is_404(self):
        """Restoring or deleting a snapshot never saved is NotFound."""
        for method, path in (("POST", "snapshots/never-saved/restore"),
                             ("DELETE", "snapshots/never-saved")):
            self.assertEqual(admin(SERVER.endpoint, method, path),
                             (404, {"error": "NotFound",
                                    "message": "no snapshot named never-saved"}))

    def test_bad_snapshot_name_is_400(self):
        """A name is 1 to 255 of A-Z a-z 0-9 . _ -; anything else is refused before any work."""
        expected = (400, {"error": "BadRequest",
                          "message": "a snapshot name is 1 to 255 characters of A-Z, a-z, 0-9, "
                                     "'.', '_' and '-'"})
        for name in ("has%20space", "semi;colon", "a" * 256):
            self.assertEqual(admin(SERVER.endpoint, "PUT", "snapshots/" + name), expected)
        self.assertEqual(admin(SERVER.endpoint, "GET", "snapshots")[1], {"snapshots": []})


class DurableRestoreCrashTest(unittest.TestCase):
    """kill -9 at random moments during repeated restores: after the restart the tables are exactly
    one snapshot's, never a mix, and never older than the last acknowledged restore."""

    ROUNDS = 4

    def setUp(self):
        self.data_dir = tempfile.mkdtemp(prefix="ddblocal-restore-crash-")
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.kill()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def start(self):
        self.server = harness.Server(["--data-dir", self.data_dir, "--sync", "always"]).start()
        return self.server.client()

    def state(self, client):
        """Every table with its items, as {name: sorted [(pk, v)]}."""
        return {table: sorted((item["PK"]["S"], item["v"]["S"]) for item in scan_all(client, table))
                for table in client.list_tables()["TableNames"]}

    def build(self, client, tag, tables, items):
        """Resets the server, creates `tables` holding `items` items each, all tagged `tag`, and
        returns the state it expects."""
        admin(self.server.endpoint, "POST", "reset")
        expected = {}
        for table in tables:
            harness.create_table(client, table)
            batch_load(self.server.endpoint, table,
                       [{"PK": {"S": f"{tag}-{i:05d}"}, "v": {"S": tag}, "d": {"S": "x" * 100}}
                        for i in range(items)])
            expected[table] = sorted((f"{tag}-{i:05d}", tag) for i in range(items))
        return expected

    def test_kill_9_during_restores_leaves_one_snapshot_whole(self):
        rng = random.Random(os.environ.get("DDBLOCAL_CRASH_SEED", time.time_ns()))
        client = self.start()
        for _ in range(self.ROUNDS):
            states = {"a": self.build(client, "a", ["alpha", "common"], 8000)}
            self.assertEqual(admin(self.server.endpoint, "PUT", "snapshots/a")[0], 200)
            states["b"] = self.build(client, "b", ["beta", "common"], 3000)
            self.assertEqual(admin(self.server.endpoint, "PUT", "snapshots/b")[0], 200)
            acknowledged = ["b"]  # the live state when the restores start
            stop = threading.Event()

            def restore_loop():
                for name in (["a", "b"] * 1000):
                    if stop.is_set():
                        return
                    try:
                        status, _ = admin(self.server.endpoint, "POST", f"snapshots/{name}/restore")
                    except (OSError, http.client.HTTPException):
                        return
                    if status == 200:
                        acknowledged.append(name)

            restorer = threading.Thread(target=restore_loop)
            restorer.start()
            time.sleep(rng.uniform(0.2, 1.5))
            self.server.kill()
            stop.set()
            restorer.join(timeout=60)
            self.assertFalse(restorer.is_alive())
            client = self.start()
            state = self.state(client)
            # The last acknowledged restore, or the one in flight after it (they alternate).
            last = acknowledged[-1]
            following = "b" if last == "a" else "a"
            self.assertIn(state, [states[last], states[following]],
                          f"after {len(acknowledged) - 1} acknowledged restores")
        self.server.stop()
        self.server = None


if __name__ == "__main__":
    unittest.main()
