"""Durable mode (--data-dir): nothing acknowledged is lost to a crash, and a damaged data directory
stops the server at start instead of starting with less.

The crash test writes from several threads (puts, conditional updates, deletes, transactions,
batch writes), records every acknowledged write, kills the server with SIGKILL at random moments,
restarts it on the same directory and checks that every acknowledged write is there with its last
acknowledged value. A write whose response never arrived may or may not be there; a transaction
whose response never arrived is all there or not at all.
"""

import os
import random
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

import boto3
import botocore.config
import botocore.exceptions

from python import server as harness

THREADS = 4
KEYS_PER_THREAD = 40
ROUNDS = 5
GSI = "by-g"


def table_args(name):
    return {
        "TableName": name,
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [{
            "IndexName": GSI,
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                          {"AttributeName": "pk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"},
        }],
        "Tags": [{"Key": "purpose", "Value": "crash-test"}],
    }


class Model:
    """The last acknowledged value of every key ((table, pk) -> item or None), and the values of
    writes whose response never arrived (maybe applied, maybe not)."""

    def __init__(self):
        self.acked = {}
        self.pending = []  # lists of ((table, pk), value): one list per unacknowledged write
        self.lock = threading.Lock()

    def ack(self, changes):
        with self.lock:
            for key, value in changes:
                self.acked[key] = value

    def unknown(self, changes):
        with self.lock:
            self.pending.append(list(changes))


class Writer(threading.Thread):
    """Writes to its own keys until a request fails (the server is gone)."""

    def __init__(self, endpoint, index, model, tables, seed):
        super().__init__(daemon=True)
        # Built here, on the main thread: boto3's session is not safe to use from several at once.
        self.client = boto3.session.Session().client(
            "dynamodb", endpoint_url=endpoint, region_name=harness.REGION,
            aws_access_key_id="test", aws_secret_access_key="test",
            config=botocore.config.Config(retries={"max_attempts": 1}, connect_timeout=2,
                                          read_timeout=10))
        self.index = index
        self.model = model
        self.tables = tables
        self.random = random.Random(seed)
        self.acknowledged = 0

    def key(self):
        return f"w{self.index}-k{self.random.randrange(KEYS_PER_THREAD)}"

    def current(self, table, pk):
        with self.model.lock:
            return self.model.acked.get((table, pk))

    def item(self, pk, version):
        return {"pk": {"S": pk}, "g": {"S": f"g{version % 3}"}, "v": {"N": str(version)},
                "who": {"S": f"writer {self.index}"}}

    def run(self):
        version = int(time.time() * 1000) * 1000
        while True:
            version += 1
            op = self.random.choice(["put", "update", "delete", "transact", "batch"])
            table = self.random.choice(self.tables)
            changes = []
            try:
                if op == "put":
                    pk = self.key()
                    changes = [((table, pk), self.item(pk, version))]
                    self.client.put_item(TableName=table, Item=self.item(pk, version))
                elif op == "update":
                    pk = self.key()
                    before = self.current(table, pk)
                    after = dict(before or {"pk": {"S": pk}})
                    after.update({"v": {"N": str(version)}, "g": {"S": f"g{version % 3}"}})
                    changes = [((table, pk), after)]
                    # Versions only grow, so the condition holds; it is checked under the item's
                    # lock all the same.
                    self.client.update_item(
                        TableName=table, Key={"pk": {"S": pk}},
                        UpdateExpression="SET v = :v, g = :g",
                        ConditionExpression="attribute_not_exists(v) OR v < :v",
                        ExpressionAttributeValues={":v": {"N": str(version)},
                                                   ":g": {"S": f"g{version % 3}"}})
                elif op == "delete":
                    pk = self.key()
                    changes = [((table, pk), None)]
                    self.client.delete_item(TableName=table, Key={"pk": {"S": pk}})
                elif op == "transact":
                    a, b = self.key(), self.key()
                    changes = [((self.tables[0], a), self.item(a, version)),
                               ((self.tables[1], b), None)]
                    self.client.transact_write_items(TransactItems=[
                        {"Put": {"TableName": self.tables[0], "Item": self.item(a, version)}},
                        {"Delete": {"TableName": self.tables[1], "Key": {"pk": {"S": b}}}},
                    ])
                else:
                    pks = sorted({self.key() for _ in range(3)})
                    changes = [((table, pk), self.item(pk, version)) for pk in pks]
                    response = self.client.batch_write_item(RequestItems={table: [
                        {"PutRequest": {"Item": self.item(pk, version)}} for pk in pks]})
                    if response.get("UnprocessedItems"):
                        raise AssertionError(f"unprocessed items: {response['UnprocessedItems']}")
            except (botocore.exceptions.EndpointConnectionError,
                    botocore.exceptions.ConnectionClosedError,
                    botocore.exceptions.ReadTimeoutError,
                    botocore.exceptions.ConnectTimeoutError):
                self.model.unknown(changes)
                return
            self.model.ack(changes)
            self.acknowledged += 1


