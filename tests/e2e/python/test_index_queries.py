"""Secondary indexes read with Query and Scan against the real ddblocal binary: a season
leaderboard on a GSI, a hash-only lookup GSI, a sparse GSI kept in step with updates, an
overloaded GSI, an inverted GSI, an LSI that fetches unprojected attributes from the table, a
parallel scan of a GSI, and DynamoDB's rejections with their exact messages."""

import time
import unittest

from botocore.exceptions import ClientError

from . import server as harness


SERVER = harness.ModuleServer()
setUpModule = SERVER.start


def key_schema(hash_key, range_key=None):
    schema = [{"AttributeName": hash_key, "KeyType": "HASH"}]
    if range_key is not None:
        schema.append({"AttributeName": range_key, "KeyType": "RANGE"})
    return schema


def index(name, hash_key, range_key=None, projection="ALL", non_key=None):
    spec = {"ProjectionType": projection}
    if non_key is not None:
        spec["NonKeyAttributes"] = non_key
    return {"IndexName": name, "KeySchema": key_schema(hash_key, range_key), "Projection": spec}


def create_indexed_table(client, prefix, definitions, gsis=(), lsis=(), range_key=("SK", "S")):
    """An on-demand table keyed PK (S) and `range_key`, with `definitions` ((name, type) pairs) for
    the index keys and the given index specs."""
    name = harness.unique_table_name(prefix)
    attributes = [("PK", "S")] + ([range_key] if range_key else []) + list(definitions)
    args = {
        "TableName": name,
        "KeySchema": key_schema("PK", range_key[0] if range_key else None),
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": t} for n, t in attributes],
        "BillingMode": "PAY_PER_REQUEST",
    }
    if gsis:
        args["GlobalSecondaryIndexes"] = list(gsis)
    if lsis:
        args["LocalSecondaryIndexes"] = list(lsis)
    client.create_table(**args)
    return name


def query_all(client, **args):
    """Every item of a Query or Scan (`args["_op"]`), following LastEvaluatedKey; also the pages'
    LastEvaluatedKeys."""
    operation = getattr(client, args.pop("_op", "query"))
    items, keys = [], []
    while True:
        response = operation(**args)
        items.extend(response["Items"])
        if "LastEvaluatedKey" not in response:
            return items, keys
        keys.append(response["LastEvaluatedKey"])
        args["ExclusiveStartKey"] = response["LastEvaluatedKey"]


