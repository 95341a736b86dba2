"""The game-leaderboard scenario against the real ddblocal binary: one table holding player
profiles and their matches under PK/SK, read with Query (paging, direction, sort-key
conditions, COUNT, the resource API) and Scan (paging, parallel segments)."""

import decimal
import unittest

from boto3.dynamodb.conditions import Key

from . import server as harness

TABLE = None

# Seven matches of player u1, deliberately written out of order.
MATCH_TIMES = [
    "2024-03-05T18:30:00Z",
    "2024-03-01T09:00:00Z",
    "2024-03-07T21:15:00Z",
    "2024-03-02T12:00:00Z",
    "2024-03-06T08:45:00Z",
    "2024-03-03T23:59:59Z",
    "2024-03-04T00:00:00Z",
]
U1 = "PLAYER#u1"


def match_sk(time):
    return "MATCH#" + time


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("leaderboard"),
                                 ("PK", "S"), ("SK", "S"))
    client.put_item(TableName=TABLE, Item={
        "PK": {"S": U1}, "SK": {"S": "PROFILE"}, "name": {"S": "Ursula"}, "level": {"N": "12"}})
    for i, time in enumerate(MATCH_TIMES):
        client.put_item(TableName=TABLE, Item={
            "PK": {"S": U1}, "SK": {"S": match_sk(time)},
            "score": {"N": str(100 * (i + 1))}, "won": {"BOOL": i % 2 == 0}})
    # Another player's items share the table but never appear in u1's queries.
    client.put_item(TableName=TABLE, Item={
        "PK": {"S": "PLAYER#u2"}, "SK": {"S": "PROFILE"}, "name": {"S": "Viktor"}})
    for time in ("2024-03-01T10:00:00Z", "2024-03-09T10:00:00Z"):
        client.put_item(TableName=TABLE, Item={
            "PK": {"S": "PLAYER#u2"}, "SK": {"S": match_sk(time)}, "score": {"N": "1"}})
    # A player whose partition key sorts just before u1's, with the same sort key shapes.
    client.put_item(TableName=TABLE, Item={
        "PK": {"S": "PLAYER#u0"}, "SK": {"S": match_sk("2024-03-08T00:00:00Z")}})


def sks(items):
    return [item["SK"]["S"] for item in items]


