"""DynamoDB Streams through boto3's dynamodbstreams client against the real ddblocal binary: a
consumer that walks shards parent -> child from TRIM_HORIZON (as the Kinesis adapter does) sees
every change of a workload exactly once and in order, with the images of the stream's view type;
StreamSpecification on CreateTable / UpdateTable / DescribeTable; re-enabling gives a new stream.

The server runs with --stream-shard-seconds 1, so a pause of a little over a second between two
writes forces a shard rollover. Texts are the service's where they are known (see
protocol/tables/stream_specification.cc and engine/stream.cc for the sources)."""

import re
import time
import unittest

from botocore.exceptions import ClientError

from . import server as harness

ROLLOVER_SECONDS = 1

ARN = re.compile(r"^arn:aws:dynamodb:us-east-1:000000000000:table/(.+)/stream/"
                 r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3})$")
VIEW_TYPES = ["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"]


SERVER = harness.ModuleServer(["--stream-shard-seconds", str(ROLLOVER_SECONDS)])
setUpModule = SERVER.start


def pk(name):
    return {"PK": {"S": name}}


def describe_all_shards(streams, arn):
    """Every shard of the stream, following DescribeStream's paging (two shards a page)."""
    shards, start = [], None
    while True:
        args = {"StreamArn": arn, "Limit": 2}
        if start:
            args["ExclusiveStartShardId"] = start
        description = streams.describe_stream(**args)["StreamDescription"]
        shards.extend(description["Shards"])
        start = description.get("LastEvaluatedShardId")
        if not start:
            return shards


def read_stream(streams, arn):
    """Reads the whole stream as a Kinesis-adapter consumer does: a shard only once its parent
    has been read to its end, each from TRIM_HORIZON, a closed shard until GetRecords gives no
    NextShardIterator, an open one until a page comes back empty. Returns the records in that
    order, the shards, and the shard of each record by eventID."""
    shards = describe_all_shards(streams, arn)
    ids = {shard["ShardId"] for shard in shards}
    finished, records, shard_of = set(), [], {}
    pending = list(shards)
    while pending:
        ready = [s for s in pending
                 if s.get("ParentShardId") not in ids or s["ParentShardId"] in finished]
        assert ready, "a shard whose parent never finishes"
        for shard in ready:
            iterator = streams.get_shard_iterator(
                StreamArn=arn, ShardId=shard["ShardId"],
                ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            closed = "EndingSequenceNumber" in shard["SequenceNumberRange"]
            while iterator:
                page = streams.get_records(ShardIterator=iterator, Limit=3)
                records.extend(page["Records"])
                for record in page["Records"]:
                    shard_of[record["eventID"]] = shard["ShardId"]
                iterator = page.get("NextShardIterator")
                if not closed and not page["Records"]:
                    break
            finished.add(shard["ShardId"])
            pending.remove(shard)
    return records, shards, shard_of


def workload(client, table):
    """Puts, updates, deletes, a transaction and a batch write, with a pause that forces a shard
    rollover in the middle. Returns the expected (eventName, key, old item, new item) per key in
    order."""
    expected = {}

    def change(key, event, old, new):
        expected.setdefault(key, []).append((event, old, new))

    a1 = {"PK": {"S": "a"}, "n": {"N": "1"}}
    client.put_item(TableName=table, Item=a1)
    change("a", "INSERT", None, a1)
    b1 = {"PK": {"S": "b"}, "s": {"S": "x"}}
    client.put_item(TableName=table, Item=b1)
    change("b", "INSERT", None, b1)
    client.put_item(TableName=table, Item=b1)  # changes nothing: no record
    a2 = {"PK": {"S": "a"}, "n": {"N": "2"}}
    client.update_item(TableName=table, Key=pk("a"), UpdateExpression="SET n = :n",
                       ExpressionAttributeValues={":n": {"N": "2"}})
    change("a", "MODIFY", a1, a2)
    client.delete_item(TableName=table, Key=pk("missing"))  # deletes nothing: no record

    time.sleep(ROLLOVER_SECONDS + 0.2)

    b2 = {"PK": {"S": "b"}, "s": {"S": "y"}}
    client.put_item(TableName=table, Item=b2)  # a put over an item is a MODIFY
    change("b", "MODIFY", b1, b2)
    client.delete_item(TableName=table, Key=pk("a"))
    change("a", "REMOVE", a2, None)
    c1 = {"PK": {"S": "c"}, "t": {"BOOL": True}}
    client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": c1}},
        {"Delete": {"TableName": table, "Key": pk("b")}},
    ])
    change("c", "INSERT", None, c1)
    change("b", "REMOVE", b2, None)

    time.sleep(ROLLOVER_SECONDS + 0.2)

    d1 = {"PK": {"S": "d"}, "l": {"L": [{"S": "1"}]}}
    client.batch_write_item(RequestItems={table: [
        {"PutRequest": {"Item": d1}},
        {"DeleteRequest": {"Key": pk("c")}},
    ]})
    change("d", "INSERT", None, d1)
    change("c", "REMOVE", c1, None)
    return expected