class SeasonLeaderboardTest(unittest.TestCase):
    """Players' season ratings, zero-padded strings so that string order is rating order, ranked
    through a GSI keyed (season, rating). Thirty players share five ratings."""

    @classmethod
    def setUpClass(cls):
        cls.client = SERVER.client()
        cls.table = create_indexed_table(
            cls.client, "season", [("season", "S"), ("rating", "S")],
            gsis=[index("season-rating", "season", "rating", "INCLUDE", ["name"])])
        cls.ratings = {}
        for i in range(30):
            player = f"PLAYER#{i:02d}"
            rating = f"{(i % 5) * 100:06d}"
            cls.ratings[player] = rating
            cls.client.put_item(TableName=cls.table, Item={
                "PK": {"S": player}, "SK": {"S": "SEASON#2024"}, "season": {"S": "2024"},
                "rating": {"S": rating}, "name": {"S": f"name{i}"}, "wins": {"N": str(i)}})
        # Last season's entries never show up in 2024's ranking.
        for i in range(3):
            cls.client.put_item(TableName=cls.table, Item={
                "PK": {"S": f"PLAYER#{i:02d}"}, "SK": {"S": "SEASON#2023"},
                "season": {"S": "2023"}, "rating": {"S": "999999"}})

    def ranking(self, **extra):
        args = dict(TableName=self.table, IndexName="season-rating",
                    KeyConditionExpression="season = :s",
                    ExpressionAttributeValues={":s": {"S": "2024"}})
        args.update(extra)
        return args

    def test_top_five_highest_first(self):
        """Query on a GSI with ScanIndexForward false and Limit returns the highest index sort keys first, with the index's projected attributes and a LastEvaluatedKey of the table key plus the index key."""
        response = self.client.query(**self.ranking(ScanIndexForward=False, Limit=5))
        self.assertEqual(len(response["Items"]), 5)
        self.assertEqual([item["rating"]["S"] for item in response["Items"]], ["000400"] * 5)
        for item in response["Items"]:
            self.assertEqual(set(item), {"PK", "SK", "season", "rating", "name"})
        last = response["Items"][-1]
        self.assertEqual(response["LastEvaluatedKey"],
                         {"PK": last["PK"], "SK": last["SK"], "season": {"S": "2024"},
                          "rating": {"S": "000400"}})

    def test_paging_through_ties_never_repeats_or_misses(self):
        """Paging an index Query with LastEvaluatedKey visits every entry exactly once in index order, even across many equal index sort keys, in both directions."""
        for forward in (True, False):
            for limit in (1, 4, 7):
                items, keys = query_all(self.client,
                                        **self.ranking(ScanIndexForward=forward, Limit=limit))
                players = [item["PK"]["S"] for item in items]
                self.assertEqual(len(players), 30)
                self.assertEqual(set(players), set(self.ratings))
                ratings = [item["rating"]["S"] for item in items]
                self.assertEqual(ratings, sorted(ratings, reverse=not forward))
                self.assertEqual(len(keys), 30 // limit)

    def test_rating_range(self):
        """A sort-key condition on an index Query applies to the index sort key."""
        response = self.client.query(
            TableName=self.table, IndexName="season-rating",
            KeyConditionExpression="season = :s AND rating BETWEEN :lo AND :hi",
            ExpressionAttributeValues={":s": {"S": "2024"}, ":lo": {"S": "000100"},
                                       ":hi": {"S": "000200"}}, Select="COUNT")
        self.assertEqual(response["Count"], 12)

    def test_unprojected_attribute_rejected_on_gsi(self):
        """A ProjectionExpression naming an attribute a GSI does not project is rejected, naming the attribute."""
        with self.assertRaises(ClientError) as context:
            self.client.query(**self.ranking(ProjectionExpression="#n, wins",
                                             ExpressionAttributeNames={"#n": "name"}))
        harness.assert_error(self, context, "ValidationException",
                             "One or more parameter values were invalid: Global secondary index "
                             "season-rating does not project [wins]")

    def test_filter_on_unprojected_attribute_rejected(self):
        """A Query's FilterExpression on an attribute the index does not project is rejected."""
        with self.assertRaises(ClientError) as context:
            self.client.query(**self.ranking(FilterExpression="wins > :w",
                                             ExpressionAttributeValues={":s": {"S": "2024"},
                                                                        ":w": {"N": "3"}}))
        harness.assert_error(self, context, "ValidationException",
                             "One or more parameter values were invalid: Secondary index "
                             "season-rating does not project one or more filter attributes: "
                             "[wins]")

    def test_all_attributes_rejected_on_include_gsi(self):
        """Select ALL_ATTRIBUTES on a GSI whose projection is not ALL is rejected."""
        with self.assertRaises(ClientError) as context:
            self.client.query(**self.ranking(Select="ALL_ATTRIBUTES"))
        harness.assert_error(self, context, "ValidationException",
                             "One or more parameter values were invalid: Select type "
                             "ALL_ATTRIBUTES is not supported for global secondary index "
                             "season-rating because its projection type is not ALL")

    def test_consistent_read_rejected(self):
        """ConsistentRead is not supported on a global secondary index."""
        with self.assertRaises(ClientError) as context:
            self.client.query(**self.ranking(ConsistentRead=True))
        harness.assert_error(self, context, "ValidationException",
                             "Consistent reads are not supported on global secondary indexes")

    def test_unknown_index_rejected(self):
        """Query and Scan with an IndexName the table does not have are rejected, naming it."""
        with self.assertRaises(ClientError) as context:
            self.client.query(TableName=self.table, IndexName="no-such-index",
                              KeyConditionExpression="season = :s",
                              ExpressionAttributeValues={":s": {"S": "2024"}})
        harness.assert_error(self, context, "ValidationException",
                             "The table does not have the specified index: no-such-index")
        with self.assertRaises(ClientError) as context:
            self.client.scan(TableName=self.table, IndexName="no-such-index")
        harness.assert_error(self, context, "ValidationException",
                             "The table does not have the specified index: no-such-index")

    def test_key_condition_names_the_index_key(self):
        """An index Query whose key condition misses the index partition key names that key."""
        with self.assertRaises(ClientError) as context:
            self.client.query(TableName=self.table, IndexName="season-rating",
                              KeyConditionExpression="PK = :p",
                              ExpressionAttributeValues={":p": {"S": "PLAYER#01"}})
        harness.assert_error(self, context, "ValidationException",
                             "Query condition missed key schema element: season")

    def test_wrong_index_key_type_rejected(self):
        """A write whose index key attribute has the wrong type is rejected, naming the index."""
        with self.assertRaises(ClientError) as context:
            self.client.put_item(TableName=self.table, Item={
                "PK": {"S": "PLAYER#99"}, "SK": {"S": "SEASON#2024"}, "season": {"S": "2024"},
                "rating": {"N": "500"}})
        harness.assert_error(self, context, "ValidationException",
                             "One or more parameter values were invalid: Type mismatch for Index "
                             "Key rating Expected: S Actual: N IndexName: season-rating")
        with self.assertRaises(ClientError) as context:
            self.client.put_item(TableName=self.table, Item={
                "PK": {"S": "PLAYER#01"}, "SK": {"S": "SEASON#2024"}, "rating": {"N": "500"}},
                ConditionExpression="attribute_not_exists(PK)")
        harness.assert_error(self, context, "ValidationException",
                             "One or more parameter values were invalid: Type mismatch for Index "
                             "Key rating Expected: S Actual: N IndexName: season-rating")

    def test_parallel_scan_covers_each_entry_once(self):
        """A parallel Scan of a GSI visits each index entry in exactly one segment."""
        for total in (1, 2, 3, 4):
            seen = []
            for segment in range(total):
                items, _ = query_all(self.client, _op="scan", TableName=self.table,
                                     IndexName="season-rating", Segment=segment,
                                     TotalSegments=total, Limit=4)
                seen.extend((item["PK"]["S"], item["SK"]["S"]) for item in items)
            self.assertEqual(len(seen), 33)
            self.assertEqual(len(set(seen)), 33)


class HandleLookupTest(unittest.TestCase):
    """A hash-only, KEYS_ONLY GSI that maps a player's handle to the player."""

    def test_handle_to_player(self):
        """Query on a hash-only GSI finds the item by its attribute and returns the table key and index key only."""
        client = SERVER.client()
        table = create_indexed_table(client, "handles", [("handle", "S")],
                                     gsis=[index("handle-index", "handle", projection="KEYS_ONLY")])
        for player, handle in (("p1", "ace"), ("p2", "zed"), ("p3", "mia")):
            client.put_item(TableName=table, Item={
                "PK": {"S": f"PLAYER#{player}"}, "SK": {"S": "PROFILE"},
                "handle": {"S": handle}, "country": {"S": "NZ"}})
        response = client.query(TableName=table, IndexName="handle-index",
                                KeyConditionExpression="handle = :h",
                                ExpressionAttributeValues={":h": {"S": "zed"}})
        self.assertEqual(response["Items"], [
            {"PK": {"S": "PLAYER#p2"}, "SK": {"S": "PROFILE"}, "handle": {"S": "zed"}}])
        missing = client.query(TableName=table, IndexName="handle-index",
                               KeyConditionExpression="handle = :h",
                               ExpressionAttributeValues={":h": {"S": "nobody"}})
        self.assertEqual(missing["Items"], [])


class ActiveOrdersTest(unittest.TestCase):
    """A sparse GSI: only orders that carry `active` (with `placed_at`) are in it."""

    def test_sparse_index_follows_updates(self):
        """An item enters a sparse GSI when it gets the index key, moves when the key changes, and leaves when the key is removed."""
        client = SERVER.client()
        table = create_indexed_table(client, "orders", [("active", "S"), ("placed_at", "S")],
                                     gsis=[index("active-orders", "active", "placed_at")])
        for n, placed in ((1, "2024-05-01"), (2, "2024-05-03"), (3, "2024-05-02")):
            client.put_item(TableName=table, Item={
                "PK": {"S": "CUSTOMER#c1"}, "SK": {"S": f"ORDER#{n}"}, "active": {"S": "ACTIVE"},
                "placed_at": {"S": placed}, "total": {"N": str(10 * n)}})
        client.put_item(TableName=table, Item={
            "PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#0"}, "placed_at": {"S": "2024-04-01"}})

        def active():
            response = client.query(TableName=table, IndexName="active-orders",
                                    KeyConditionExpression="active = :a",
                                    ExpressionAttributeValues={":a": {"S": "ACTIVE"}})
            return [item["SK"]["S"] for item in response["Items"]]

        self.assertEqual(active(), ["ORDER#1", "ORDER#3", "ORDER#2"])
        client.update_item(TableName=table,
                           Key={"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#3"}},
                           UpdateExpression="REMOVE active SET completed_at = :t",
                           ExpressionAttributeValues={":t": {"S": "2024-05-04"}})
        self.assertEqual(active(), ["ORDER#1", "ORDER#2"])
        client.update_item(TableName=table,
                           Key={"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#1"}},
                           UpdateExpression="SET placed_at = :p",
                           ExpressionAttributeValues={":p": {"S": "2024-05-09"}})
        self.assertEqual(active(), ["ORDER#2", "ORDER#1"])
        client.delete_item(TableName=table,
                           Key={"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#2"}})
        self.assertEqual(active(), ["ORDER#1"])
        scanned = client.scan(TableName=table, IndexName="active-orders")
        self.assertEqual([item["SK"]["S"] for item in scanned["Items"]], ["ORDER#1"])
        self.assertEqual(scanned["Items"][0]["total"], {"N": "10"})


