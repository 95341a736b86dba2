"""Fault injection through the admin API (docs/ADMIN.md, "Fault injection"), against the real
binary with boto3 and plain HTTP: each injected error as DynamoDB sends it, nothing written by an
injected failure, rules by table, count, every Nth and seeded probability, batch shares, added
latency that does not hold the serving thread, boto3's own retries, refused rules and the
--faults file."""

import concurrent.futures
import http.client
import json
import os
import subprocess
import tempfile
import time
import unittest

import boto3
import botocore.config
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from botocore.exceptions import ClientError

from . import admin
from . import server as harness

# One serving thread: a delayed answer must not keep the server from serving other connections.
SERVER = harness.ModuleServer(["--threads", "1"])
TABLE = None
OTHER = None


def setUpModule():
    global TABLE, OTHER
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("faults"), ("pk", "S"))
    OTHER = harness.create_table(client, harness.unique_table_name("faults-other"), ("pk", "S"))


def set_rules(rules, seed=None):
    body = {"rules": rules}
    if seed is not None:
        body["seed"] = seed
    status, answer = admin.call(SERVER, "PUT", "faults", body)
    assert status == 200, answer
    return answer


def dynamodb(operation, body, server=None):
    """One DynamoDB request over plain HTTP, SigV4-signed as an SDK signs it; returns (status,
    decoded JSON body or None when empty)."""
    server = server or SERVER
    payload = json.dumps(body).encode()
    request = AWSRequest(method="POST", url=server.endpoint + "/", data=payload, headers={
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810." + operation,
    })
    SigV4Auth(Credentials("test", "test"), "dynamodb", harness.REGION).add_auth(request)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("POST", "/", body=payload, headers=dict(request.headers.items()))
        response = connection.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else None)
    finally:
        connection.close()


def key(pk):
    return {"pk": {"S": pk}}


