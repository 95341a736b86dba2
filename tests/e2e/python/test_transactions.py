"""TransactWriteItems and TransactGetItems through boto3 against the real ddblocal binary: the
uniqueness-guard pattern, cancellation reasons, ClientRequestToken idempotency, snapshot reads,
and concurrent transfers that must keep their total.

Texts are AWS's (paritysuite captures, scylladb's test_transact.py run against AWS, raw AWS
bodies quoted in SDK issues). boto3 puts the
CancellationReasons of a TransactionCanceledException in err.response["CancellationReasons"],
with their Items undeserialized. botocore retries TransactionInProgressException but not
TransactionCanceledException, so a cancelled transfer reaches the test once."""

import random
import threading
import time
import unittest
import uuid

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # partition key PK (S) only
ORDERS = None  # partition key PK (S), sort key SK (S)

FAILED = "The conditional request failed"
CANCELLED = "Transaction cancelled, please refer cancellation reasons for specific reasons "


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, ORDERS
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("txn"), ("PK", "S"))
    ORDERS = harness.create_table(client, harness.unique_table_name("txn-orders"), ("PK", "S"),
                                  ("SK", "S"))


def key(name):
    return {"PK": {"S": name}}


def without_metadata(response):
    return {name: value for name, value in response.items() if name != "ResponseMetadata"}