class OverloadedIndexTest(unittest.TestCase):
    """One table holding organisations' users and invoices, and one generic GSI (GSI1PK, GSI1SK)
    that serves both entity types."""

    def test_one_gsi_serves_two_entity_types(self):
        """An overloaded GSI returns each entity type by a begins_with on its generic sort key."""
        client = SERVER.client()
        table = create_indexed_table(client, "overloaded", [("GSI1PK", "S"), ("GSI1SK", "S")],
                                     gsis=[index("GSI1", "GSI1PK", "GSI1SK")])
        for user in ("zoe", "adam", "mel"):
            client.put_item(TableName=table, Item={
                "PK": {"S": f"USER#{user}"}, "SK": {"S": "PROFILE"},
                "GSI1PK": {"S": "ORG#acme"}, "GSI1SK": {"S": f"USER#{user}"}})
        for invoice, date in (("i2", "2024-02-01"), ("i1", "2024-01-15")):
            client.put_item(TableName=table, Item={
                "PK": {"S": f"INVOICE#{invoice}"}, "SK": {"S": "INVOICE"},
                "GSI1PK": {"S": "ORG#acme"}, "GSI1SK": {"S": f"INVOICE#{date}"},
                "amount": {"N": "99.5"}})
        client.put_item(TableName=table, Item={
            "PK": {"S": "USER#other"}, "SK": {"S": "PROFILE"},
            "GSI1PK": {"S": "ORG#globex"}, "GSI1SK": {"S": "USER#other"}})

        def org(prefix):
            response = client.query(
                TableName=table, IndexName="GSI1",
                KeyConditionExpression="GSI1PK = :o AND begins_with(GSI1SK, :p)",
                ExpressionAttributeValues={":o": {"S": "ORG#acme"}, ":p": {"S": prefix}})
            return [item["PK"]["S"] for item in response["Items"]]

        self.assertEqual(org("USER#"), ["USER#adam", "USER#mel", "USER#zoe"])
        self.assertEqual(org("INVOICE#"), ["INVOICE#i1", "INVOICE#i2"])