class FaultTest(harness.ServerTest):
    server = SERVER

    def tearDown(self):
        status, answer = admin.call(SERVER, "DELETE", "faults")
        self.assertEqual((status, answer), (200, {"rules": []}))

    def stored(self, pk, table=None):
        """The item `pk` of `table` (TABLE by default) as stored, read with the rules cleared."""
        answer = self.raw.get_item(TableName=table or TABLE, Key=key(pk), ConsistentRead=True)
        return answer.get("Item")

    # --- Each error, as DynamoDB sends it -------------------------------------------------------

    def test_each_error_has_dynamodbs_status_type_and_message_and_writes_nothing(self):
        """Throttling, internal and conflict errors come with DynamoDB's status, __type namespace
        and text, and the write they stop leaves nothing behind."""
        cases = [
            ("ProvisionedThroughputExceededException", 400,
             "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
             "The level of configured provisioned throughput for the table was exceeded. "
             "Consider increasing your provisioning level with the UpdateTable API."),
            ("ThrottlingException", 400, "com.amazon.coral.availability#ThrottlingException",
             "Rate of requests exceeds the allowed throughput."),
            ("RequestLimitExceeded", 400, "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
             "Throughput exceeds the current throughput limit for your account. Please contact "
             "AWS Support at https://aws.amazon.com/support request a limit increase"),
            ("InternalServerError", 500, "com.amazonaws.dynamodb.v20120810#InternalServerError",
             "Internal server error"),
            ("ServiceUnavailable", 503, "com.amazonaws.dynamodb.v20120810#ServiceUnavailable",
             "DynamoDB is currently unavailable. (This should be a temporary state.)"),
            ("TransactionConflictException", 400,
             "com.amazonaws.dynamodb.v20120810#TransactionConflictException",
             "Transaction is ongoing for the item"),
        ]
        for error, status, wire_type, message in cases:
            with self.subTest(error=error):
                pk = "each-" + error
                set_rules([{"operation": ["PutItem", "UpdateItem"], "error": error}])
                answer = dynamodb("PutItem", {"TableName": TABLE, "Item": key(pk)})
                self.assertEqual(answer, (status, {"__type": wire_type, "message": message}))
                answer = dynamodb("UpdateItem", {
                    "TableName": TABLE, "Key": key(pk), "UpdateExpression": "SET v = :v",
                    "ExpressionAttributeValues": {":v": {"N": "1"}}})
                self.assertEqual(answer[0], status)
                # boto3 reads the same code and message (no retries for this client).
                with self.assertRaises(ClientError) as caught:
                    self.raw.put_item(TableName=TABLE, Item=key(pk))
                self.assertEqual(caught.exception.response["Error"]["Code"],
                                 wire_type.split("#")[1])
                self.assertEqual(caught.exception.response["Error"]["Message"], message)
                self.assertEqual(
                    caught.exception.response["ResponseMetadata"]["HTTPStatusCode"], status)
                admin.call(SERVER, "DELETE", "faults")
                self.assertIsNone(self.stored(pk))

    def test_a_cancelled_transaction_names_the_conflict_and_writes_nothing(self):
        """TransactionCanceledException carries a TransactionConflict reason for the chosen
        action and None for the others; no action of the transaction is applied."""
        set_rules([{"operation": "TransactWriteItems", "error": "TransactionCanceledException",
                    "table": OTHER}])
        with self.assertRaises(ClientError) as caught:
            self.raw.transact_write_items(TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("tx-1")}},
                {"Put": {"TableName": OTHER, "Item": key("tx-2")}},
                {"Update": {"TableName": TABLE, "Key": key("tx-3"),
                            "UpdateExpression": "SET v = :v",
                            "ExpressionAttributeValues": {":v": {"N": "1"}}}},
            ])
        response = caught.exception.response
        self.assertEqual(response["Error"]["Code"], "TransactionCanceledException")
        self.assertEqual(response["Error"]["Message"],
                         "Transaction cancelled, please refer cancellation reasons for specific "
                         "reasons [None, TransactionConflict, None]")
        self.assertEqual(response["CancellationReasons"], [
            {"Code": "None"},
            {"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"},
            {"Code": "None"},
        ])
        admin.call(SERVER, "DELETE", "faults")
        self.assertIsNone(self.stored("tx-1"))
        self.assertIsNone(self.stored("tx-2", OTHER))
        self.assertIsNone(self.stored("tx-3"))

    def test_transaction_item_picks_the_blamed_action(self):
        """transactionItem chooses which action gets the TransactionConflict reason."""
        set_rules([{"error": "TransactionCanceledException", "transactionItem": 1}])
        status, body = dynamodb("TransactGetItems", {"TransactItems": [
            {"Get": {"TableName": TABLE, "Key": key("a")}},
            {"Get": {"TableName": TABLE, "Key": key("b")}}]})
        self.assertEqual(status, 400)
        self.assertEqual(body["__type"],
                         "com.amazonaws.dynamodb.v20120810#TransactionCanceledException")
        self.assertEqual([reason["Code"] for reason in body["CancellationReasons"]],
                         ["None", "TransactionConflict"])

    def test_a_failed_batch_write_writes_nothing(self):
        """An error injected into BatchWriteItem writes none of its requests."""
        set_rules([{"operation": "BatchWriteItem", "error": "ProvisionedThroughputExceededException"}])
        with self.assertRaises(ClientError) as caught:
            self.raw.batch_write_item(RequestItems={TABLE: [
                {"PutRequest": {"Item": key("batch-failed-%d" % i)}} for i in range(3)]})
        self.assertEqual(caught.exception.response["Error"]["Code"],
                         "ProvisionedThroughputExceededException")
        admin.call(SERVER, "DELETE", "faults")
        for i in range(3):
            self.assertIsNone(self.stored("batch-failed-%d" % i))

    # --- Which requests a rule applies to and fires on -----------------------------------------

    def test_a_table_filter_spares_other_tables(self):
        """A rule with a table applies to requests on that table only."""
        set_rules([{"operation": "PutItem", "table": OTHER, "error": "ThrottlingException"}])
        self.raw.put_item(TableName=TABLE, Item=key("spared"))
        with self.assertRaises(ClientError) as caught:
            self.raw.put_item(TableName=OTHER, Item=key("hit"))
        self.assertEqual(caught.exception.response["Error"]["Code"], "ThrottlingException")
        admin.call(SERVER, "DELETE", "faults")
        self.assertIsNotNone(self.stored("spared"))
        self.assertIsNone(self.stored("hit", OTHER))

    def test_count_retires_the_rule(self):
        """A rule with a count fires on that many requests, then lets requests through."""
        set_rules([{"operation": "GetItem", "error": "InternalServerError", "count": 2}])
        statuses = [dynamodb("GetItem", {"TableName": TABLE, "Key": key("a")})[0]
                    for _ in range(4)]
        self.assertEqual(statuses, [500, 500, 200, 200])
        self.assertEqual(admin.call(SERVER, "GET", "faults"), (200, {"rules": [
            {"operation": "GetItem", "error": "InternalServerError", "count": 2,
             "matched": 2, "hits": 2, "remaining": 0}]}))

    def test_every_fires_on_each_nth_request(self):
        """"every": 3 fires on the 3rd, 6th, ... request the rule applies to."""
        set_rules([{"operation": "GetItem", "error": "ServiceUnavailable", "every": 3}])
        statuses = [dynamodb("GetItem", {"TableName": TABLE, "Key": key("a")})[0]
                    for _ in range(7)]
        self.assertEqual(statuses, [200, 200, 503, 200, 200, 503, 200])

    def test_reads_selects_the_read_operations(self):
        """"reads": true applies to the item reads and not to writes."""
        set_rules([{"reads": True, "error": "ThrottlingException"}])
        self.assertEqual(dynamodb("Query", {
            "TableName": TABLE, "KeyConditionExpression": "pk = :p",
            "ExpressionAttributeValues": {":p": {"S": "a"}}})[0], 400)
        self.assertEqual(dynamodb("Scan", {"TableName": TABLE})[0], 400)
        self.assertEqual(dynamodb("PutItem", {"TableName": TABLE, "Item": key("reads")})[0], 200)

    def test_a_seed_makes_the_choices_reproducible(self):
        """With the same seed, the same requests get the same outcomes, run after run."""
        def run():
            set_rules([{"operation": "GetItem", "error": "ThrottlingException",
                        "probability": 0.5}], seed=20261125)
            return [dynamodb("GetItem", {"TableName": TABLE, "Key": key("a")})[0]
                    for _ in range(40)]
        first = run()
        self.assertEqual(run(), first)
        self.assertGreater(first.count(400), 5)
        self.assertGreater(first.count(200), 5)
        status, answer = admin.call(SERVER, "GET", "faults")
        self.assertEqual(answer["seed"], 20261125)
        self.assertEqual(answer["rules"][0]["hits"], first.count(400))

    # --- Batch shares --------------------------------------------------------------------------

    def test_unprocessed_items_are_not_written_and_come_back_as_sent(self):
        """A batch share leaves that part of a BatchWriteItem in UnprocessedItems, exactly as sent
        and unwritten; the rest is written, and sending the rest again writes it."""
        set_rules([{"operation": "BatchWriteItem", "error": "UnprocessedItems", "share": 0.5}],
                  seed=1)
        requests = [{"PutRequest": {"Item": {**key("share-%d" % i), "n": {"N": str(i)}}}}
                    for i in range(10)]
        answer = self.raw.batch_write_item(RequestItems={TABLE: requests})
        left = answer["UnprocessedItems"][TABLE]
        self.assertEqual(len(left), 5)
        for request in requests:
            pk = request["PutRequest"]["Item"]["pk"]["S"]
            with self.subTest(pk=pk):
                if request in left:
                    self.assertIsNone(self.stored(pk))
                else:
                    self.assertEqual(self.stored(pk), request["PutRequest"]["Item"])
        admin.call(SERVER, "DELETE", "faults")
        self.assertEqual(self.raw.batch_write_item(RequestItems={TABLE: left})["UnprocessedItems"],
                         {})
        for i in range(10):
            self.assertIsNotNone(self.stored("share-%d" % i))

    def test_unprocessed_keys_are_not_read_and_come_back_as_sent(self):
        """A batch share leaves that part of a BatchGetItem in UnprocessedKeys with its
        KeysAndAttributes members; the rest is read."""
        for i in range(4):
            self.raw.put_item(TableName=TABLE, Item={**key("get-%d" % i), "n": {"N": str(i)}})
        set_rules([{"error": "UnprocessedKeys", "share": 0.5, "table": TABLE}], seed=2)
        keys = [key("get-%d" % i) for i in range(4)]
        answer = self.raw.batch_get_item(RequestItems={
            TABLE: {"Keys": keys, "ConsistentRead": True, "ProjectionExpression": "pk"},
            OTHER: {"Keys": [key("none")]}})
        left = answer["UnprocessedKeys"][TABLE]
        self.assertEqual(set(left), {"Keys", "ConsistentRead", "ProjectionExpression"})
        self.assertEqual(len(left["Keys"]), 2)
        read = sorted(item["pk"]["S"] for item in answer["Responses"][TABLE])
        self.assertEqual(read, sorted(k["pk"]["S"] for k in keys if k not in left["Keys"]))
        self.assertNotIn(OTHER, answer["UnprocessedKeys"])

    # --- Latency -------------------------------------------------------------------------------

    def test_latency_delays_the_answer_without_holding_the_server(self):
        """latencyMs delays the answer by at least that much, while the one serving thread goes
        on answering other connections."""
        set_rules([{"operation": "GetItem", "table": OTHER, "latencyMs": 800}])
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            started = time.monotonic()
            slow = pool.submit(lambda: (dynamodb("GetItem", {"TableName": OTHER,
                                                             "Key": key("a")}),
                                        time.monotonic()))
            time.sleep(0.1)
            quick = dynamodb("GetItem", {"TableName": TABLE, "Key": key("a")})
            quick_done = time.monotonic()
            (slow_status, _), slow_done = slow.result()
        self.assertEqual(quick[0], 200)
        self.assertEqual(slow_status, 200)
        self.assertLess(quick_done - started, 0.6)
        self.assertFalse(slow_done < quick_done)
        self.assertGreaterEqual(slow_done - started, 0.8)

    # --- The request log ---------------------------------------------------------------------------

    def test_the_request_log_shows_injected_faults_as_the_client_saw_them(self):
        """An injected error is logged with its status and type, and an added latency counts in
        latencyMicros."""
        set_rules([{"operation": "GetItem", "table": TABLE, "error": "ThrottlingException",
                    "count": 1},
                   {"operation": "GetItem", "table": OTHER, "latencyMs": 300}])
        self.assertEqual(admin.call(SERVER, "DELETE", "requests")[0], 200)
        dynamodb("GetItem", {"TableName": TABLE, "Key": key("a")})
        dynamodb("GetItem", {"TableName": OTHER, "Key": key("a")})
        status, log = admin.call(SERVER, "GET", "requests")
        self.assertEqual(status, 200)
        throttled, delayed = log["requests"]
        self.assertEqual((throttled["table"], throttled["status"], throttled["errorType"]),
                         (TABLE, 400, "ThrottlingException"))
        self.assertEqual((delayed["table"], delayed["status"], delayed["errorType"]),
                         (OTHER, 200, None))
        self.assertGreaterEqual(delayed["latencyMicros"], 300000)

    # --- boto3's own retries -------------------------------------------------------------------

    def test_boto3_standard_retries_ride_out_throttles(self):
        """boto3's standard retry mode retries a throttle and a 503 as it would on DynamoDB: with
        a rule that fires twice, the call succeeds on the third request."""
        client = retrying(max_attempts=3)
        for error in ("ThrottlingException", "ServiceUnavailable"):
            with self.subTest(error=error):
                pk = "retried-" + error
                set_rules([{"operation": "PutItem", "error": error, "count": 2}])
                answer = client.put_item(TableName=TABLE, Item=key(pk))
                self.assertEqual(answer["ResponseMetadata"]["RetryAttempts"], 2)
                status, rules = admin.call(SERVER, "GET", "faults")
                self.assertEqual((rules["rules"][0]["hits"], rules["rules"][0]["remaining"]),
                                 (2, 0))
                self.assertIsNotNone(self.stored(pk))

    def test_boto3_gives_up_at_once_on_a_conditional_failure(self):
        """A ConditionalCheckFailedException is not retried: one request, one error."""
        client = retrying(max_attempts=5)
        set_rules([{"operation": "PutItem", "error": "ConditionalCheckFailedException",
                    "count": 3}])
        with self.assertRaises(client.exceptions.ConditionalCheckFailedException) as caught:
            client.put_item(TableName=TABLE, Item=key("not-retried"))
        self.assertEqual(caught.exception.response["ResponseMetadata"]["RetryAttempts"], 0)
        self.assertEqual(caught.exception.response["Error"]["Message"],
                         "The conditional request failed")
        status, rules = admin.call(SERVER, "GET", "faults")
        self.assertEqual((rules["rules"][0]["hits"], rules["rules"][0]["remaining"]), (1, 2))
        admin.call(SERVER, "DELETE", "faults")
        self.assertIsNone(self.stored("not-retried"))

    # --- The rule list -------------------------------------------------------------------------

    def test_get_shows_the_rules_with_their_counts(self):
        """GET /ddblocal/faults gives each rule as it was set, with how many requests it applied
        to, how many it fired on and, for a rule with a count, how many hits remain."""
        rules = [{"operation": ["PutItem", "DeleteItem"], "table": TABLE,
                  "error": "ThrottlingException", "probability": 1, "count": 3},
                 {"reads": True, "latencyMs": 5, "every": 2}]
        self.assertEqual(set_rules(rules, seed=9), {"seed": 9, "rules": [
            {**rules[0], "matched": 0, "hits": 0, "remaining": 3},
            {**rules[1], "matched": 0, "hits": 0}]})
        dynamodb("PutItem", {"TableName": TABLE, "Item": key("shown")})
        dynamodb("GetItem", {"TableName": TABLE, "Key": key("shown")})
        self.assertEqual(admin.call(SERVER, "GET", "faults"), (200, {"seed": 9, "rules": [
            {**rules[0], "matched": 1, "hits": 1, "remaining": 2},
            {**rules[1], "matched": 1, "hits": 0}]}))

    def test_bad_rules_are_refused_and_leave_the_rules_as_they_were(self):
        """A rule list that cannot be used is a 400 BadRequest naming the rule and the problem,
        and the rules in force stay."""
        set_rules([{"operation": "GetItem", "latencyMs": 1}])
        before = admin.call(SERVER, "GET", "faults")
        refusals = [
            ({"rules": [{"operation": "PutItem", "error": "Throttled"}]},
             "rule 0: unknown error 'Throttled' (see docs/ADMIN.md)"),
            ({"rules": [{"error": "ThrottlingException"}, {"operation": "PutItems",
                                                          "error": "ThrottlingException"}]},
             "rule 1: 'PutItems' is not a DynamoDB operation"),
            ({"rules": [{"error": "ThrottlingException", "probability": 2}]},
             "rule 0: probability must be a number from 0 to 1"),
            ({"rules": [{"error": "UnprocessedItems", "operation": "PutItem"}]},
             "rule 0: UnprocessedItems applies to BatchWriteItem and BatchGetItem, not PutItem"),
            ({"rules": [{"table": TABLE}]}, "rule 0: give an error, a latencyMs or both"),
            ({"rule": []}, "unknown member 'rule'"),
            (b"{not json", "the request body is not JSON: line 1: syntax error while parsing "
                           "object key - invalid literal; last read: '{no'; expected string literal"),
        ]
        for body, message in refusals:
            with self.subTest(message=message):
                answer = (admin.call(SERVER, "PUT", "faults", raw_body=body)
                          if isinstance(body, bytes) else admin.call(SERVER, "PUT", "faults", body))
                self.assertEqual(answer, (400, {"error": "BadRequest", "message": message}))
        self.assertEqual(admin.call(SERVER, "GET", "faults"), before)
        self.assertEqual(admin.call(SERVER, "POST", "faults", {"rules": []}), (405, {
            "error": "MethodNotAllowed", "message": "POST is not allowed on /ddblocal/faults"}))


