"""GSIs with multi-attribute keys (up to four HASH and four RANGE attributes) through boto3 against
the real binary: creation and description, sparse entries, Query rules and order, paging, Scan,
projections, capacity, online creation with a backfill, transactions, TTL deletes and a restart in
durable mode."""

import shutil
import tempfile
import time
import unittest

import botocore.exceptions

from python import server as harness

SERVER = harness.ModuleServer(["--ttl-interval", "1"])
setUpModule = SERVER.start

VALIDATION = "ValidationException"
BOARD_KEY = [("tournament", "HASH"), ("region", "HASH"), ("score", "RANGE"), ("at", "RANGE")]
DEFINITIONS = [("pk", "S"), ("tournament", "S"), ("region", "S"), ("score", "N"), ("at", "S")]
PARTITION = "tournament = :t AND #region = :r"
NAMES = {"#region": "region"}


def key_schema(elements):
    return [{"AttributeName": name, "KeyType": kind} for name, kind in elements]


def definitions(pairs):
    return [{"AttributeName": name, "AttributeType": kind} for name, kind in pairs]


def board_index(projection=None):
    return {"IndexName": "board", "KeySchema": key_schema(BOARD_KEY),
            "Projection": projection or {"ProjectionType": "ALL"}}


def run_item(pk, score, at, region="EU", **extra):
    item = {"pk": {"S": pk}, "tournament": {"S": "WINTER"}, "region": {"S": region},
            "score": {"N": str(score)}, "at": {"S": at}}
    item.update(extra)
    return item


def values(**more):
    result = {":t": {"S": "WINTER"}, ":r": {"S": "EU"}}
    result.update(more)
    return result