class FollowersTest(unittest.TestCase):
    """Follow edges stored as (PK follower, SK followee); the inverted GSI (SK, PK) lists a user's
    followers."""

    def test_inverted_index_lists_followers(self):
        """An inverted GSI keyed (SK, PK) answers the reverse of the table's one-to-many relation."""
        client = SERVER.client()
        table = harness.unique_table_name("follows")
        client.create_table(
            TableName=table, KeySchema=key_schema("PK", "SK"), BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[index("inverted", "SK", "PK")])
        edges = [("carol", "alice"), ("bob", "alice"), ("alice", "bob"), ("dave", "alice"),
                 ("carol", "bob")]
        for follower, followee in edges:
            client.put_item(TableName=table, Item={
                "PK": {"S": f"USER#{follower}"}, "SK": {"S": f"FOLLOWS#USER#{followee}"}})

        def followers(user, **extra):
            return client.query(TableName=table, IndexName="inverted",
                                KeyConditionExpression="SK = :u",
                                ExpressionAttributeValues={":u": {"S": f"FOLLOWS#USER#{user}"}},
                                **extra)

        self.assertEqual([item["PK"]["S"] for item in followers("alice")["Items"]],
                         ["USER#bob", "USER#carol", "USER#dave"])
        first = followers("alice", Limit=2)
        self.assertEqual(first["LastEvaluatedKey"],
                         {"PK": {"S": "USER#carol"}, "SK": {"S": "FOLLOWS#USER#alice"}})
        rest = followers("alice", ExclusiveStartKey=first["LastEvaluatedKey"])
        self.assertEqual([item["PK"]["S"] for item in rest["Items"]], ["USER#dave"])
        self.assertEqual(followers("bob", Select="COUNT")["Count"], 2)