def retrying(max_attempts):
    """A boto3 client in the standard retry mode."""
    return boto3.client(
        "dynamodb", endpoint_url=SERVER.endpoint, region_name=harness.REGION,
        aws_access_key_id="test", aws_secret_access_key="test",
        config=botocore.config.Config(retries={"mode": "standard",
                                               "max_attempts": max_attempts}))


class FaultsFileTest(unittest.TestCase):
    """--faults FILE: rules in force from the first request, and a file that cannot be used stops
    the start."""

    def write(self, text):
        handle, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(handle, "w") as file:
            file.write(text)
        self.addCleanup(os.remove, path)
        return path

    def test_rules_from_the_file_are_in_force_from_the_start(self):
        """The file's rules apply to the first request, and GET shows them."""
        path = self.write(json.dumps({"seed": 3, "rules": [
            {"operation": "ListTables", "error": "ThrottlingException", "count": 1}]}))
        server = harness.Server(["--faults", path]).start()
        try:
            self.assertEqual(dynamodb("ListTables", {}, server)[0], 400)
            self.assertEqual(dynamodb("ListTables", {}, server)[0], 200)
            self.assertEqual(admin.call(server, "GET", "faults"), (200, {"seed": 3, "rules": [
                {"operation": "ListTables", "error": "ThrottlingException", "count": 1,
                 "matched": 1, "hits": 1, "remaining": 0}]}))
        finally:
            server.stop()

    def test_a_bad_file_stops_the_start(self):
        """A file that is missing, not JSON, or holds a bad rule: exit status 2 and a message
        naming the file and the problem."""
        missing = os.path.join(tempfile.gettempdir(), "no-such-faults-file.json")
        cases = [
            (self.write('{"rules": [{"error": "Nope"}]}'),
             "rule 0: unknown error 'Nope' (see docs/ADMIN.md)"),
            (self.write('{"rules": ['), "not JSON: parse error at line 1, column 12"),
            (missing, "cannot read the file"),
        ]
        binary = os.environ.get("DDBLOCAL_BIN", harness.DEFAULT_BIN)
        for path, problem in cases:
            with self.subTest(problem=problem):
                result = subprocess.run(
                    [binary, "--host", "127.0.0.1", "--port", "0", "--faults", path],
                    capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, "")
                self.assertIn("ddblocal: --faults " + path + ": " + problem, result.stderr)


if __name__ == "__main__":
    unittest.main()