class LeaderboardTest(harness.ServerTest):
    server = SERVER

    def query_matches(self, **extra):
        return self.client.query(
            TableName=TABLE,
            KeyConditionExpression="PK = :p AND begins_with(SK, :m)",
            ExpressionAttributeValues={":p": {"S": U1}, ":m": {"S": "MATCH#"}},
            **extra)

    def test_matches_newest_first_two_per_page(self):
        """Query with begins_with on the sort key, ScanIndexForward false and Limit 2 pages through a player's matches newest first, each LastEvaluatedKey resuming right after the page's last item."""
        expected = [match_sk(t) for t in sorted(MATCH_TIMES, reverse=True)]
        pages = []
        start = None
        for _ in range(10):
            extra = {"ScanIndexForward": False, "Limit": 2}
            if start is not None:
                extra["ExclusiveStartKey"] = start
            response = self.query_matches(**extra)
            pages.append(sks(response["Items"]))
            self.assertEqual(response["Count"], len(response["Items"]))
            self.assertEqual(response["ScannedCount"], len(response["Items"]))
            if "LastEvaluatedKey" not in response:
                break
            last = response["Items"][-1]
            self.assertEqual(response["LastEvaluatedKey"], {"PK": last["PK"], "SK": last["SK"]})
            start = response["LastEvaluatedKey"]
        self.assertEqual(pages, [expected[0:2], expected[2:4], expected[4:6], expected[6:7]])

    def test_full_page_at_the_end_still_has_last_evaluated_key(self):
        """When a page fills Limit with the last matching item, DynamoDB still returns LastEvaluatedKey, and the next page is empty without one."""
        expected = [match_sk(t) for t in sorted(MATCH_TIMES)]
        first = self.query_matches(Limit=7)
        self.assertEqual(sks(first["Items"]), expected)
        self.assertEqual(first["LastEvaluatedKey"], {"PK": {"S": U1}, "SK": {"S": expected[-1]}})
        second = self.query_matches(Limit=7, ExclusiveStartKey=first["LastEvaluatedKey"])
        self.assertEqual(second["Items"], [])
        self.assertEqual(second["Count"], 0)
        self.assertNotIn("LastEvaluatedKey", second)

    def test_matches_oldest_first_without_limit(self):
        """Query without Limit returns every match in ascending sort-key order and no LastEvaluatedKey."""
        response = self.query_matches()
        self.assertEqual(sks(response["Items"]), [match_sk(t) for t in sorted(MATCH_TIMES)])
        self.assertEqual(response["Count"], 7)
        self.assertEqual(response["ScannedCount"], 7)
        self.assertNotIn("LastEvaluatedKey", response)

    def test_partition_key_only_returns_profile_and_matches(self):
        """Query on the partition key alone returns all of the player's items, MATCH# before PROFILE by byte order."""
        response = self.client.query(
            TableName=TABLE, KeyConditionExpression="PK = :p",
            ExpressionAttributeValues={":p": {"S": U1}})
        self.assertEqual(sks(response["Items"]),
                         [match_sk(t) for t in sorted(MATCH_TIMES)] + ["PROFILE"])
        self.assertEqual(response["Items"][-1],
                         {"PK": {"S": U1}, "SK": {"S": "PROFILE"}, "name": {"S": "Ursula"},
                          "level": {"N": "12"}})

    def test_between_on_the_sort_key(self):
        """BETWEEN on the sort key is inclusive at both ends."""
        response = self.client.query(
            TableName=TABLE,
            KeyConditionExpression="PK = :p AND SK BETWEEN :from AND :to",
            ExpressionAttributeValues={
                ":p": {"S": U1},
                ":from": {"S": "MATCH#2024-03-02T12:00:00Z"},
                ":to": {"S": "MATCH#2024-03-05T18:30:00Z"},
            })
        self.assertEqual(sks(response["Items"]), [
            "MATCH#2024-03-02T12:00:00Z",
            "MATCH#2024-03-03T23:59:59Z",
            "MATCH#2024-03-04T00:00:00Z",
            "MATCH#2024-03-05T18:30:00Z",
        ])

    def test_between_backwards_with_paging(self):
        """BETWEEN read backwards with Limit 3 resumes inside the range and stops at its lower bound."""
        args = {
            "TableName": TABLE,
            "KeyConditionExpression": "PK = :p AND SK BETWEEN :from AND :to",
            "ExpressionAttributeValues": {
                ":p": {"S": U1},
                ":from": {"S": "MATCH#2024-03-02"},
                ":to": {"S": "MATCH#2024-03-07"},
            },
            "ScanIndexForward": False,
            "Limit": 3,
        }
        first = self.client.query(**args)
        self.assertEqual(sks(first["Items"]), [
            "MATCH#2024-03-06T08:45:00Z",
            "MATCH#2024-03-05T18:30:00Z",
            "MATCH#2024-03-04T00:00:00Z",
        ])
        second = self.client.query(ExclusiveStartKey=first["LastEvaluatedKey"], **args)
        self.assertEqual(sks(second["Items"]), [
            "MATCH#2024-03-03T23:59:59Z", "MATCH#2024-03-02T12:00:00Z"])
        self.assertNotIn("LastEvaluatedKey", second)

    def test_less_than_on_the_sort_key(self):
        """SK < :v returns the sort keys strictly before :v."""
        response = self.client.query(
            TableName=TABLE, KeyConditionExpression="PK = :p AND SK < :v",
            ExpressionAttributeValues={":p": {"S": U1}, ":v": {"S": "MATCH#2024-03-03"}})
        self.assertEqual(sks(response["Items"]),
                         ["MATCH#2024-03-01T09:00:00Z", "MATCH#2024-03-02T12:00:00Z"])

    def test_greater_or_equal_on_the_sort_key(self):
        """SK >= :v returns :v itself and every sort key after it, PROFILE included."""
        response = self.client.query(
            TableName=TABLE, KeyConditionExpression="PK = :p AND SK >= :v",
            ExpressionAttributeValues={":p": {"S": U1}, ":v": {"S": "MATCH#2024-03-06T08:45:00Z"}})
        self.assertEqual(sks(response["Items"]),
                         ["MATCH#2024-03-06T08:45:00Z", "MATCH#2024-03-07T21:15:00Z", "PROFILE"])

    def test_other_comparisons_on_the_sort_key(self):
        """SK = :v, SK <= :v and SK > :v select exactly the sort keys the comparison allows."""
        cases = [
            ("SK = :v", "MATCH#2024-03-04T00:00:00Z", ["MATCH#2024-03-04T00:00:00Z"]),
            ("SK <= :v", "MATCH#2024-03-02T12:00:00Z",
             ["MATCH#2024-03-01T09:00:00Z", "MATCH#2024-03-02T12:00:00Z"]),
            ("SK > :v", "MATCH#2024-03-07T21:15:00Z", ["PROFILE"]),
            ("SK > :v", "PROFILE", []),
            (":v <= SK", "PROFILE", ["PROFILE"]),
        ]
        for condition, value, expected in cases:
            with self.subTest(condition=condition, value=value):
                response = self.client.query(
                    TableName=TABLE, KeyConditionExpression="PK = :p AND " + condition,
                    ExpressionAttributeValues={":p": {"S": U1}, ":v": {"S": value}})
                self.assertEqual(sks(response["Items"]), expected)

    def test_select_count(self):
        """Select COUNT returns Count and ScannedCount and no Items."""
        response = self.query_matches(Select="COUNT")
        self.assertEqual(response["Count"], 7)
        self.assertEqual(response["ScannedCount"], 7)
        self.assertNotIn("Items", response)

    def test_select_count_with_limit_pages(self):
        """Select COUNT with Limit counts one page at a time and returns LastEvaluatedKey while more remain."""
        first = self.query_matches(Select="COUNT", Limit=5)
        self.assertEqual(first["Count"], 5)
        self.assertNotIn("Items", first)
        self.assertEqual(first["LastEvaluatedKey"],
                         {"PK": {"S": U1}, "SK": {"S": "MATCH#2024-03-05T18:30:00Z"}})
        second = self.query_matches(Select="COUNT", Limit=5,
                                    ExclusiveStartKey=first["LastEvaluatedKey"])
        self.assertEqual(second["Count"], 2)
        self.assertNotIn("LastEvaluatedKey", second)

    def test_query_of_an_unknown_player_is_empty(self):
        """A Query for a partition key with no items returns no items, Count 0 and no LastEvaluatedKey."""
        response = self.client.query(
            TableName=TABLE, KeyConditionExpression="PK = :p",
            ExpressionAttributeValues={":p": {"S": "PLAYER#nobody"}})
        self.assertEqual(response["Items"], [])
        self.assertEqual(response["Count"], 0)
        self.assertEqual(response["ScannedCount"], 0)
        self.assertNotIn("LastEvaluatedKey", response)

    def test_resource_api_query(self):
        """boto3's resource API builds the key condition from Key(...) and gets Python values back, numbers as Decimal."""
        table = SERVER.resource().Table(TABLE)
        response = table.query(
            KeyConditionExpression=Key("PK").eq(U1) & Key("SK").begins_with("MATCH#"),
            ScanIndexForward=False, Limit=3)
        self.assertEqual([item["SK"] for item in response["Items"]], [
            "MATCH#2024-03-07T21:15:00Z",
            "MATCH#2024-03-06T08:45:00Z",
            "MATCH#2024-03-05T18:30:00Z",
        ])
        self.assertEqual(response["Items"][0],
                         {"PK": U1, "SK": "MATCH#2024-03-07T21:15:00Z",
                          "score": decimal.Decimal("300"), "won": True})
        self.assertEqual(response["LastEvaluatedKey"],
                         {"PK": U1, "SK": "MATCH#2024-03-05T18:30:00Z"})
        rest = table.query(
            KeyConditionExpression=Key("PK").eq(U1) & Key("SK").between("MATCH#", "MATCH#~"),
            ScanIndexForward=False, ExclusiveStartKey=response["LastEvaluatedKey"])
        self.assertEqual([item["SK"] for item in rest["Items"]],
                         [match_sk(t) for t in sorted(MATCH_TIMES, reverse=True)][3:])

    def test_resource_api_put_and_get(self):
        """The resource API writes Python values and reads them back unchanged."""
        table = SERVER.resource().Table(TABLE)
        item = {"PK": "PLAYER#u9", "SK": "PROFILE", "name": "Zoe", "level": decimal.Decimal("3"),
                "badges": {"gold", "silver"}, "stats": {"wins": decimal.Decimal("1.5")}}
        table.put_item(Item=item)
        self.assertEqual(table.get_item(Key={"PK": "PLAYER#u9", "SK": "PROFILE"})["Item"], item)
        table.delete_item(Key={"PK": "PLAYER#u9", "SK": "PROFILE"})

    def test_numeric_sort_keys_order_numerically(self):
        """Number sort keys are ordered by value (2 < 10 < 100), not as strings."""
        table = harness.create_table(self.client, harness.unique_table_name("leaderboard-num"),
                                     ("PK", "S"), ("SK", "N"))
        for value in ("100", "2", "10", "-5", "2.5", "1e3", "-0.5", "0"):
            self.client.put_item(TableName=table, Item={"PK": {"S": "p"}, "SK": {"N": value}})
        response = self.client.query(TableName=table, KeyConditionExpression="PK = :p",
                                     ExpressionAttributeValues={":p": {"S": "p"}})
        self.assertEqual([item["SK"]["N"] for item in response["Items"]],
                         ["-5", "-0.5", "0", "2", "2.5", "10", "100", "1000"])
        between = self.client.query(
            TableName=table, KeyConditionExpression="PK = :p AND SK BETWEEN :a AND :b",
            ExpressionAttributeValues={":p": {"S": "p"}, ":a": {"N": "2"}, ":b": {"N": "1E2"}},
            ScanIndexForward=False)
        self.assertEqual([item["SK"]["N"] for item in between["Items"]], ["100", "10", "2.5", "2"])

    def test_binary_sort_keys_order_by_unsigned_bytes(self):
        """Binary sort keys are ordered by unsigned bytes, a prefix before its extensions."""
        table = harness.create_table(self.client, harness.unique_table_name("leaderboard-bin"),
                                     ("PK", "S"), ("SK", "B"))
        values = [b"\x80", b"\x01", b"\xff", b"\x7f", b"\x00\x00", b"\x00", b"\xff\x00", b"a"]
        for value in values:
            self.client.put_item(TableName=table, Item={"PK": {"S": "p"}, "SK": {"B": value}})
        response = self.client.query(TableName=table, KeyConditionExpression="PK = :p",
                                     ExpressionAttributeValues={":p": {"S": "p"}})
        self.assertEqual([item["SK"]["B"] for item in response["Items"]],
                         [b"\x00", b"\x00\x00", b"\x01", b"a", b"\x7f", b"\x80", b"\xff",
                          b"\xff\x00"])
        above = self.client.query(
            TableName=table, KeyConditionExpression="PK = :p AND SK > :v",
            ExpressionAttributeValues={":p": {"S": "p"}, ":v": {"B": b"\x7f"}})
        self.assertEqual([item["SK"]["B"] for item in above["Items"]],
                         [b"\x80", b"\xff", b"\xff\x00"])

    def test_string_sort_keys_order_by_utf8_bytes(self):
        """String sort keys are ordered by their UTF-8 bytes, so U+FF01 sorts before U+1D11E."""
        table = harness.create_table(self.client, harness.unique_table_name("leaderboard-str"),
                                     ("PK", "S"), ("SK", "S"))
        values = ["𝄞", "\uff01", "é", "Z", "a", "aa", "A"]
        for value in values:
            self.client.put_item(TableName=table, Item={"PK": {"S": "p"}, "SK": {"S": value}})
        response = self.client.query(TableName=table, KeyConditionExpression="PK = :p",
                                     ExpressionAttributeValues={":p": {"S": "p"}})
        self.assertEqual(sks(response["Items"]), ["A", "Z", "a", "aa", "é", "\uff01", "𝄞"])

    def test_scan_pages_cover_every_item_once(self):
        """Scan with Limit 3, following LastEvaluatedKey, returns every item of the table exactly once."""
        table, keys = self.populated_table("leaderboard-scan", players=6, matches=4)
        seen = []
        start = None
        for _ in range(100):
            extra = {"ExclusiveStartKey": start} if start is not None else {}
            response = self.client.scan(TableName=table, Limit=3, **extra)
            self.assertLessEqual(len(response["Items"]), 3)
            self.assertEqual(response["Count"], len(response["Items"]))
            seen.extend((item["PK"]["S"], item["SK"]["S"]) for item in response["Items"])
            if "LastEvaluatedKey" not in response:
                break
            last = response["Items"][-1]
            self.assertEqual(response["LastEvaluatedKey"], {"PK": last["PK"], "SK": last["SK"]})
            start = response["LastEvaluatedKey"]
        else:
            self.fail("Scan did not finish within 100 pages")
        self.assertEqual(len(seen), len(set(seen)))
        self.assertEqual(sorted(seen), sorted(keys))

    def test_scan_keeps_each_partition_in_sort_key_order(self):
        """Scan returns the items of one partition together, in ascending sort-key order."""
        response = self.client.scan(TableName=TABLE)
        by_player = {}
        order = []
        for item in response["Items"]:
            pk = item["PK"]["S"]
            if pk not in by_player:
                order.append(pk)
                by_player[pk] = []
            elif order[-1] != pk:
                self.fail(f"items of {pk} are not contiguous in the Scan")
            by_player[pk].append(item["SK"]["S"])
        self.assertEqual(by_player[U1], [match_sk(t) for t in sorted(MATCH_TIMES)] + ["PROFILE"])
        self.assertEqual(response["Count"], 12)
        self.assertEqual(response["ScannedCount"], 12)

    def test_scan_select_count(self):
        """Scan with Select COUNT counts every item without returning any."""
        response = self.client.scan(TableName=TABLE, Select="COUNT")
        self.assertEqual(response["Count"], 12)
        self.assertEqual(response["ScannedCount"], 12)
        self.assertNotIn("Items", response)

    def test_parallel_scan_segments_partition_the_table(self):
        """A parallel Scan with TotalSegments 4 splits the table so that the segments together return every item exactly once."""
        table, keys = self.populated_table("leaderboard-parallel", players=20, matches=3)
        per_segment = []
        for segment in range(4):
            seen = []
            paginator = self.client.get_paginator("scan")
            for page in paginator.paginate(TableName=table, Segment=segment, TotalSegments=4,
                                           PaginationConfig={"PageSize": 4}):
                seen.extend((item["PK"]["S"], item["SK"]["S"]) for item in page["Items"])
            per_segment.append(seen)
        every = [key for seen in per_segment for key in seen]
        self.assertEqual(len(every), len(set(every)))
        self.assertEqual(sorted(every), sorted(keys))
        # A partition lives in exactly one segment.
        owners = {}
        for segment, seen in enumerate(per_segment):
            for pk, _ in seen:
                self.assertEqual(owners.setdefault(pk, segment), segment)
        self.assertGreater(sum(1 for seen in per_segment if seen), 1,
                           "60 items over 20 partitions all landed in one segment")

    def test_parallel_scan_single_segment_is_whole_table(self):
        """TotalSegments 1 with Segment 0 is an ordinary Scan of the whole table."""
        response = self.client.scan(TableName=TABLE, Segment=0, TotalSegments=1)
        self.assertEqual(response["Count"], 12)

    def populated_table(self, prefix, players, matches):
        table = harness.create_table(self.client, harness.unique_table_name(prefix),
                                     ("PK", "S"), ("SK", "S"))
        keys = []
        for p in range(players):
            for m in range(matches):
                key = (f"PLAYER#p{p:02d}", f"MATCH#2024-01-{m + 1:02d}")
                self.client.put_item(TableName=table, Item={
                    "PK": {"S": key[0]}, "SK": {"S": key[1]}, "score": {"N": str(p * m)}})
                keys.append(key)
        return table, keys


if __name__ == "__main__":
    unittest.main()
