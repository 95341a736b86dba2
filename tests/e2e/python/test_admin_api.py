"""The admin API's core against the real binary: routing and refusals, the server's clock (and what
follows it: descriptions' timestamps, Time to Live, transaction tokens' window), running the TTL
expirer on demand, the request log (and --log-requests), --no-admin-api and --require-auth."""

import json
import queue
import time
import unittest

from botocore.exceptions import ClientError

from . import admin
from . import server as harness

# The background expirer never runs: only POST /ddblocal/ttl/run deletes expired items.
SERVER = harness.ModuleServer(["--ttl-interval", "0", "--request-log-size", "50"])
setUpModule = SERVER.start


def reset_clock():
    status, _ = admin.call(SERVER, "POST", "clock", {"epochSeconds": time.time()})
    assert status == 200


class RoutingTest(unittest.TestCase):
    def test_unknown_path_is_not_found(self):
        status, body = admin.call(SERVER, "GET", "nothing-here")
        self.assertEqual(status, 404)
        self.assertEqual(body, {"error": "NotFound",
                                "message": "no admin operation at /ddblocal/nothing-here "
                                           "(see docs/ADMIN.md)"})

    def test_known_path_with_another_method_is_not_allowed(self):
        status, body = admin.call(SERVER, "PUT", "clock", {})
        self.assertEqual(status, 405)
        self.assertEqual(body, {"error": "MethodNotAllowed",
                                "message": "PUT is not allowed on /ddblocal/clock"})

    def test_a_body_that_is_not_json_is_a_bad_request(self):
        status, body = admin.call(SERVER, "POST", "clock", raw_body=b"{advance")
        self.assertEqual((status, body["error"]), (400, "BadRequest"))
        self.assertEqual(body["message"], "the request body is not JSON")


class ClockTest(unittest.TestCase):
    def tearDown(self):
        reset_clock()

    def test_reads_real_time_and_moves_forward(self):
        reset_clock()
        status, body = admin.call(SERVER, "GET", "clock")
        self.assertEqual(status, 200)
        self.assertAlmostEqual(body["epochSeconds"], time.time(), delta=5)
        self.assertAlmostEqual(body["offsetSeconds"], 0, delta=5)
        status, body = admin.call(SERVER, "POST", "clock", {"advanceSeconds": 3600})
        self.assertEqual(status, 200)
        self.assertAlmostEqual(body["epochSeconds"], time.time() + 3600, delta=5)
        self.assertAlmostEqual(body["offsetSeconds"], 3600, delta=5)
        status, again = admin.call(SERVER, "GET", "clock")
        self.assertAlmostEqual(again["epochSeconds"], time.time() + 3600, delta=5)

    def test_sets_an_epoch_time(self):
        status, body = admin.call(SERVER, "POST", "clock", {"epochSeconds": 2000000000})
        self.assertEqual(status, 200)
        self.assertAlmostEqual(body["epochSeconds"], 2000000000, delta=5)

    def test_refuses_malformed_moves(self):
        cases = [
            ({}, "give exactly one of advanceSeconds and epochSeconds"),
            ({"advanceSeconds": 1, "epochSeconds": 2}, "give exactly one of advanceSeconds and "
                                                       "epochSeconds"),
            ({"advanceSeconds": -5}, "advanceSeconds must not be negative"),
            ({"advanceSeconds": "60"}, "advanceSeconds must be a number of seconds"),
            ({"epochSeconds": 1e300}, "epochSeconds is out of range"),
            ([1], 'the body must be {"advanceSeconds": N} or {"epochSeconds": T}'),
        ]
        before = admin.call(SERVER, "GET", "clock")[1]["offsetSeconds"]
        for body, message in cases:
            with self.subTest(body=body):
                status, answer = admin.call(SERVER, "POST", "clock", body)
                self.assertEqual(status, 400)
                self.assertEqual(answer, {"error": "BadRequest", "message": message})
        after = admin.call(SERVER, "GET", "clock")[1]["offsetSeconds"]
        self.assertAlmostEqual(before, after, delta=1)

    def test_descriptions_carry_the_server_time(self):
        client = SERVER.client()
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 86400 * 10})
        table = harness.create_table(client, harness.unique_table_name("admin-clock"))
        created = client.describe_table(TableName=table)["Table"]["CreationDateTime"].timestamp()
        self.assertAlmostEqual(created, time.time() + 86400 * 10, delta=60)

    def test_transaction_tokens_expire_after_ten_minutes_of_server_time(self):
        client = SERVER.client()
        table = harness.create_table(client, harness.unique_table_name("admin-token"))

        def increment():
            client.transact_write_items(
                ClientRequestToken="admin-clock-token",
                TransactItems=[{"Update": {"TableName": table, "Key": {"PK": {"S": "k"}},
                                           "UpdateExpression": "ADD n :one",
                                           "ExpressionAttributeValues": {":one": {"N": "1"}}}}])

        def counter():
            return client.get_item(TableName=table, Key={"PK": {"S": "k"}})["Item"]["n"]["N"]

        increment()
        increment()  # the same token within the window: answered, not applied again
        self.assertEqual(counter(), "1")
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 11 * 60})
        increment()  # the window has passed: a new transaction
        self.assertEqual(counter(), "2")