class DurableCrashTest(unittest.TestCase):
    def setUp(self):
        self.data_dir = tempfile.mkdtemp(prefix="ddblocal-durable-")
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.kill()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def start(self, sync="always"):
        self.server = harness.Server(["--data-dir", self.data_dir, "--sync", sync]).start()
        return self.server.client()

    def read_all(self, client, table):
        items = {}
        kwargs = {"TableName": table, "ConsistentRead": True}
        while True:
            page = client.scan(**kwargs)
            for item in page["Items"]:
                items[(table, item["pk"]["S"])] = item
            if "LastEvaluatedKey" not in page:
                return items
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def check(self, client, model, tables):
        """Every acknowledged write is there with its last acknowledged value; each unknown write
        is there whole or not at all. Then the model takes what is there as acknowledged."""
        stored = {}
        for table in tables:
            stored.update(self.read_all(client, table))
        maybe = {}
        for changes in model.pending:
            applied = [stored.get(key) == value for key, value in changes]
            kept = [stored.get(key) == model.acked.get(key) for key, _ in changes]
            # A key an unknown write touched may hold either value; a transaction or a single
            # write must be all applied or all not (a batch write need not be: BatchWriteItem
            # is not atomic).
            for key, value in changes:
                maybe.setdefault(key, []).append(value)
            if len(changes) == 2 and changes[0][0][0] != changes[1][0][0]:
                self.assertTrue(all(applied) or all(kept),
                                f"transaction half applied: {changes} -> "
                                f"{[stored.get(k) for k, _ in changes]}")
        for key, value in model.acked.items():
            if key in maybe:
                self.assertIn(stored.get(key), [value] + maybe[key], f"key {key}")
            else:
                self.assertEqual(stored.get(key), value, f"acknowledged write lost: {key}")
        for key in stored:
            self.assertTrue(key in model.acked or key in maybe, f"item from nowhere: {key}")
        model.acked = {key: stored.get(key) for key in set(model.acked) | set(maybe)}
        model.pending = []
        # The GSI answers from the same items.
        for table in tables:
            for g in ("g0", "g1", "g2"):
                found = client.query(TableName=table, IndexName=GSI,
                                     KeyConditionExpression="g = :g",
                                     ExpressionAttributeValues={":g": {"S": g}})["Items"]
                expected = sorted(pk for (t, pk), item in model.acked.items()
                                  if t == table and item is not None and item["g"]["S"] == g)
                self.assertEqual(sorted(item["pk"]["S"] for item in found), expected)
            description = client.describe_table(TableName=table)["Table"]
            self.assertEqual(description["GlobalSecondaryIndexes"][0]["IndexName"], GSI)
            self.assertEqual(description["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE")
            self.assertEqual(description["ItemCount"],
                             sum(1 for (t, _), item in model.acked.items()
                                 if t == table and item is not None))

    def test_kill_9_at_random_moments_loses_no_acknowledged_write(self):
        """A write is acknowledged only once it survives kill -9, in both sync modes."""
        rng = random.Random(os.environ.get("DDBLOCAL_CRASH_SEED", time.time_ns()))
        tables = ["crash-a", "crash-b"]
        model = Model()
        client = self.start()
        for table in tables:
            client.create_table(**table_args(table))
        total_acknowledged = 0
        for round_number in range(ROUNDS):
            writers = [Writer(self.server.endpoint, i, model, tables, rng.random())
                       for i in range(THREADS)]
            for writer in writers:
                writer.start()
            time.sleep(rng.uniform(0.3, 1.5))
            self.server.kill()
            for writer in writers:
                writer.join(timeout=15)
                self.assertFalse(writer.is_alive())
            total_acknowledged += sum(writer.acknowledged for writer in writers)
            client = self.start("periodic" if round_number % 2 else "always")
            self.check(client, model, tables)
        self.assertGreater(total_acknowledged, 100)
        # A clean stop keeps everything too.
        self.server.stop()
        client = self.start()
        self.check(client, model, tables)
        self.assertEqual(sorted(client.list_tables()["TableNames"]), tables)


class DamagedDirectoryTest(unittest.TestCase):
    def setUp(self):
        self.data_dir = tempfile.mkdtemp(prefix="ddblocal-durable-")

    def tearDown(self):
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def run_server_expecting_failure(self):
        binary = os.environ.get("DDBLOCAL_BIN", harness.DEFAULT_BIN)
        result = subprocess.run(
            [binary, "--host", "127.0.0.1", "--port", "0", "--data-dir", self.data_dir],
            capture_output=True, text=True, timeout=20)
        return result

    def make_directory_with_a_table(self):
        server = harness.Server(["--data-dir", self.data_dir]).start()
        try:
            client = server.client()
            client.create_table(**table_args("keep"))
            client.put_item(TableName="keep", Item={"pk": {"S": "a"}, "g": {"S": "x"}})
        finally:
            server.stop()
        return os.path.join(self.data_dir, "ddblocal.log")

    def test_garbage_in_the_log_stops_the_server_with_a_clear_error(self):
        """A damaged record is reported and the server exits 1, rather than start without it."""
        log = self.make_directory_with_a_table()
        with open(log, "r+b") as f:
            f.seek(40)
            byte = f.read(1)
            f.seek(40)
            f.write(bytes([byte[0] ^ 0xFF]))
        result = self.run_server_expecting_failure()
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot open the data directory: " + log + " is corrupted at byte 16: ",
                      result.stderr)
        self.assertNotIn("listening", result.stdout)

    def test_a_missing_log_stops_the_server(self):
        """A data directory that lost its log is not taken for a new, empty one."""
        log = self.make_directory_with_a_table()
        os.rename(log, log + ".moved")
        result = self.run_server_expecting_failure()
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"data directory {self.data_dir} has no ddblocal.log but holds "
                      "ddblocal.log.moved", result.stderr)

    def test_a_torn_last_record_is_dropped_and_logged(self):
        """A record cut short by a crash mid-append is the one damage that is repaired."""
        log = self.make_directory_with_a_table()
        with open(log, "ab") as f:
            f.write(b"\x40\x00\x00")  # the start of a record header that never got finished
        server = harness.Server(["--data-dir", self.data_dir]).start()
        try:
            item = server.client().get_item(TableName="keep", Key={"pk": {"S": "a"}})["Item"]
            self.assertEqual(item, {"pk": {"S": "a"}, "g": {"S": "x"}})
        finally:
            server.stop()


