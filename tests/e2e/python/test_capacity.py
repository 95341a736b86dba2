"""Capacity enforcement (--capacity enforce; docs/ADMIN.md, "Capacity"), against the real binary
with boto3: a provisioned table throttles once its capacity and burst credit are spent, with the
admin clock banking burst credit instead of sleeps; a hot partition key of an on-demand table
throttles while other keys do not; a GSI short of write capacity throttles its table's writes;
OnDemandThroughput maxima; batches leave throttled requests unprocessed; transactions are
cancelled; boto3's retries recover once capacity refills. Each refusal is checked for DynamoDB's
type, message and ThrottlingReasons, and for having written nothing."""

import json
import unittest

import boto3
import botocore.config
from botocore.exceptions import ClientError

from . import admin
from . import server as harness

SERVER = harness.ModuleServer(["--capacity", "enforce"])
setUpModule = SERVER.start

PROVISIONED_MESSAGE = (
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.")
INDEX_MESSAGE = (
    "The level of configured provisioned throughput for one or more global secondary indexes of "
    "the table was exceeded. Consider increasing your provisioning level for the "
    "under-provisioned global secondary indexes with the UpdateTable API")
HOT_KEY_MESSAGE = (
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically "
    "scaling your table or index so please try again shortly. If exceptions persist, check if you "
    "have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "bp-partition-key-design.html")

KB = 1024


def filler(kilobytes):
    """A string attribute value that makes an item of about `kilobytes` KB (a little under)."""
    return "x" * (kilobytes * KB - 64)


def table_arn(name):
    return f"arn:aws:dynamodb:{harness.REGION}:000000000000:table/{name}"


class CapacityTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        # The error bodies as sent: botocore's model does not know ThrottlingReasons yet.
        self.bodies = []
        self.raw.meta.events.register(
            "before-parse.dynamodb.*",
            lambda response_dict, **_: self.bodies.append(json.loads(response_dict["body"] or b"{}")))

    def provisioned_table(self, read, write, **extra):
        name = harness.unique_table_name("capacity")
        args = {
            "TableName": name,
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": read, "WriteCapacityUnits": write},
        }
        args.update(extra)
        self.client.create_table(**args)
        return name

    def assertThrottled(self, context, code, message, reason, resource):
        self.assertError(context, code, message)
        self.assertEqual(self.bodies[-1]["ThrottlingReasons"],
                         [{"reason": reason, "resource": resource}])

    def put(self, table, key, kilobytes, client=None):
        (client or self.raw).put_item(
            TableName=table, Item={"pk": {"S": key}, "data": {"S": filler(kilobytes)}})

    def test_a_provisioned_table_throttles_once_its_capacity_and_burst_are_spent(self):
        table = self.provisioned_table(5, 5)
        # A new table has one second's capacity and no burst credit: a 20 KB write (20 units)
        # takes the 5 units there are and more, and the next write must wait about 3 s.
        self.put(table, "a", 20)
        with self.assertRaises(ClientError) as context:
            self.put(table, "b", 1)
        self.assertThrottled(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE,
                             "TableWriteProvisionedThroughputExceeded", table_arn(table))
        self.assertNotIn("Item", self.client.get_item(TableName=table, Key={"pk": {"S": "b"}}))

        # Five idle minutes bank 300 s of unused capacity (1,500 units), no more: the debt of 15
        # is repaid and fifteen 100 KB writes fit, the sixteenth does not.
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 3600})
        written = 0
        with self.assertRaises(ClientError) as context:
            for i in range(20):
                self.put(table, f"burst-{i}", 100)
                written += 1
        self.assertEqual(written, 15)
        self.assertError(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE)

    def test_a_write_refused_by_its_condition_still_spends_write_capacity(self):
        # 10 units a second: a 6 KB item, then a conditional put its condition refuses, which
        # costs what the item it found weighs (6 units) and takes the bucket into debt.
        table = self.provisioned_table(5, 10)
        self.put(table, "a", 6)
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=table, Item={"pk": {"S": "a"}},
                              ConditionExpression="attribute_not_exists(pk)")
        self.assertError(context, "ConditionalCheckFailedException",
                         "The conditional request failed")
        with self.assertRaises(ClientError) as context:
            self.put(table, "b", 1)
        self.assertError(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE)

    def test_partiql_statements_spend_and_are_throttled(self):
        table = self.provisioned_table(1, 5)
        self.raw.execute_statement(Statement=f"INSERT INTO \"{table}\" VALUE {{'pk': 'a', 'data': ?}}",
                                   Parameters=[{"S": filler(20)}])
        with self.assertRaises(ClientError) as context:
            self.raw.execute_statement(Statement=f"INSERT INTO \"{table}\" VALUE {{'pk': 'b'}}")
        self.assertThrottled(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE,
                             "TableWriteProvisionedThroughputExceeded", table_arn(table))
        # Reads: one read unit a second; a 20 KB item costs 2.5 eventually consistent units.
        select = f"SELECT pk FROM \"{table}\" WHERE pk = 'a'"
        self.assertEqual(self.raw.execute_statement(Statement=select)["Items"], [{"pk": {"S": "a"}}])
        with self.assertRaises(ClientError) as context:
            self.raw.execute_statement(Statement=select)
        self.assertThrottled(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE,
                             "TableReadProvisionedThroughputExceeded", table_arn(table))
        answer = self.raw.batch_execute_statement(Statements=[{"Statement": select}])
        self.assertEqual(answer["Responses"][0]["Error"]["Code"], "ProvisionedThroughputExceeded")

    def test_reads_spend_read_capacity(self):
        table = self.provisioned_table(1, 50)
        self.put(table, "k", 40)
        # An eventually consistent read of a 40 KB item costs 5 units: the second's 1 and 4 more,
        # which take 4 s to come back.
        self.raw.get_item(TableName=table, Key={"pk": {"S": "k"}})
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=table, Key={"pk": {"S": "k"}})
        self.assertThrottled(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE,
                             "TableReadProvisionedThroughputExceeded", table_arn(table))
        # Writes have their own bucket.
        self.put(table, "other", 1)

    def test_a_hot_key_of_an_on_demand_table_throttles_while_other_keys_do_not(self):
        # A sort key, so that one batch can write one partition key several times.
        table = harness.create_table(self.client, harness.unique_table_name("capacity-od"),
                                     ("pk", "S"), ("sk", "N"))

        def item(key, kilobytes, n=0):
            return {"pk": {"S": key}, "sk": {"N": str(n)}, "data": {"S": filler(kilobytes)}}

        def put_request(key, kilobytes, n=0):
            return {"PutRequest": {"Item": item(key, kilobytes, n)}}

        # 1,000 write units a second per partition key, admitted while at least one is left: 400 +
        # 400 + 199 leave 1, the fourth (400) goes 399 into debt, the fifth waits. The other keys,
        # written in the same batch, have their own share.
        hot = [put_request("hot", kb, n) for n, kb in enumerate([400, 400, 199, 400, 400])]
        cold = [put_request(f"cold-{i}", 300) for i in range(5)]
        answer = self.raw.batch_write_item(RequestItems={table: hot + cold})
        self.assertEqual(answer["UnprocessedItems"], {table: hot[4:]})
        written = self.client.query(TableName=table, KeyConditionExpression="pk = :k",
                                    ExpressionAttributeValues={":k": {"S": "hot"}},
                                    ProjectionExpression="sk")["Items"]
        self.assertEqual(written, [{"sk": {"N": str(n)}} for n in range(4)])
        # The debt takes 0.4 s to repay: a write of the hot key now is refused, one of another
        # key is not.
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=table, Item=item("hot", 1, 99))
        self.assertThrottled(context, "ProvisionedThroughputExceededException", HOT_KEY_MESSAGE,
                             "TableWriteKeyRangeThroughputExceeded", table_arn(table))
        self.raw.put_item(TableName=table, Item=item("cold-9", 1))

        # Idle time banks nothing beyond one second's worth: a minute later, three 400 KB writes
        # fit and a fourth does not.
        admin.call(SERVER, "POST", "clock", {"advanceSeconds": 60})
        again = [put_request("hot", 400, n) for n in range(10, 14)]
        answer = self.raw.batch_write_item(RequestItems={table: again})
        self.assertEqual(answer["UnprocessedItems"], {table: again[3:]})

    def test_contributor_insights_count_the_throttled_keys(self):
        """With Contributor Insights enabled, the throttled requests of a hot key (a batch's
        unprocessed write, a refused PutItem, a cancelled transaction) rank it first among the
        most throttled keys; the keys written rank by consumed units."""
        table = harness.create_table(self.client, harness.unique_table_name("capacity-ci"),
                                     ("pk", "S"), ("sk", "N"))
        self.client.update_contributor_insights(TableName=table,
                                                ContributorInsightsAction="ENABLE")

        def item(key, kilobytes, n=0):
            return {"pk": {"S": key}, "sk": {"N": str(n)}, "data": {"S": filler(kilobytes)}}

        batch = [{"PutRequest": {"Item": item("hot", kb, n)}}
                 for n, kb in enumerate([400, 400, 199, 400, 400])]
        answer = self.raw.batch_write_item(RequestItems={table: batch})
        self.assertEqual(len(answer["UnprocessedItems"][table]), 1)
        with self.assertRaises(ClientError):
            self.raw.put_item(TableName=table, Item=item("hot", 1, 4))
        with self.assertRaises(ClientError):
            self.raw.transact_write_items(TransactItems=[
                {"Put": {"TableName": table, "Item": item("hot", 1, 9)}}])
        self.raw.put_item(TableName=table, Item=item("cold", 2))

        status, answer = admin.call(SERVER, "GET", f"contributor-insights?table={table}")
        self.assertEqual(status, 200)
        [entry] = answer["tables"]
        self.assertEqual(entry["mostThrottledPartitionKeys"],
                         [{"partitionKey": {"S": "hot"}, "throttledRequests": 3}])
        self.assertEqual(entry["mostThrottledItems"], [
            {"partitionKey": {"S": "hot"}, "sortKey": {"N": "4"}, "throttledRequests": 2},
            {"partitionKey": {"S": "hot"}, "sortKey": {"N": "9"}, "throttledRequests": 1}])
        self.assertEqual([(e["partitionKey"]["S"], e["requests"])
                          for e in entry["mostAccessedPartitionKeys"]], [("hot", 4), ("cold", 1)])
        self.assertEqual(entry["mostAccessedPartitionKeys"][0]["units"], 400 + 400 + 199 + 400)

    def test_a_gsi_short_of_write_capacity_throttles_writes_to_its_table(self):
        table = self.provisioned_table(
            100, 100,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "status", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{
                "IndexName": "byStatus",
                "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"},
                "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 1},
            }])
        # The index's one unit goes on the first indexed 5 KB item.
        self.raw.put_item(TableName=table, Item={"pk": {"S": "a"}, "status": {"S": "open"},
                                                 "data": {"S": filler(5)}})
        with self.assertRaises(ClientError) as context:
            self.raw.put_item(TableName=table, Item={"pk": {"S": "b"}})
        self.assertThrottled(context, "ProvisionedThroughputExceededException", INDEX_MESSAGE,
                             "IndexWriteProvisionedThroughputExceeded",
                             table_arn(table) + "/index/byStatus")
        self.assertNotIn("Item", self.client.get_item(TableName=table, Key={"pk": {"S": "b"}}))
        # The table's reads are not the index's business.
        self.raw.get_item(TableName=table, Key={"pk": {"S": "a"}})

    def test_an_on_demand_maximum_throttles_with_a_throttling_exception(self):
        table = harness.create_table(
            self.client, harness.unique_table_name("capacity-max"), ("pk", "S"),
            OnDemandThroughput={"MaxReadRequestUnits": 5, "MaxWriteRequestUnits": 5})
        self.put(table, "a", 10)
        with self.assertRaises(ClientError) as context:
            self.put(table, "b", 1)
        self.assertThrottled(context, "ThrottlingException",
                             "Throughput exceeds the maximum OnDemandThroughput configured on table "
                             "or index", "TableWriteMaxOnDemandThroughputExceeded", table_arn(table))

    def test_a_batch_leaves_throttled_writes_unprocessed_and_fails_when_all_are(self):
        table = self.provisioned_table(5, 5)
        requests = [{"PutRequest": {"Item": {"pk": {"S": f"k{i}"}, "data": {"S": filler(4)}}}}
                    for i in range(4)]
        # 5 units: the first 4 KB put leaves 1, the second goes into debt, the rest wait.
        answer = self.raw.batch_write_item(RequestItems={table: requests})
        self.assertEqual(answer["UnprocessedItems"], {table: requests[2:]})
        with self.assertRaises(ClientError) as context:
            self.raw.batch_write_item(RequestItems={table: requests[2:]})
        self.assertThrottled(context, "ProvisionedThroughputExceededException", PROVISIONED_MESSAGE,
                             "TableWriteProvisionedThroughputExceeded", table_arn(table))
        keys = self.client.scan(TableName=table)["Items"]
        self.assertEqual(sorted(item["pk"]["S"] for item in keys), ["k0", "k1"])

    def test_a_transaction_with_a_throttled_item_is_cancelled_and_writes_nothing(self):
        busy = self.provisioned_table(5, 5)
        idle = self.provisioned_table(5, 5)
        self.put(busy, "a", 20)
        with self.assertRaises(ClientError) as context:
            self.raw.transact_write_items(TransactItems=[
                {"Put": {"TableName": idle, "Item": {"pk": {"S": "x"}}}},
                {"Put": {"TableName": busy, "Item": {"pk": {"S": "y"}}}},
            ])
        self.assertError(context, "TransactionCanceledException",
                         "Transaction cancelled, please refer cancellation reasons for specific "
                         "reasons [None, ThrottlingError]")
        self.assertEqual(self.bodies[-1]["CancellationReasons"],
                         [{"Code": "None"}, {"Code": "ThrottlingError",
                                             "Message": PROVISIONED_MESSAGE}])
        self.assertEqual(self.client.scan(TableName=idle)["Items"], [])

    def test_boto3_retries_recover_once_capacity_refills(self):
        table = self.provisioned_table(5, 10)
        self.put(table, "a", 12)  # 2 units of debt: the next write waits 0.3 s
        patient = boto3.client(
            "dynamodb", endpoint_url=SERVER.endpoint, region_name=harness.REGION,
            aws_access_key_id="test", aws_secret_access_key="test",
            config=botocore.config.Config(retries={"mode": "standard", "max_attempts": 10}))
        answer = patient.put_item(TableName=table, Item={"pk": {"S": "b"}})
        self.assertGreater(answer["ResponseMetadata"]["RetryAttempts"], 0)
        self.assertIn("Item", self.client.get_item(TableName=table, Key={"pk": {"S": "b"}}))


if __name__ == "__main__":
    unittest.main()
