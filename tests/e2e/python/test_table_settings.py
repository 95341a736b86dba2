"""Every table setting through boto3 against the real binary: TableClass, SSESpecification,
WarmThroughput, OnDemandThroughput and DeletionProtectionEnabled stored by CreateTable, echoed by
DescribeTable, changed by UpdateTable with DynamoDB's refusals; DeleteTable's description of a table
being deleted; table ARNs in TableName; and a Terraform-style round trip of a table with every
setting."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

INVALID = "One or more parameter values were invalid: "
KMS_PREFIX = f"arn:aws:kms:{harness.REGION}:000000000000:key/"


def table_arn(name):
    return f"arn:aws:dynamodb:{harness.REGION}:000000000000:table/{name}"


def gsi(name, key, **extra):
    index = {"IndexName": name, "KeySchema": [{"AttributeName": key, "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "ALL"}}
    index.update(extra)
    return index


class TableSettingsTest(harness.ServerTest):
    server = SERVER

    def create(self, prefix, **extra):
        return harness.create_table(self.client, harness.unique_table_name(prefix),
                                    ("pk", "S"), **extra)

    def describe(self, name):
        return self.client.describe_table(TableName=name)["Table"]

    def test_terraform_style_round_trip(self):
        """A table created with every setting, a stream, a GSI and tags reads back as created;
        updated settings and tags read back updated; it can be deleted once deletion protection is
        off, as Terraform's aws_dynamodb_table does it."""
        name = harness.unique_table_name("tf")
        created = self.client.create_table(
            TableName=name,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "g", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST",
            TableClass="STANDARD_INFREQUENT_ACCESS",
            SSESpecification={"Enabled": True, "SSEType": "KMS",
                              "KMSMasterKeyId": "1234abcd-12ab-34cd-56ef-1234567890ab"},
            WarmThroughput={"ReadUnitsPerSecond": 15000, "WriteUnitsPerSecond": 5000},
            OnDemandThroughput={"MaxReadRequestUnits": 200, "MaxWriteRequestUnits": 100},
            DeletionProtectionEnabled=True,
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
            GlobalSecondaryIndexes=[gsi("by-g", "g",
                                        OnDemandThroughput={"MaxReadRequestUnits": 50},
                                        WarmThroughput={"ReadUnitsPerSecond": 13000})],
            Tags=[{"Key": "env", "Value": "test"}, {"Key": "team", "Value": "data"}],
        )["TableDescription"]
        table = self.describe(name)
        for description in (created, table):
            self.assertEqual(description["TableClassSummary"],
                             {"TableClass": "STANDARD_INFREQUENT_ACCESS"})
            self.assertEqual(description["SSEDescription"],
                             {"Status": "ENABLED", "SSEType": "KMS",
                              "KMSMasterKeyArn": KMS_PREFIX +
                              "1234abcd-12ab-34cd-56ef-1234567890ab"})
            self.assertEqual(description["WarmThroughput"],
                             {"ReadUnitsPerSecond": 15000, "WriteUnitsPerSecond": 5000,
                              "Status": "ACTIVE"})
            self.assertEqual(description["OnDemandThroughput"],
                             {"MaxReadRequestUnits": 200, "MaxWriteRequestUnits": 100})
            self.assertTrue(description["DeletionProtectionEnabled"])
            self.assertEqual(description["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
            self.assertEqual(description["StreamSpecification"],
                             {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
            index = description["GlobalSecondaryIndexes"][0]
            self.assertEqual(index["OnDemandThroughput"], {"MaxReadRequestUnits": 50})
            self.assertEqual(index["WarmThroughput"],
                             {"ReadUnitsPerSecond": 13000, "WriteUnitsPerSecond": 4000,
                              "Status": "ACTIVE"})
        arn = table["TableArn"]
        self.assertEqual(arn, table_arn(name))
        self.assertEqual(self.client.list_tags_of_resource(ResourceArn=arn)["Tags"],
                         [{"Key": "env", "Value": "test"}, {"Key": "team", "Value": "data"}])

        # Terraform sends each kind of change in its own UpdateTable call.
        self.client.update_table(TableName=name, TableClass="STANDARD")
        self.client.update_table(TableName=name, SSESpecification={"Enabled": False})
        self.client.update_table(TableName=name,
                                 WarmThroughput={"ReadUnitsPerSecond": 16000})
        self.client.update_table(TableName=name,
                                 OnDemandThroughput={"MaxReadRequestUnits": 300})
        self.client.update_table(TableName=name, GlobalSecondaryIndexUpdates=[
            {"Update": {"IndexName": "by-g", "OnDemandThroughput": {"MaxWriteRequestUnits": 60}}}])
        self.client.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "prod"}])
        self.client.untag_resource(ResourceArn=arn, TagKeys=["team"])
        table = self.describe(name)
        self.assertEqual(table["TableClassSummary"]["TableClass"], "STANDARD")
        self.assertIn("LastUpdateDateTime", table["TableClassSummary"])
        self.assertNotIn("SSEDescription", table)
        self.assertEqual(table["WarmThroughput"],
                         {"ReadUnitsPerSecond": 16000, "WriteUnitsPerSecond": 5000,
                          "Status": "ACTIVE"})
        self.assertEqual(table["OnDemandThroughput"],
                         {"MaxReadRequestUnits": 300, "MaxWriteRequestUnits": 100})
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["OnDemandThroughput"],
                         {"MaxReadRequestUnits": 50, "MaxWriteRequestUnits": 60})
        self.assertEqual(self.client.list_tags_of_resource(ResourceArn=arn)["Tags"],
                         [{"Key": "env", "Value": "prod"}])

        with self.assertRaises(ClientError) as context:
            self.client.delete_table(TableName=name)
        self.assertError(context, "ValidationException",
                         "Resource cannot be deleted as it is currently protected against "
                         "deletion. Disable deletion protection first.")
        self.client.update_table(TableName=name, DeletionProtectionEnabled=False)
        deleted = self.client.delete_table(TableName=name)["TableDescription"]
        self.assertEqual(deleted["TableStatus"], "DELETING")
        self.assertEqual(deleted["TableArn"], arn)
        self.client.get_waiter("table_not_exists").wait(TableName=name,
                                                        WaiterConfig={"Delay": 1})

    def test_delete_table_describes_only_a_table_being_deleted(self):
        """DeleteTable's TableDescription has the table's name, status, ARN, ID, size, count and
        capacity, but not its key schema, attribute definitions or creation time."""
        name = self.create("del")
        deleted = self.client.delete_table(TableName=name)["TableDescription"]
        for member in ("TableName", "TableStatus", "TableArn", "TableId", "TableSizeBytes",
                       "ItemCount", "ProvisionedThroughput", "BillingModeSummary"):
            self.assertIn(member, deleted)
        for member in ("KeySchema", "AttributeDefinitions", "CreationDateTime"):
            self.assertNotIn(member, deleted)

    def test_warm_throughput_defaults_to_the_on_demand_starting_values(self):
        """A new on-demand table reports a warm throughput of 12000 reads and 4000 writes per
        second, as DynamoDB's Developer Guide says a new on-demand table starts."""
        name = self.create("warm")
        self.assertEqual(self.describe(name)["WarmThroughput"],
                         {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                          "Status": "ACTIVE"})

    def test_refusals(self):
        """Each setting's refusals carry DynamoDB's exact type and message."""
        name = self.create("refuse")
        cases = [
            (dict(TableClass="COLD"),
             "Invalid table-class parameter provided. Please try again with a valid table-class "
             "value: [STANDARD, STANDARD_INFREQUENT_ACCESS]."),
            (dict(TableClass="STANDARD", DeletionProtectionEnabled=True),
             INVALID + "TableClass modification must be the only operation in the request"),
            (dict(SSESpecification={"Enabled": False}),
             INVALID + "Table is already encrypted by default"),
            (dict(SSESpecification={"Enabled": True, "SSEType": "AES256"}),
             INVALID + "SSEType AES256 is not supported"),
            (dict(WarmThroughput={"ReadUnitsPerSecond": 100}),
             INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
             "current WarmThroughput, decreasing WarmThroughput is not supported"),
            (dict(OnDemandThroughput={"MaxReadRequestUnits": 0}),
             INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for table is "
             "outside of valid range"),
        ]
        for members, message in cases:
            with self.subTest(members=members):
                with self.assertRaises(ClientError) as context:
                    self.client.update_table(TableName=name, **members)
                self.assertError(context, "ValidationException", message)

    def test_provisioned_table_refuses_on_demand_throughput(self):
        """OnDemandThroughput on a PROVISIONED table is refused by CreateTable and UpdateTable,
        each with its own wording."""
        throughput = {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
        with self.assertRaises(ClientError) as context:
            self.create("prov", BillingMode="PROVISIONED", ProvisionedThroughput=throughput,
                        OnDemandThroughput={"MaxReadRequestUnits": 10})
        self.assertError(context, "ValidationException",
                         INVALID + "MaxReadRequestUnits for OnDemandThroughput cannot be "
                         "specified when table BillingMode is PROVISIONED.")
        name = self.create("prov", BillingMode="PROVISIONED", ProvisionedThroughput=throughput)
        with self.assertRaises(ClientError) as context:
            self.client.update_table(TableName=name,
                                     OnDemandThroughput={"MaxReadRequestUnits": 10})
        self.assertError(context, "ValidationException",
                         INVALID + "MaxReadRequestUnits for OnDemandThroughput cannot be "
                         "specified when the table BillingMode is PROVISIONED")
        with self.assertRaises(ClientError) as context:
            self.client.update_table(TableName=name, ProvisionedThroughput=throughput)
        self.assertError(context, "ValidationException",
                         "The provisioned throughput for the table will not change. The requested "
                         "value equals the current value. Current ReadCapacityUnits provisioned "
                         "for the table: 5. Requested ReadCapacityUnits: 5. Current "
                         "WriteCapacityUnits provisioned for the table: 5. Requested "
                         "WriteCapacityUnits: 5. Refer to the Amazon DynamoDB Developer Guide for "
                         "current limits and how to request higher limits.")


class TableArnTest(harness.ServerTest):
    server = SERVER

    def test_every_operation_takes_the_table_arn(self):
        """TableName takes the table's ARN in the table, item, batch and transaction operations,
        and batch responses are keyed as the request named the table."""
        name = harness.create_table(self.client, harness.unique_table_name("arn"), ("pk", "S"))
        arn = table_arn(name)
        item = {"pk": {"S": "a"}, "v": {"N": "1"}}
        key = {"pk": {"S": "a"}}
        self.assertEqual(self.client.describe_table(TableName=arn)["Table"]["TableName"], name)
        self.client.put_item(TableName=arn, Item=item)
        self.assertEqual(self.client.get_item(TableName=arn, Key=key)["Item"], item)
        self.client.update_item(TableName=arn, Key=key, UpdateExpression="SET v = :v",
                                ExpressionAttributeValues={":v": {"N": "2"}})
        self.assertEqual(self.client.query(TableName=arn, KeyConditionExpression="pk = :p",
                                           ExpressionAttributeValues={":p": {"S": "a"}})["Count"],
                         1)
        self.assertEqual(self.client.scan(TableName=arn)["Count"], 1)
        got = self.client.batch_get_item(RequestItems={arn: {"Keys": [key]}})
        self.assertEqual(got["Responses"][arn][0]["v"], {"N": "2"})
        self.client.batch_write_item(RequestItems={arn: [{"PutRequest": {"Item": item}}]})
        self.client.transact_write_items(TransactItems=[
            {"Update": {"TableName": arn, "Key": key, "UpdateExpression": "SET v = :v",
                        "ExpressionAttributeValues": {":v": {"N": "3"}}}}])
        got = self.client.transact_get_items(TransactItems=[{"Get": {"TableName": arn,
                                                                     "Key": key}}])
        self.assertEqual(got["Responses"][0]["Item"]["v"], {"N": "3"})
        self.client.update_table(TableName=arn, TableClass="STANDARD")
        self.assertEqual(self.client.describe_time_to_live(TableName=arn)[
            "TimeToLiveDescription"]["TimeToLiveStatus"], "DISABLED")
        self.client.update_continuous_backups(
            TableName=arn, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        self.assertEqual(self.client.describe_continuous_backups(TableName=arn)[
            "ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"][
            "PointInTimeRecoveryStatus"], "ENABLED")
        self.assertEqual(self.client.update_contributor_insights(
            TableName=arn, ContributorInsightsAction="ENABLE")["TableName"], name)
        self.assertEqual(self.client.describe_contributor_insights(TableName=arn)["TableName"], name)
        self.assertEqual(self.client.list_contributor_insights(TableName=arn)[
            "ContributorInsightsSummaries"][0]["TableName"], name)
        stream = "arn:aws:kinesis:us-east-1:000000000000:stream/changes"
        self.assertEqual(self.client.enable_kinesis_streaming_destination(
            TableName=arn, StreamArn=stream)["TableName"], name)
        self.assertEqual(self.client.describe_kinesis_streaming_destination(TableName=arn)[
            "TableName"], name)
        self.client.delete_item(TableName=arn, Key=key)
        self.assertEqual(self.client.delete_table(TableName=arn)["TableDescription"]["TableName"],
                         name)

    def test_an_arn_of_another_region_is_refused(self):
        """An ARN naming another region is a ValidationException naming the ARN; one of another
        account is AccessDeniedException."""
        name = harness.create_table(self.client, harness.unique_table_name("arn"), ("pk", "S"))
        other = f"arn:aws:dynamodb:eu-west-1:000000000000:table/{name}"
        with self.assertRaises(ClientError) as context:
            self.client.describe_table(TableName=other)
        self.assertError(context, "ValidationException",
                         f"1 validation error detected: Invalid AWS region in '{other}'")
        with self.assertRaises(ClientError) as context:
            self.client.describe_table(
                TableName=f"arn:aws:dynamodb:{harness.REGION}:111122223333:table/{name}")
        self.assertEqual(context.exception.response["Error"]["Code"], "AccessDeniedException")


if __name__ == "__main__":
    unittest.main()