class StreamConsumerTest(unittest.TestCase):
    def setUp(self):
        self.client = SERVER.client()
        self.streams = SERVER.streams_client()

    def test_consumer_sees_every_change_once_in_order_with_the_view_types_images(self):
        # Each change appears exactly once, per item in commit order, across shard rollovers;
        # NewImage / OldImage follow StreamViewType.
        for view_type in VIEW_TYPES:
            with self.subTest(view_type=view_type):
                table = harness.create_table(
                    self.client, harness.unique_table_name("streams"),
                    StreamSpecification={"StreamEnabled": True, "StreamViewType": view_type})
                arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
                expected = workload(self.client, table)
                records, shards, _ = read_stream(self.streams, arn)

                self.assertTrue(any("ParentShardId" in shard for shard in shards),
                                "the pauses should have rolled shards over")
                ids = [record["eventID"] for record in records]
                self.assertEqual(len(ids), len(set(ids)))
                sequence_numbers = [record["dynamodb"]["SequenceNumber"] for record in records]
                self.assertEqual(len(sequence_numbers), len(set(sequence_numbers)))
                for number in sequence_numbers:
                    self.assertRegex(number, r"^\d{21,}$")

                seen = {}
                for record in records:
                    self.assertEqual(record["eventSource"], "aws:dynamodb")
                    self.assertEqual(record["eventVersion"], "1.1")
                    self.assertEqual(record["awsRegion"], "us-east-1")
                    self.assertNotIn("userIdentity", record)
                    data = record["dynamodb"]
                    self.assertEqual(data["StreamViewType"], view_type)
                    self.assertGreater(data["SizeBytes"], 0)
                    key = data["Keys"]["PK"]["S"]
                    self.assertEqual(data["Keys"], pk(key))
                    seen.setdefault(key, []).append(
                        (record["eventName"], data.get("OldImage"), data.get("NewImage")))

                want = {}
                for key, changes in expected.items():
                    want[key] = [
                        (event,
                         old if view_type in ("OLD_IMAGE", "NEW_AND_OLD_IMAGES") else None,
                         new if view_type in ("NEW_IMAGE", "NEW_AND_OLD_IMAGES") else None)
                        for event, old, new in changes]
                self.assertEqual(seen, want)

    def test_records_within_a_shard_have_increasing_sequence_numbers(self):
        # SequenceNumber increases within a shard, and compares as a number.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-seq"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        for i in range(30):
            self.client.put_item(TableName=table, Item={"PK": {"S": "k"}, "i": {"N": str(i)}})
        records, _, _ = read_stream(self.streams, arn)
        self.assertEqual(len(records), 30)
        numbers = [int(record["dynamodb"]["SequenceNumber"]) for record in records]
        self.assertEqual(numbers, sorted(numbers))

    def test_closed_shard_read_to_its_end_gives_no_next_iterator(self):
        # A closed shard has an EndingSequenceNumber; reading past it ends the iterator chain.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-closed"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        self.client.put_item(TableName=table, Item=pk("k"))
        time.sleep(ROLLOVER_SECONDS + 0.2)
        self.client.put_item(TableName=table, Item={"PK": {"S": "k"}, "v": {"S": "2"}})
        shards = describe_all_shards(self.streams, arn)
        closed = [s for s in shards if "EndingSequenceNumber" in s["SequenceNumberRange"]]
        self.assertTrue(closed)
        parent = closed[0]
        children = [s for s in shards if s.get("ParentShardId") == parent["ShardId"]]
        self.assertEqual(len(children), 1)
        iterator = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=parent["ShardId"],
            ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        page = self.streams.get_records(ShardIterator=iterator)
        self.assertEqual([r["dynamodb"]["NewImage"] for r in page["Records"]], [pk("k")])
        self.assertEqual(page["Records"][-1]["dynamodb"]["SequenceNumber"],
                         parent["SequenceNumberRange"]["EndingSequenceNumber"])
        self.assertNotIn("NextShardIterator", page)


    def test_shard_filter_lists_the_children_of_one_shard(self):
        # DescribeStream's ShardFilter {Type: CHILD_SHARDS, ShardId} lists only the shards whose
        # parent is that shard, as DynamoDB has answered since 2025.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-filter"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        self.client.put_item(TableName=table, Item=pk("k"))
        time.sleep(ROLLOVER_SECONDS + 0.2)
        self.client.put_item(TableName=table, Item=pk("k"))
        shards = describe_all_shards(self.streams, arn)
        parent = [s for s in shards if "EndingSequenceNumber" in s["SequenceNumberRange"]][0]
        children = [s for s in shards if s.get("ParentShardId") == parent["ShardId"]]
        self.assertEqual(len(children), 1)
        filtered = self.streams.describe_stream(
            StreamArn=arn, ShardFilter={"Type": "CHILD_SHARDS", "ShardId": parent["ShardId"]})
        self.assertEqual(filtered["StreamDescription"]["Shards"], children)
        filtered = self.streams.describe_stream(
            StreamArn=arn,
            ShardFilter={"Type": "CHILD_SHARDS", "ShardId": children[0]["ShardId"]})
        self.assertEqual(filtered["StreamDescription"]["Shards"], [])