class MultiAttributeKeysTest(harness.ServerTest):
    server = SERVER

    def make_table(self, projection=None, **extra):
        name = harness.unique_table_name("multi")
        self.client.create_table(
            TableName=name, KeySchema=key_schema([("pk", "HASH")]),
            AttributeDefinitions=definitions(DEFINITIONS), BillingMode="PAY_PER_REQUEST",
            GlobalSecondaryIndexes=[board_index(projection)], **extra)
        return name

    def board(self, table, condition=PARTITION, more=None, names=None, **extra):
        return self.client.query(TableName=table, IndexName="board", KeyConditionExpression=condition,
                                 ExpressionAttributeNames=names or NAMES,
                                 ExpressionAttributeValues=values(**(more or {})), **extra)

    def load(self, table, items):
        for item in items:
            self.client.put_item(TableName=table, Item=item)

    def test_describe_echoes_every_key_attribute_in_order(self):
        table = self.make_table()
        index = self.client.describe_table(TableName=table)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual(index["KeySchema"], key_schema(BOARD_KEY))
        self.assertEqual(index["IndexStatus"], "ACTIVE")

    def test_create_table_refuses_what_dynamodb_refuses(self):
        name = harness.unique_table_name("multi-bad")
        cases = [
            ([("tournament", "HASH"), ("score", "RANGE"), ("region", "HASH")], DEFINITIONS[:4],
             "One or more parameter values were invalid: All HASH key attributes must precede "
             "RANGE key attributes in the KeySchema"),
            ([("tournament", "HASH"), ("region", "HASH"), ("tournament", "RANGE")], DEFINITIONS[:3],
             "The KeySchema contains multiple key attributes with the same name"),
        ]
        for elements, defined, message in cases:
            with self.subTest(elements=elements):
                index = {"IndexName": "board", "KeySchema": key_schema(elements),
                         "Projection": {"ProjectionType": "ALL"}}
                with self.assertRaises(botocore.exceptions.ClientError) as context:
                    self.client.create_table(
                        TableName=name, KeySchema=key_schema([("pk", "HASH")]),
                        AttributeDefinitions=definitions(defined),
                        BillingMode="PAY_PER_REQUEST", GlobalSecondaryIndexes=[index])
                self.assertError(context, VALIDATION, message)

    def test_query_orders_by_each_sort_attribute_with_its_own_type(self):
        table = self.make_table()
        self.load(table, [run_item("a", 10, "2026-01-02"), run_item("b", 9, "2026-01-09"),
                          run_item("c", 10, "2026-01-01"), run_item("d", -1.5, "2026-01-05"),
                          run_item("e", 100, "2026-01-03", region="NA")])
        forward = [item["pk"]["S"] for item in self.board(table)["Items"]]
        self.assertEqual(forward, ["d", "b", "c", "a"])
        backward = [item["pk"]["S"] for item in self.board(table, ScanIndexForward=False)["Items"]]
        self.assertEqual(backward, ["a", "c", "b", "d"])
        ranged = self.board(table, PARTITION + " AND score = :s AND #at > :at",
                            {":s": {"N": "10"}, ":at": {"S": "2026-01-01"}},
                            names={"#region": "region", "#at": "at"})
        self.assertEqual([item["pk"]["S"] for item in ranged["Items"]], ["a"])

    def test_items_without_every_key_attribute_stay_out(self):
        table = self.make_table()
        full = run_item("in", 1, "t")
        partial = dict(full, pk={"S": "out"})
        del partial["at"]
        self.load(table, [full, partial])
        self.assertEqual(self.board(table)["Count"], 1)
        self.assertEqual(self.client.scan(TableName=table, IndexName="board")["Count"], 1)

    def test_a_key_attribute_of_the_wrong_type_is_refused(self):
        table = self.make_table()
        item = run_item("x", 1, "t")
        item["at"] = {"N": "3"}
        with self.assertRaises(botocore.exceptions.ClientError) as context:
            self.client.put_item(TableName=table, Item=item)
        self.assertError(context, VALIDATION,
                         "One or more parameter values were invalid: Type mismatch for Index Key at "
                         "Expected: S Actual: N IndexName: board")

    def test_query_rules_and_messages(self):
        table = self.make_table()
        gap = ("RANGE key attributes score must have equality conditions specified in the query "
               "because a condition is present on key attribute at")
        cases = [
            ("tournament = :t", {"#region": "region"}, {":t": {"S": "WINTER"}},
             "Query condition missed key schema element: region"),
            (PARTITION + " AND #at = :at", {"#region": "region", "#at": "at"},
             values(**{":at": {"S": "x"}}), gap),
            (PARTITION + " AND score > :s AND #at = :at", {"#region": "region", "#at": "at"},
             values(**{":s": {"N": "1"}, ":at": {"S": "x"}}), gap),
        ]
        for condition, names, attribute_values, message in cases:
            with self.subTest(condition=condition):
                names = {k: v for k, v in names.items() if k in condition}
                request = {"TableName": table, "IndexName": "board",
                           "KeyConditionExpression": condition,
                           "ExpressionAttributeValues": attribute_values}
                if names:
                    request["ExpressionAttributeNames"] = names
                with self.assertRaises(botocore.exceptions.ClientError) as context:
                    self.client.query(**request)
                self.assertError(context, VALIDATION, message)

    def test_a_filter_may_not_read_a_key_attribute_of_the_index(self):
        table = self.make_table()
        with self.assertRaises(botocore.exceptions.ClientError) as context:
            self.board(table, more={":s": {"N": "1"}}, FilterExpression="score > :s")
        self.assertError(context, VALIDATION,
                         "Filter Expression can only contain non-primary key attributes: Primary key "
                         "attribute: score")

    def test_paging_carries_every_key_attribute(self):
        table = self.make_table()
        self.load(table, [run_item(f"p{i}", i % 3, f"2026-01-{i:02d}") for i in range(1, 8)])
        seen, start = [], {}
        while True:
            page = self.board(table, Limit=3, **start)
            seen += [item["pk"]["S"] for item in page["Items"]]
            if "LastEvaluatedKey" not in page:
                break
            self.assertEqual(sorted(page["LastEvaluatedKey"]),
                             ["at", "pk", "region", "score", "tournament"])
            start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}
        self.assertEqual(sorted(seen), sorted(f"p{i}" for i in range(1, 8)))
        short_key = dict(page["Items"][0])
        del short_key["at"]
        with self.assertRaises(botocore.exceptions.ClientError) as context:
            self.board(table, ExclusiveStartKey={k: short_key[k] for k in
                                                 ("pk", "tournament", "region", "score")})
        self.assertError(context, VALIDATION, "The provided starting key is invalid")

    def test_legacy_key_conditions_work_on_every_attribute(self):
        table = self.make_table()
        self.load(table, [run_item("a", 5, "2026-01-01"), run_item("b", 5, "2026-02-01"),
                          run_item("c", 6, "2026-01-01")])
        response = self.client.query(TableName=table, IndexName="board", KeyConditions={
            "tournament": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "WINTER"}]},
            "region": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "EU"}]},
            "score": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "5"}]},
            "at": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "2026-02"}]},
        })
        self.assertEqual([item["pk"]["S"] for item in response["Items"]], ["b"])

    def test_keys_only_projects_every_key_attribute(self):
        table = self.make_table({"ProjectionType": "KEYS_ONLY"})
        self.load(table, [run_item("a", 5, "t", note={"S": "not projected"})])
        item = self.board(table)["Items"][0]
        self.assertEqual(sorted(item), ["at", "pk", "region", "score", "tournament"])
        count = self.board(table, Select="COUNT", ReturnConsumedCapacity="INDEXES")
        self.assertEqual(count["Count"], 1)
        self.assertEqual(count["ConsumedCapacity"]["GlobalSecondaryIndexes"]["board"],
                         {"CapacityUnits": 0.5})

    def test_update_table_backfills_a_new_multi_attribute_index(self):
        name = harness.unique_table_name("multi-online")
        harness.create_table(self.client, name, hash_key=("pk", "S"))
        self.load(name, [run_item(f"p{i}", i, "t") for i in range(5)])
        self.client.update_table(
            TableName=name, AttributeDefinitions=definitions(DEFINITIONS),
            GlobalSecondaryIndexUpdates=[{"Create": board_index()}])
        status = self.client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertIn(status["IndexStatus"], ("CREATING", "ACTIVE"))
        deadline = time.monotonic() + 10
        while status["IndexStatus"] != "ACTIVE" and time.monotonic() < deadline:
            time.sleep(0.05)
            status = self.client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual(status["IndexStatus"], "ACTIVE")
        self.assertEqual(status["KeySchema"], key_schema(BOARD_KEY))
        self.assertEqual(self.board(name)["Count"], 5)

    def test_transactions_keep_the_index_in_step(self):
        table = self.make_table()
        self.client.transact_write_items(TransactItems=[
            {"Put": {"TableName": table, "Item": run_item("a", 1, "t")}},
            {"Put": {"TableName": table, "Item": run_item("b", 2, "t")}},
        ])
        self.client.transact_write_items(TransactItems=[
            {"Update": {"TableName": table, "Key": {"pk": {"S": "a"}},
                        "UpdateExpression": "SET score = :s",
                        "ExpressionAttributeValues": {":s": {"N": "3"}}}},
            {"Delete": {"TableName": table, "Key": {"pk": {"S": "b"}}}},
        ])
        items = self.board(table)["Items"]
        self.assertEqual([(item["pk"]["S"], item["score"]["N"]) for item in items], [("a", "3")])

    def test_ttl_deletes_leave_the_index(self):
        table = self.make_table()
        self.client.update_time_to_live(TableName=table, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expires"})
        expired = str(int(time.time()) - 60)
        self.load(table, [run_item("old", 1, "t", expires={"N": expired}), run_item("new", 2, "t")])
        deadline = time.monotonic() + 15
        while self.board(table)["Count"] != 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        self.assertEqual([item["pk"]["S"] for item in self.board(table)["Items"]], ["new"])


class DurableMultiAttributeKeysTest(unittest.TestCase):
    """The index definition and its entries survive a restart on the same data directory."""

    def test_restart_keeps_the_index(self):
        data_dir = tempfile.mkdtemp(prefix="ddblocal-multi-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            client.create_table(
                TableName="board", KeySchema=key_schema([("pk", "HASH")]),
                AttributeDefinitions=definitions(DEFINITIONS), BillingMode="PAY_PER_REQUEST",
                GlobalSecondaryIndexes=[board_index()])
            for i in range(3):
                client.put_item(TableName="board", Item=run_item(f"p{i}", 3 - i, "t"))
        finally:
            server.stop()
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            index = client.describe_table(TableName="board")["Table"]["GlobalSecondaryIndexes"][0]
            self.assertEqual(index["KeySchema"], key_schema(BOARD_KEY))
            response = client.query(TableName="board", IndexName="board",
                                    KeyConditionExpression=PARTITION, ExpressionAttributeNames=NAMES,
                                    ExpressionAttributeValues=values())
            self.assertEqual([item["pk"]["S"] for item in response["Items"]], ["p2", "p1", "p0"])
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