class StreamRolloverTest(unittest.TestCase):
    def tearDown(self):
        reset_clock()

    def test_shards_roll_over_when_the_clock_passes_their_period(self):
        """--stream-shard-seconds 14400 (the default): moving the clock 5 hours closes the shard an
        item's records went to, and the next record goes to its child."""
        client = SERVER.client()
        streams = SERVER.streams_client()
        table = harness.create_table(
            client, harness.unique_table_name("admin-rollover"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        arn = client.describe_table(TableName=table)["Table"]["LatestStreamArn"]

        def shards():
            return streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]

        client.put_item(TableName=table, Item={"PK": {"S": "k"}})
        before = shards()
        self.assertTrue(all("EndingSequenceNumber" not in s["SequenceNumberRange"]
                            for s in before))
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 5 * 3600})
        client.put_item(TableName=table, Item={"PK": {"S": "k"}, "n": {"N": "2"}})
        after = shards()
        closed = [s for s in after if "EndingSequenceNumber" in s["SequenceNumberRange"]]
        self.assertGreaterEqual(len(closed), 1)
        children = [s for s in after if s.get("ParentShardId") in {c["ShardId"] for c in closed}]
        self.assertGreaterEqual(len(children), 1)


class TimeToLiveRunTest(unittest.TestCase):
    def tearDown(self):
        reset_clock()

    def test_expires_items_once_the_clock_passes_them(self):
        client = SERVER.client()
        streams = SERVER.streams_client()
        table = harness.create_table(
            client, harness.unique_table_name("admin-ttl"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        client.update_time_to_live(TableName=table, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expires"})
        soon = int(time.time()) + 600
        for i in range(3):
            client.put_item(TableName=table, Item={"PK": {"S": f"soon-{i}"},
                                                   "expires": {"N": str(soon)}})
        client.put_item(TableName=table, Item={"PK": {"S": "later"},
                                               "expires": {"N": str(soon + 86400)}})
        status, body = admin.call(SERVER, "POST", "ttl/run")
        self.assertEqual((status, body), (200, {"deleted": 0}))
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 1200})
        status, body = admin.call(SERVER, "POST", "ttl/run")
        self.assertEqual((status, body), (200, {"deleted": 3}))
        left = client.scan(TableName=table)["Items"]
        self.assertEqual([item["PK"]["S"] for item in left], ["later"])
        arn = client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
        removed = []
        for each in shard:
            iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=each["ShardId"],
                                                  ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            for record in streams.get_records(ShardIterator=iterator)["Records"]:
                if record["eventName"] == "REMOVE":
                    self.assertEqual(record["userIdentity"], {
                        "PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"})
                    removed.append(record["dynamodb"]["Keys"]["PK"]["S"])
        self.assertEqual(sorted(removed), ["soon-0", "soon-1", "soon-2"])


class RequestLogTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(admin.call(SERVER, "DELETE", "requests")[0], 200)

    def test_entries_describe_each_request(self):
        client = SERVER.client(raw_errors=True)
        table = harness.unique_table_name("admin-log")
        client.create_table(
            TableName=table, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "G", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            GlobalSecondaryIndexes=[{"IndexName": "byG",
                                     "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])
        client.put_item(TableName=table, Item={"PK": {"S": "a"}, "G": {"S": "g"}})
        client.put_item(TableName=table, Item={"PK": {"S": "b"}, "G": {"S": "h"}})
        client.get_item(TableName=table, Key={"PK": {"S": "a"}}, ConsistentRead=True)
        client.query(TableName=table, IndexName="byG", KeyConditionExpression="G = :g",
                     ExpressionAttributeValues={":g": {"S": "g"}})
        client.scan(TableName=table, FilterExpression="PK = :a",
                    ExpressionAttributeValues={":a": {"S": "a"}})
        with self.assertRaises(ClientError):
            client.put_item(TableName=table, Item={"PK": {"S": "a"}},
                            ConditionExpression="attribute_not_exists(PK)")
        status, body = admin.call(SERVER, "GET", "requests")
        self.assertEqual(status, 200)
        entries = body["requests"]
        self.assertEqual([e["operation"] for e in entries],
                         ["CreateTable", "PutItem", "PutItem", "GetItem", "Query", "Scan",
                          "PutItem"])
        sequences = [e["sequence"] for e in entries]
        self.assertEqual(sequences, list(range(sequences[0], sequences[0] + 7)))
        for entry in entries:
            self.assertEqual(set(entry), {
                "sequence", "time", "region", "accessKey", "operation", "table", "index",
                "status", "errorType", "latencyMicros", "consumedCapacity", "count",
                "scannedCount", "scan"})
            self.assertEqual((entry["region"], entry["accessKey"], entry["table"]),
                             ("us-east-1", "test", table))
            self.assertAlmostEqual(entry["time"], time.time(), delta=60)
            self.assertGreaterEqual(entry["latencyMicros"], 0)
        create, put, _, get, query, scan, failed = entries
        self.assertEqual((create["status"], create["errorType"], create["consumedCapacity"]),
                         (200, None, 0))
        # A 1 KB-or-less item written to the table and its GSI: 1 unit each.
        self.assertEqual(put["consumedCapacity"], 2)
        self.assertEqual((put["count"], put["scannedCount"], put["scan"]), (None, None, False))
        self.assertEqual(get["consumedCapacity"], 1)  # strongly consistent
        self.assertEqual((query["index"], query["count"], query["scannedCount"], query["scan"],
                          query["consumedCapacity"]), ("byG", 1, 1, False, 0.5))
        self.assertEqual((scan["index"], scan["count"], scan["scannedCount"], scan["scan"]),
                         (None, 1, 2, True))
        self.assertEqual((failed["status"], failed["errorType"]),
                         (400, "ConditionalCheckFailedException"))

    def test_limit_keeps_the_newest_last(self):
        client = SERVER.client()
        for _ in range(4):
            client.list_tables(Limit=1)
        client.describe_limits()
        status, body = admin.call(SERVER, "GET", "requests?limit=2")
        self.assertEqual(status, 200)
        self.assertEqual([e["operation"] for e in body["requests"]],
                         ["ListTables", "DescribeLimits"])
        self.assertEqual(admin.call(SERVER, "GET", "requests?limit=0")[1], {"requests": []})
        for bad in ["-1", "ten", "", "1x"]:
            with self.subTest(limit=bad):
                status, body = admin.call(SERVER, "GET", "requests?limit=" + bad)
                self.assertEqual(status, 400)
                self.assertEqual(body["message"], f"limit must be a whole number, not '{bad}'")

    def test_the_ring_keeps_the_latest_entries(self):
        client = SERVER.client()
        for _ in range(60):
            client.list_tables(Limit=1)
        entries = admin.call(SERVER, "GET", "requests")[1]["requests"]
        self.assertEqual(len(entries), 50)  # --request-log-size 50
        sequences = [e["sequence"] for e in entries]
        self.assertEqual(sequences, list(range(sequences[0], sequences[0] + 50)))

    def test_admin_requests_are_not_dynamodb_requests(self):
        admin.call(SERVER, "GET", "clock")
        self.assertEqual(admin.call(SERVER, "GET", "requests")[1], {"requests": []})


class LogRequestsToStdoutTest(unittest.TestCase):
    def test_each_request_is_a_json_line(self):
        server = harness.Server(["--log-requests", "--no-admin-api"]).start()
        self.addCleanup(server.stop)
        server.client().list_tables()
        line = server.stdout_lines.get(timeout=10)
        entry = json.loads(line)
        self.assertEqual((entry["operation"], entry["status"], entry["accessKey"]),
                         ("ListTables", 200, "test"))
        with self.assertRaises(queue.Empty):
            server.stdout_lines.get(timeout=0.2)


class NoAdminApiTest(unittest.TestCase):
    def test_paths_are_answered_as_dynamodb_answers_them(self):
        server = harness.Server(["--no-admin-api"]).start()
        self.addCleanup(server.stop)
        status, body = admin.call(server, "GET", "clock")
        self.assertEqual((status, body), (404, b"<UnknownOperationException/>\n"))


class SignedAdminTest(unittest.TestCase):
    KEY, SECRET = "AKIDADMIN", "admin-secret"

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server(["--require-auth", "--access-key", cls.KEY,
                                     "--secret-key", cls.SECRET]).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_a_signed_request_passes(self):
        status, body = admin.call(self.server, "GET", "clock",
                                  credentials=(self.KEY, self.SECRET))
        self.assertEqual(status, 200, body)
        status, body = admin.call(self.server, "POST", "clock", {"advanceSeconds": 1},
                                  credentials=(self.KEY, self.SECRET))
        self.assertEqual(status, 200, body)

    def test_unsigned_and_badly_signed_requests_are_refused(self):
        status, body = admin.call(self.server, "GET", "clock")
        self.assertEqual(status, 403)
        self.assertEqual(body["error"], "MissingAuthenticationTokenException")
        status, body = admin.call(self.server, "POST", "clock", {"advanceSeconds": 1},
                                  credentials=(self.KEY, "wrong"))
        self.assertEqual(status, 403)
        self.assertEqual(body["error"], "InvalidSignatureException")
        status, body = admin.call(self.server, "GET", "clock",
                                  credentials=("AKIDUNKNOWN", self.SECRET))
        self.assertEqual((status, body["error"]), (403, "UnrecognizedClientException"))


if __name__ == "__main__":
    unittest.main()