class TransactionsTest(harness.ServerTest):
    server = SERVER

    def get(self, name, table=None):
        return self.client.get_item(TableName=table or TABLE, Key=key(name),
                                    ConsistentRead=True).get("Item")

    def assertCancelled(self, call, codes):
        """Runs call, expects TransactionCanceledException listing `codes`; returns the reasons."""
        with self.assertRaises(ClientError) as context:
            call()
        self.assertError(context, "TransactionCanceledException",
                         CANCELLED + "[" + ", ".join(codes) + "]")
        reasons = context.exception.response["CancellationReasons"]
        self.assertEqual([reason["Code"] for reason in reasons], codes)
        return reasons

    # --- All or nothing ---------------------------------------------------------------------

    def register(self, user, email):
        """Writes a user and its EMAIL# guard item, both only if absent, in one transaction."""
        return self.client.transact_write_items(TransactItems=[
            {"Put": {"TableName": TABLE,
                     "Item": {**key("USER#" + user), "email": {"S": email}},
                     "ConditionExpression": "attribute_not_exists(PK)"}},
            {"Put": {"TableName": TABLE,
                     "Item": {**key("EMAIL#" + email), "user": {"S": user}},
                     "ConditionExpression": "attribute_not_exists(PK)"}},
        ])

    def test_unique_email_guard_item_cancels_a_second_user_with_the_same_email(self):
        """A user and its email guard item are written together, and a second user with a taken email is cancelled with [None, ConditionalCheckFailed], writing nothing."""
        self.register("alice", "shared@example.com")
        self.assertEqual(self.get("USER#alice"),
                         {**key("USER#alice"), "email": {"S": "shared@example.com"}})
        self.assertEqual(self.get("EMAIL#shared@example.com"),
                         {**key("EMAIL#shared@example.com"), "user": {"S": "alice"}})

        reasons = self.assertCancelled(lambda: self.register("bob", "shared@example.com"),
                                       ["None", "ConditionalCheckFailed"])
        self.assertEqual(reasons, [{"Code": "None"},
                                   {"Code": "ConditionalCheckFailed", "Message": FAILED}])
        self.assertIsNone(self.get("USER#bob"))
        self.assertEqual(self.get("EMAIL#shared@example.com"),
                         {**key("EMAIL#shared@example.com"), "user": {"S": "alice"}})

    def test_writes_across_two_tables_apply_together(self):
        """Put, Update, Delete and ConditionCheck over two tables all apply when every condition holds."""
        self.client.put_item(TableName=TABLE, Item={**key("stock-1"), "count": {"N": "3"}})
        self.client.put_item(TableName=TABLE, Item=key("cart-1"))
        self.client.transact_write_items(TransactItems=[
            {"Update": {"TableName": TABLE, "Key": key("stock-1"),
                        "UpdateExpression": "SET #c = #c - :one",
                        "ConditionExpression": "#c >= :one",
                        "ExpressionAttributeNames": {"#c": "count"},
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}},
            {"Put": {"TableName": ORDERS,
                     "Item": {"PK": {"S": "customer-1"}, "SK": {"S": "order-1"}}}},
            {"Delete": {"TableName": TABLE, "Key": key("cart-1")}},
            {"ConditionCheck": {"TableName": TABLE, "Key": key("customer-1"),
                                "ConditionExpression": "attribute_not_exists(PK)"}},
        ])
        self.assertEqual(self.get("stock-1"), {**key("stock-1"), "count": {"N": "2"}})
        self.assertEqual(
            self.client.get_item(TableName=ORDERS, Key={"PK": {"S": "customer-1"},
                                                        "SK": {"S": "order-1"}})["Item"],
            {"PK": {"S": "customer-1"}, "SK": {"S": "order-1"}})
        self.assertIsNone(self.get("cart-1"))
        self.assertIsNone(self.get("customer-1"))

    def test_return_values_on_condition_check_failure_all_old_returns_the_item(self):
        """ReturnValuesOnConditionCheckFailure=ALL_OLD puts the item the failed condition saw in that action's reason, and NONE leaves it out."""
        self.client.put_item(TableName=TABLE,
                             Item={**key("versioned"), "version": {"N": "7"}, "data": {"S": "x"}})

        def bump(option):
            return lambda: self.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("audit-" + option)}},
                {"Update": {"TableName": TABLE, "Key": key("versioned"),
                            "UpdateExpression": "SET version = :next",
                            "ConditionExpression": "version = :expected",
                            "ExpressionAttributeValues": {":next": {"N": "2"},
                                                          ":expected": {"N": "1"}},
                            "ReturnValuesOnConditionCheckFailure": option}},
            ])

        reasons = self.assertCancelled(bump("ALL_OLD"), ["None", "ConditionalCheckFailed"])
        self.assertEqual(reasons[1], {
            "Code": "ConditionalCheckFailed", "Message": FAILED,
            "Item": {**key("versioned"), "version": {"N": "7"}, "data": {"S": "x"}}})
        reasons = self.assertCancelled(bump("NONE"), ["None", "ConditionalCheckFailed"])
        self.assertEqual(reasons[1], {"Code": "ConditionalCheckFailed", "Message": FAILED})
        self.assertIsNone(self.get("audit-ALL_OLD"))
        self.assertEqual(self.get("versioned")["version"], {"N": "7"})

    def test_wrong_key_type_in_a_put_cancels_with_a_validation_error(self):
        """A Put whose key has the wrong type cancels with a ValidationError reason carrying PutItem's message."""
        reasons = self.assertCancelled(
            lambda: self.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": TABLE, "Item": {"PK": {"N": "5"}}}},
                {"Put": {"TableName": TABLE, "Item": key("never-written")}},
            ]),
            ["ValidationError", "None"])
        self.assertEqual(reasons[0]["Message"], "One or more parameter values were invalid: "
                                                "Type mismatch for key PK expected: S actual: N")
        self.assertIsNone(self.get("never-written"))

    # --- Request-level errors ---------------------------------------------------------------

    def test_two_actions_on_one_item_are_rejected(self):
        """Two actions of one transaction on the same item are a ValidationException, not a cancellation."""
        with self.assertRaises(ClientError) as context:
            self.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("twice")}},
                {"ConditionCheck": {"TableName": TABLE, "Key": key("twice"),
                                    "ConditionExpression": "attribute_not_exists(PK)"}},
            ])
        self.assertError(context, "ValidationException",
                         "Transaction request cannot include multiple operations on one item")
        self.assertIsNone(self.get("twice"))

    def test_a_missing_table_is_resource_not_found(self):
        """An action on a table that does not exist fails the request with ResourceNotFoundException."""
        with self.assertRaises(ClientError) as context:
            self.client.transact_write_items(TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("orphan")}},
                {"Put": {"TableName": "no-such-table", "Item": key("x")}},
            ])
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")
        self.assertIsNone(self.get("orphan"))

    # --- Idempotency ------------------------------------------------------------------------

    def test_retry_with_the_same_client_request_token_does_not_write_again(self):
        """A retry with the same ClientRequestToken and parameters succeeds with the same response and writes nothing more."""
        token = str(uuid.uuid4())
        request = {"ClientRequestToken": token, "TransactItems": [
            {"Update": {"TableName": TABLE, "Key": key("counter"),
                        "UpdateExpression": "ADD hits :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}}]}
        first = self.client.transact_write_items(**request)
        second = self.client.transact_write_items(**request)
        self.assertEqual(without_metadata(first), {})
        self.assertEqual(without_metadata(second), {})
        self.assertEqual(self.get("counter"), {**key("counter"), "hits": {"N": "1"}})
        # boto3 gives each call a fresh token when none is passed: then it writes again.
        del request["ClientRequestToken"]
        self.client.transact_write_items(**request)
        self.assertEqual(self.get("counter"), {**key("counter"), "hits": {"N": "2"}})

    def test_same_token_with_other_parameters_is_a_mismatch(self):
        """The same ClientRequestToken with different parameters is IdempotentParameterMismatchException."""
        token = str(uuid.uuid4())
        self.client.transact_write_items(ClientRequestToken=token, TransactItems=[
            {"Put": {"TableName": TABLE, "Item": key("first-payload")}}])
        with self.assertRaises(ClientError) as context:
            self.client.transact_write_items(ClientRequestToken=token, TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("second-payload")}}])
        self.assertError(context, "IdempotentParameterMismatchException",
                         "DynamoDB rejected the request because you retried a request with a "
                         "different payload but with an idempotent token that was already used.")
        self.assertIsNone(self.get("second-payload"))

    def test_token_longer_than_36_characters_is_rejected(self):
        """A ClientRequestToken longer than 36 characters fails the model's length constraint."""
        raw = SERVER.client(raw_errors=True)
        token = "t" * 37
        with self.assertRaises(ClientError) as context:
            raw.transact_write_items(ClientRequestToken=token, TransactItems=[
                {"Put": {"TableName": TABLE, "Item": key("long-token")}}])
        self.assertError(context, "ValidationException",
                         f"1 validation error detected: Value '{token}' at 'clientRequestToken' "
                         "failed to satisfy constraint: Member must have length less than or "
                         "equal to 36")

    # --- Capacity ---------------------------------------------------------------------------

    def test_consumed_capacity_is_listed_per_table_with_write_units(self):
        """ReturnConsumedCapacity lists each table with CapacityUnits and WriteCapacityUnits, two per kilobyte per item."""
        response = self.client.transact_write_items(ReturnConsumedCapacity="TOTAL", TransactItems=[
            {"Put": {"TableName": TABLE, "Item": key("cap-1")}},
            {"Put": {"TableName": TABLE, "Item": key("cap-2")}},
            {"Put": {"TableName": ORDERS, "Item": {"PK": {"S": "cap"}, "SK": {"S": "1"}}}},
        ])
        self.assertEqual(response["ConsumedCapacity"], [
            {"TableName": TABLE, "CapacityUnits": 4.0, "WriteCapacityUnits": 4.0},
            {"TableName": ORDERS, "CapacityUnits": 2.0, "WriteCapacityUnits": 2.0},
        ])

    # --- TransactGetItems -------------------------------------------------------------------

    def test_transact_get_items_returns_items_in_request_order(self):
        """TransactGetItems answers each Get in request order, {} for a missing item, applying each projection."""
        self.client.put_item(TableName=TABLE, Item={**key("get-a"), "x": {"N": "1"},
                                                    "y": {"N": "2"}})
        self.client.put_item(TableName=ORDERS, Item={"PK": {"S": "get-b"}, "SK": {"S": "1"},
                                                     "total": {"N": "9"}})
        response = self.client.transact_get_items(ReturnConsumedCapacity="TOTAL", TransactItems=[
            {"Get": {"TableName": ORDERS, "Key": {"PK": {"S": "get-b"}, "SK": {"S": "1"}}}},
            {"Get": {"TableName": TABLE, "Key": key("get-missing")}},
            {"Get": {"TableName": TABLE, "Key": key("get-a"), "ProjectionExpression": "#y",
                     "ExpressionAttributeNames": {"#y": "y"}}},
        ])
        self.assertEqual(response["Responses"], [
            {"Item": {"PK": {"S": "get-b"}, "SK": {"S": "1"}, "total": {"N": "9"}}},
            {},
            {"Item": {"y": {"N": "2"}}},
        ])
        self.assertEqual(response["ConsumedCapacity"], [
            {"TableName": ORDERS, "CapacityUnits": 2.0, "ReadCapacityUnits": 2.0},
            {"TableName": TABLE, "CapacityUnits": 4.0, "ReadCapacityUnits": 4.0},
        ])

    def test_transact_get_items_with_a_key_not_matching_the_schema_cancels(self):
        """A Get whose Key does not match the table's schema cancels with a ValidationError reason."""
        reasons = self.assertCancelled(
            lambda: self.client.transact_get_items(TransactItems=[
                {"Get": {"TableName": TABLE, "Key": key("get-a")}},
                {"Get": {"TableName": TABLE, "Key": {}}},
            ]),
            ["None", "ValidationError"])
        self.assertEqual(reasons[1], {"Code": "ValidationError",
                                      "Message": "The provided key element does not match the "
                                                 "schema"})


ACCOUNTS = 20
INITIAL_BALANCE = 100
WRITERS = 5
TRANSFERS_PER_WRITER = 300
READERS = 2
DEADLINE_SECONDS = 180


class ConcurrentTransfersTest(unittest.TestCase):
    def test_concurrent_transfers_keep_the_total_and_every_snapshot_sees_it(self):
        """Concurrent conditional transfers between 20 accounts keep the total balance, every TransactGetItems snapshot of all accounts sees that total, and nothing deadlocks."""
        table = harness.create_table(SERVER.client(), harness.unique_table_name("bank"),
                                     ("PK", "S"))
        names = [f"account-{i:02d}" for i in range(ACCOUNTS)]
        setup = SERVER.client()
        for name in names:
            setup.put_item(TableName=table,
                           Item={**key(name), "balance": {"N": str(INITIAL_BALANCE)}})
        total = ACCOUNTS * INITIAL_BALANCE
        # boto3's default session is not thread-safe: every client is made here, one per thread.
        writer_clients = [SERVER.client() for _ in range(WRITERS)]
        reader_clients = [SERVER.client() for _ in range(READERS)]
        done = threading.Event()
        lock = threading.Lock()
        results = {"committed": 0, "cancelled": 0, "snapshots": 0, "bad_snapshots": [],
                   "unexpected": []}

        def transfer(client, rng):
            source, target = rng.sample(names, 2)
            # Up to 1.5 times a starting balance, so that some transfers must be refused.
            amount = {"N": str(rng.randint(1, INITIAL_BALANCE * 3 // 2))}
            try:
                client.transact_write_items(TransactItems=[
                    {"Update": {"TableName": table, "Key": key(source),
                                "UpdateExpression": "SET balance = balance - :amount",
                                "ConditionExpression": "balance >= :amount",
                                "ExpressionAttributeValues": {":amount": amount}}},
                    {"Update": {"TableName": table, "Key": key(target),
                                "UpdateExpression": "SET balance = balance + :amount",
                                "ExpressionAttributeValues": {":amount": amount}}},
                ])
                return "committed"
            except ClientError as error:
                codes = [reason["Code"] for reason in error.response.get("CancellationReasons", [])]
                if (error.response["Error"]["Code"] == "TransactionCanceledException"
                        and codes == ["ConditionalCheckFailed", "None"]):
                    return "cancelled"
                raise

        def writer(index):
            rng = random.Random(index)
            try:
                for _ in range(TRANSFERS_PER_WRITER):
                    outcome = transfer(writer_clients[index], rng)
                    with lock:
                        results[outcome] += 1
            except Exception as error:  # reported by the main thread
                with lock:
                    results["unexpected"].append(repr(error))

        def reader(index):
            client = reader_clients[index]
            try:
                while not done.is_set():
                    response = client.transact_get_items(TransactItems=[
                        {"Get": {"TableName": table, "Key": key(name)}} for name in names])
                    balances = [int(entry["Item"]["balance"]["N"])
                                for entry in response["Responses"]]
                    with lock:
                        results["snapshots"] += 1
                        if sum(balances) != total or min(balances) < 0:
                            results["bad_snapshots"].append(balances)
            except Exception as error:
                with lock:
                    results["unexpected"].append(repr(error))

        writers = [threading.Thread(target=writer, args=(i,), daemon=True) for i in range(WRITERS)]
        readers = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(READERS)]
        started = time.monotonic()
        for thread in readers + writers:
            thread.start()
        for thread in writers:
            thread.join(timeout=max(0.0, DEADLINE_SECONDS - (time.monotonic() - started)))
        done.set()
        for thread in readers:
            thread.join(timeout=30)
        self.assertFalse(any(thread.is_alive() for thread in writers + readers),
                         f"transfers still running after {DEADLINE_SECONDS} s: a deadlock?")

        self.assertEqual(results["unexpected"], [])
        self.assertEqual(results["committed"] + results["cancelled"],
                         WRITERS * TRANSFERS_PER_WRITER)
        self.assertGreater(results["committed"], 0)
        self.assertGreater(results["cancelled"], 0)
        self.assertGreater(results["snapshots"], 0)
        self.assertEqual(results["bad_snapshots"], [])

        final = setup.transact_get_items(TransactItems=[
            {"Get": {"TableName": table, "Key": key(name)}} for name in names])
        balances = [int(entry["Item"]["balance"]["N"]) for entry in final["Responses"]]
        self.assertEqual(sum(balances), total)
        self.assertGreaterEqual(min(balances), 0)
        scanned = setup.scan(TableName=table, ConsistentRead=True)["Items"]
        self.assertEqual(sum(int(item["balance"]["N"]) for item in scanned), total)


if __name__ == "__main__":
    unittest.main()