def regional_client(server, region):
    return boto3.client("dynamodb", endpoint_url=server.endpoint, region_name=region,
                        aws_access_key_id="test", aws_secret_access_key="test")


class RestartKeepsNamespacesAndSettingsTest(unittest.TestCase):
    """What a restart brings back besides items: the region a table lives in, its TTL setting and
    its stream (settings and ARN; the stream's records are not kept)."""

    def setUp(self):
        self.data_dir = tempfile.mkdtemp(prefix="ddblocal-durable-")
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def restart(self, args):
        if self.server is not None:
            self.server.stop()
        self.server = harness.Server(args).start()
        return self.server

    def test_same_name_in_two_regions_ttl_and_stream_survive_a_restart(self):
        server = self.restart(["--data-dir", self.data_dir])
        east, west = regional_client(server, "us-east-1"), regional_client(server, "eu-west-1")
        for client, where in ((east, "east"), (west, "west")):
            harness.create_table(client, "shared-name", hash_key=("pk", "S"))
            client.put_item(TableName="shared-name", Item={"pk": {"S": "k"}, "where": {"S": where}})
        east.update_time_to_live(
            TableName="shared-name",
            TimeToLiveSpecification={"Enabled": True, "AttributeName": "expires"})
        west.update_table(TableName="shared-name",
                          StreamSpecification={"StreamEnabled": True,
                                               "StreamViewType": "NEW_AND_OLD_IMAGES"})
        west.put_item(TableName="shared-name", Item={"pk": {"S": "before"}})
        arn = west.describe_table(TableName="shared-name")["Table"]["LatestStreamArn"]

        server = self.restart(["--data-dir", self.data_dir])
        east, west = regional_client(server, "us-east-1"), regional_client(server, "eu-west-1")
        for client, where in ((east, "east"), (west, "west")):
            self.assertEqual(client.list_tables()["TableNames"], ["shared-name"])
            item = client.get_item(TableName="shared-name", Key={"pk": {"S": "k"}})["Item"]
            self.assertEqual(item["where"], {"S": where})
        self.assertEqual(east.describe_time_to_live(TableName="shared-name")["TimeToLiveDescription"],
                         {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})
        self.assertEqual(west.describe_time_to_live(TableName="shared-name")["TimeToLiveDescription"],
                         {"TimeToLiveStatus": "DISABLED"})
        east_table = east.describe_table(TableName="shared-name")["Table"]
        self.assertNotIn("StreamSpecification", east_table)
        west_table = west.describe_table(TableName="shared-name")["Table"]
        self.assertEqual(west_table["StreamSpecification"],
                         {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
        self.assertEqual(west_table["LatestStreamArn"], arn)

        # The stream is there under its ARN, without the records made before the restart, and
        # receives the changes made after it.
        west.put_item(TableName="shared-name", Item={"pk": {"S": "after"}})
        streams = boto3.client("dynamodbstreams", endpoint_url=server.endpoint,
                               region_name="eu-west-1", aws_access_key_id="test",
                               aws_secret_access_key="test")
        self.assertEqual([s["StreamArn"] for s in streams.list_streams()["Streams"]], [arn])
        shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
        keys = []
        for shard in shards:
            iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                                  ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            for record in streams.get_records(ShardIterator=iterator)["Records"]:
                keys.append(record["dynamodb"]["Keys"]["pk"]["S"])
        self.assertEqual(keys, ["after"])

    def test_table_settings_survive_a_restart(self):
        """TableClass, the KMS key, OnDemandThroughput and WarmThroughput (of the table and of a
        GSI), as UpdateTable last left them, are described the same after a restart."""
        server = self.restart(["--data-dir", self.data_dir])
        client = regional_client(server, "us-east-1")
        harness.create_table(
            client, "settings", hash_key=("pk", "S"),
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "g", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{"IndexName": "by-g",
                                     "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"},
                                     "OnDemandThroughput": {"MaxReadRequestUnits": 7}}],
            TableClass="STANDARD_INFREQUENT_ACCESS", SSESpecification={"Enabled": True},
            OnDemandThroughput={"MaxWriteRequestUnits": 9})
        client.update_table(TableName="settings", WarmThroughput={"ReadUnitsPerSecond": 20000})
        client.update_table(TableName="settings", TableClass="STANDARD")
        settings = ("TableClassSummary", "SSEDescription", "OnDemandThroughput", "WarmThroughput")
        before = client.describe_table(TableName="settings")["Table"]

        server = self.restart(["--data-dir", self.data_dir])
        after = regional_client(server, "us-east-1").describe_table(TableName="settings")["Table"]
        for member in settings:
            self.assertEqual(after[member], before[member], member)
        self.assertEqual(after["GlobalSecondaryIndexes"][0]["OnDemandThroughput"],
                         {"MaxReadRequestUnits": 7})

    def test_shared_db_with_db_path_keeps_a_table_across_a_restart(self):
        """DynamoDB Local's -sharedDb -dbPath DIR, as a compose file would pass them."""
        args = ["-sharedDb", "-dbPath", self.data_dir]
        server = self.restart(args)
        client = regional_client(server, "us-east-1")
        harness.create_table(client, "kept", hash_key=("pk", "S"))
        client.put_item(TableName="kept", Item={"pk": {"S": "a"}, "n": {"N": "1"}})

        server = self.restart(args)
        # Shared: a client of another region sees the same table.
        client = regional_client(server, "ap-south-1")
        self.assertEqual(client.list_tables()["TableNames"], ["kept"])
        self.assertEqual(client.get_item(TableName="kept", Key={"pk": {"S": "a"}})["Item"],
                         {"pk": {"S": "a"}, "n": {"N": "1"}})
        self.assertTrue(os.path.exists(os.path.join(self.data_dir, "ddblocal.log")))


if __name__ == "__main__":
    unittest.main()