class AddedIndexTest(unittest.TestCase):
    """A GSI added with UpdateTable to a table that already holds items."""

    def test_added_gsi_answers_queries_once_active(self):
        """Once a GSI added by UpdateTable is ACTIVE, Query and Scan on it see the items written before it was added."""
        client = SERVER.client()
        table = harness.create_table(client, harness.unique_table_name("added"), ("PK", "S"))
        for i in range(50):
            client.put_item(TableName=table, Item={
                "PK": {"S": f"ORDER#{i:02d}"}, "status": {"S": "OPEN" if i % 5 else "SHIPPED"}})
        client.update_table(
            TableName=table,
            AttributeDefinitions=[{"AttributeName": "status", "AttributeType": "S"}],
            GlobalSecondaryIndexUpdates=[{"Create": index("by-status", "status", "PK")}])
        deadline = time.monotonic() + 30
        while True:
            described = client.describe_table(TableName=table)["Table"]
            if described["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE":
                break
            self.assertLess(time.monotonic(), deadline, "by-status never became ACTIVE")
            time.sleep(0.1)
        shipped = client.query(TableName=table, IndexName="by-status",
                               KeyConditionExpression="#s = :s",
                               ExpressionAttributeNames={"#s": "status"},
                               ExpressionAttributeValues={":s": {"S": "SHIPPED"}})
        self.assertEqual([item["PK"]["S"] for item in shipped["Items"]],
                         ["ORDER#00", "ORDER#05", "ORDER#10", "ORDER#15", "ORDER#20", "ORDER#25",
                          "ORDER#30", "ORDER#35", "ORDER#40", "ORDER#45"])
        self.assertEqual(client.scan(TableName=table, IndexName="by-status",
                                     Select="COUNT")["Count"], 50)


class LocalIndexFetchTest(unittest.TestCase):
    """The Developer Guide's Thread table: an LSI on LastPostDateTime that projects keys only,
    while each thread carries Tags."""

    @classmethod
    def setUpClass(cls):
        cls.client = SERVER.client()
        cls.table = create_indexed_table(
            cls.client, "thread", [("LastPostDateTime", "S")],
            lsis=[index("LastPostIndex", "PK", "LastPostDateTime", "KEYS_ONLY")])
        for subject, last_post in (("S3 limits", "2024-01-03"), ("EC2 sizes", "2024-01-01"),
                                   ("RDS backups", "2024-01-02")):
            cls.client.put_item(TableName=cls.table, Item={
                "PK": {"S": "Amazon DynamoDB"}, "SK": {"S": subject},
                "LastPostDateTime": {"S": last_post}, "Tags": {"SS": ["aws", subject.split()[0]]},
                "Replies": {"N": "4"}})

    def recent(self, **extra):
        return self.client.query(
            TableName=self.table, IndexName="LastPostIndex",
            KeyConditionExpression="PK = :f AND LastPostDateTime > :d",
            ExpressionAttributeValues={":f": {"S": "Amazon DynamoDB"}, ":d": {"S": "2024-01-01"}},
            **extra)

    def test_default_returns_projected_keys(self):
        """An LSI Query without a projection returns the entries: the table key and the index key."""
        self.assertEqual(self.recent()["Items"], [
            {"PK": {"S": "Amazon DynamoDB"}, "SK": {"S": "RDS backups"},
             "LastPostDateTime": {"S": "2024-01-02"}},
            {"PK": {"S": "Amazon DynamoDB"}, "SK": {"S": "S3 limits"},
             "LastPostDateTime": {"S": "2024-01-03"}}])

    def test_projection_of_unprojected_attribute_fetches_it(self):
        """An LSI Query whose ProjectionExpression names an attribute the index does not project fetches it from the table."""
        items = self.recent(ProjectionExpression="SK, Tags")["Items"]
        self.assertEqual([harness.sorted_sets(item) for item in items], [
            {"SK": {"S": "RDS backups"}, "Tags": {"SS": ["RDS", "aws"]}},
            {"SK": {"S": "S3 limits"}, "Tags": {"SS": ["S3", "aws"]}}])

    def test_all_attributes_fetches_whole_items(self):
        """Select ALL_ATTRIBUTES on an LSI with a KEYS_ONLY projection returns the whole table items."""
        items = self.recent(Select="ALL_ATTRIBUTES", ScanIndexForward=False)["Items"]
        self.assertEqual([harness.sorted_sets(item) for item in items], [
            {"PK": {"S": "Amazon DynamoDB"}, "SK": {"S": "S3 limits"},
             "LastPostDateTime": {"S": "2024-01-03"}, "Tags": {"SS": ["S3", "aws"]},
             "Replies": {"N": "4"}},
            {"PK": {"S": "Amazon DynamoDB"}, "SK": {"S": "RDS backups"},
             "LastPostDateTime": {"S": "2024-01-02"}, "Tags": {"SS": ["RDS", "aws"]},
             "Replies": {"N": "4"}}])

    def test_consistent_read_allowed(self):
        """ConsistentRead is allowed on a local secondary index."""
        self.assertEqual(self.recent(ConsistentRead=True)["Count"], 2)


if __name__ == "__main__":
    unittest.main()