class StreamControlPlaneTest(unittest.TestCase):
    def setUp(self):
        self.client = SERVER.client()
        self.streams = SERVER.streams_client()

    assertError = harness.assert_error

    def test_describe_table_reports_the_stream(self):
        # DescribeTable: StreamSpecification, LatestStreamArn and LatestStreamLabel.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-desc"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
        description = self.client.describe_table(TableName=table)["Table"]
        self.assertEqual(description["StreamSpecification"],
                         {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
        match = ARN.match(description["LatestStreamArn"])
        self.assertIsNotNone(match, description["LatestStreamArn"])
        self.assertEqual(match.group(1), table)
        self.assertEqual(match.group(2), description["LatestStreamLabel"])

        stream = self.streams.describe_stream(
            StreamArn=description["LatestStreamArn"])["StreamDescription"]
        self.assertEqual(stream["StreamStatus"], "ENABLED")
        self.assertEqual(stream["StreamViewType"], "NEW_IMAGE")
        self.assertEqual(stream["TableName"], table)
        self.assertEqual(stream["StreamLabel"], description["LatestStreamLabel"])
        self.assertEqual(stream["KeySchema"], [{"AttributeName": "PK", "KeyType": "HASH"}])
        self.assertIn("CreationRequestDateTime", stream)
        for shard in stream["Shards"]:
            self.assertRegex(shard["ShardId"], r"^shardId-\d{20}-[0-9a-f]{8}$")
            self.assertRegex(shard["SequenceNumberRange"]["StartingSequenceNumber"], r"^\d{21}$")
        ids = [shard["ShardId"] for shard in stream["Shards"]]
        self.assertEqual(ids, sorted(ids))

    def test_table_without_stream_has_no_stream_members(self):
        # A table created without a stream reports none.
        table = harness.create_table(self.client, harness.unique_table_name("streams-none"),
                                     StreamSpecification={"StreamEnabled": False})
        description = self.client.describe_table(TableName=table)["Table"]
        self.assertNotIn("StreamSpecification", description)
        self.assertNotIn("LatestStreamArn", description)
        self.assertEqual(self.streams.list_streams(TableName=table)["Streams"], [])

    def test_disabling_keeps_the_stream_readable_and_reenabling_gives_a_new_arn(self):
        # Disabling closes the stream (DISABLED, every shard ended) and keeps its records;
        # enabling again creates a new stream with a new ARN; ListStreams lists both.
        table = harness.create_table(self.client, harness.unique_table_name("streams-re"))
        update = self.client.update_table(
            TableName=table,
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        first = update["TableDescription"]["LatestStreamArn"]
        self.assertEqual(update["TableDescription"]["StreamSpecification"],
                         {"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        self.client.put_item(TableName=table, Item=pk("before"))

        self.client.update_table(TableName=table, StreamSpecification={"StreamEnabled": False})
        description = self.client.describe_table(TableName=table)["Table"]
        self.assertNotIn("StreamSpecification", description)
        self.assertEqual(description["LatestStreamArn"], first)
        self.client.put_item(TableName=table, Item=pk("while-disabled"))
        old = self.streams.describe_stream(StreamArn=first)["StreamDescription"]
        self.assertEqual(old["StreamStatus"], "DISABLED")
        for shard in old["Shards"]:
            self.assertIn("EndingSequenceNumber", shard["SequenceNumberRange"])
        records, _, _ = read_stream(self.streams, first)
        self.assertEqual([r["dynamodb"]["Keys"] for r in records], [pk("before")])

        update = self.client.update_table(
            TableName=table,
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
        second = update["TableDescription"]["LatestStreamArn"]
        self.assertNotEqual(second, first)
        self.client.put_item(TableName=table, Item=pk("after"))
        records, _, _ = read_stream(self.streams, second)
        self.assertEqual([r["dynamodb"]["Keys"] for r in records], [pk("after")])
        listed = self.streams.list_streams(TableName=table)["Streams"]
        self.assertEqual([s["StreamArn"] for s in listed], [first, second])
        self.assertEqual({s["TableName"] for s in listed}, {table})

    def test_deleting_the_table_disables_its_stream(self):
        # After DeleteTable the stream is DISABLED and still readable.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-del"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        self.client.put_item(TableName=table, Item=pk("k"))
        self.client.delete_table(TableName=table)
        stream = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
        self.assertEqual(stream["StreamStatus"], "DISABLED")
        records, _, _ = read_stream(self.streams, arn)
        self.assertEqual([r["eventName"] for r in records], ["INSERT"])

    def test_update_table_stream_errors(self):
        # Enabling an enabled stream (same or other view type) and disabling when none is
        # enabled are ValidationExceptions.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-err"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        for view_type in ("KEYS_ONLY", "NEW_IMAGE"):
            with self.assertRaises(ClientError) as context:
                self.client.update_table(
                    TableName=table,
                    StreamSpecification={"StreamEnabled": True, "StreamViewType": view_type})
            self.assertError(context, "ValidationException",
                             f"Table already has an enabled stream: TableName: {table}")
        other = harness.create_table(self.client, harness.unique_table_name("streams-err2"))
        with self.assertRaises(ClientError) as context:
            self.client.update_table(TableName=other,
                                     StreamSpecification={"StreamEnabled": False})
        self.assertEqual(context.exception.response["Error"]["Code"], "ValidationException")

    def test_list_streams_pages(self):
        # ListStreams pages with Limit and LastEvaluatedStreamArn / ExclusiveStartStreamArn.
        tables = [harness.create_table(
            self.client, harness.unique_table_name("streams-list"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
            for _ in range(3)]
        arns = [self.client.describe_table(TableName=t)["Table"]["LatestStreamArn"]
                for t in tables]
        seen, start = [], None
        while True:
            args = {"Limit": 2}
            if start:
                args["ExclusiveStartStreamArn"] = start
            page = self.streams.list_streams(**args)
            self.assertLessEqual(len(page["Streams"]), 2)
            seen.extend(s["StreamArn"] for s in page["Streams"])
            start = page.get("LastEvaluatedStreamArn")
            if not start:
                break
        self.assertEqual(len(seen), len(set(seen)))
        for arn in arns:
            self.assertIn(arn, seen)

    def test_streams_api_errors(self):
        # An unknown shard, an unknown stream, an iterator the server never issued.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-api"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        with self.assertRaises(ClientError) as context:
            self.streams.get_shard_iterator(StreamArn=arn,
                                            ShardId="shardId-00000000000000000000-00000000",
                                            ShardIteratorType="LATEST")
        self.assertError(context, "ResourceNotFoundException",
                         "Requested resource not found: Shard does not exist")
        missing = arn.replace("/stream/", "/stream/1") + "x"
        with self.assertRaises(ClientError) as context:
            self.streams.describe_stream(StreamArn=missing)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: Stream: {missing} not found")
        with self.assertRaises(ClientError) as context:
            self.streams.get_records(ShardIterator="not-an-iterator")
        self.assertEqual(context.exception.response["Error"]["Code"], "ValidationException")


class StreamIteratorTest(unittest.TestCase):
    """On a server with the default shard period, so that no rollover moves records between
    the reads."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def setUp(self):
        self.client = self.server.client()
        self.streams = self.server.streams_client()

    def test_latest_and_sequence_number_iterators(self):
        # LATEST starts after the last record; AT_ / AFTER_SEQUENCE_NUMBER start at / after one.
        table = harness.create_table(
            self.client, harness.unique_table_name("streams-iter"),
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        arn = self.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        self.client.put_item(TableName=table, Item=pk("same"))
        self.client.delete_item(TableName=table, Key=pk("same"))
        records, _, shard_of = read_stream(self.streams, arn)
        self.assertEqual([r["eventName"] for r in records], ["INSERT", "REMOVE"])
        shard_id = shard_of[records[0]["eventID"]]
        self.assertEqual(shard_of[records[1]["eventID"]], shard_id)
        first = records[0]["dynamodb"]["SequenceNumber"]

        def names(**args):
            iterator = self.streams.get_shard_iterator(
                StreamArn=arn, ShardId=shard_id, **args)["ShardIterator"]
            return [r["eventName"]
                    for r in self.streams.get_records(ShardIterator=iterator)["Records"]]

        self.assertEqual(names(ShardIteratorType="AT_SEQUENCE_NUMBER", SequenceNumber=first),
                         ["INSERT", "REMOVE"])
        self.assertEqual(names(ShardIteratorType="AFTER_SEQUENCE_NUMBER", SequenceNumber=first),
                         ["REMOVE"])
        latest = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard_id, ShardIteratorType="LATEST")["ShardIterator"]
        page = self.streams.get_records(ShardIterator=latest)
        self.assertEqual(page["Records"], [])
        self.client.put_item(TableName=table, Item=pk("same"))
        page = self.streams.get_records(ShardIterator=page["NextShardIterator"])
        self.assertEqual([r["eventName"] for r in page["Records"]], ["INSERT"])


if __name__ == "__main__":
    unittest.main()
