"""The Kinesis streaming destination operations through boto3 against the real binary: Enable,
Describe, Update and Disable, with DynamoDB's statuses. The destination is validated and stored;
nothing is ever sent to Kinesis."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

STREAM = "arn:aws:kinesis:us-east-1:123456789012:stream/table-changes"


class KinesisDestinationTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = harness.create_table(self.client, harness.unique_table_name("kinesis"))

    def destinations(self):
        return self.client.describe_kinesis_streaming_destination(
            TableName=self.table)["KinesisDataStreamDestinations"]

    def test_enable_update_disable(self):
        """Each change answers the state DynamoDB passes through (ENABLING, UPDATING, DISABLING);
        DescribeKinesisStreamingDestination then shows ACTIVE or DISABLED with the precision."""
        self.assertEqual(self.destinations(), [])
        enabled = self.client.enable_kinesis_streaming_destination(TableName=self.table,
                                                                   StreamArn=STREAM)
        self.assertEqual((enabled["TableName"], enabled["StreamArn"], enabled["DestinationStatus"]),
                         (self.table, STREAM, "ENABLING"))
        self.assertEqual(self.destinations(), [{
            "StreamArn": STREAM, "DestinationStatus": "ACTIVE",
            "ApproximateCreationDateTimePrecision": "MILLISECOND"}])
        updated = self.client.update_kinesis_streaming_destination(
            TableName=self.table, StreamArn=STREAM,
            UpdateKinesisStreamingConfiguration={
                "ApproximateCreationDateTimePrecision": "MICROSECOND"})
        self.assertEqual(updated["DestinationStatus"], "UPDATING")
        self.assertEqual(updated["UpdateKinesisStreamingConfiguration"],
                         {"ApproximateCreationDateTimePrecision": "MICROSECOND"})
        self.assertEqual(self.destinations()[0]["ApproximateCreationDateTimePrecision"],
                         "MICROSECOND")
        disabled = self.client.disable_kinesis_streaming_destination(TableName=self.table,
                                                                     StreamArn=STREAM)
        self.assertEqual(disabled["DestinationStatus"], "DISABLING")
        self.assertEqual(self.destinations()[0]["DestinationStatus"], "DISABLED")

    def test_refusals(self):
        """The StreamArn must be a Kinesis data stream's; an ACTIVE destination cannot be enabled
        again, nor a missing one disabled."""
        bad = "arn:aws:sqs:us-east-1:123456789012:stream/table-changes"
        with self.assertRaises(ClientError) as context:
            self.client.enable_kinesis_streaming_destination(TableName=self.table, StreamArn=bad)
        self.assertError(context, "ValidationException",
                         "StreamArn is not a valid Kinesis data stream ARN: " + bad)
        with self.assertRaises(ClientError) as context:
            self.client.disable_kinesis_streaming_destination(TableName=self.table,
                                                              StreamArn=STREAM)
        self.assertError(context, "ValidationException",
                         "Table is not in a valid state to disable Kinesis Streaming Destination: "
                         "DisableKinesisStreamingDestination must be ACTIVE to perform DISABLE "
                         "operation.")
        self.client.enable_kinesis_streaming_destination(TableName=self.table, StreamArn=STREAM)
        with self.assertRaises(ClientError) as context:
            self.client.enable_kinesis_streaming_destination(TableName=self.table,
                                                             StreamArn=STREAM)
        self.assertError(context, "ValidationException",
                         "Table is not in a valid state to enable Kinesis Streaming Destination: "
                         "EnableKinesisStreamingDestination must be DISABLED or ENABLE_FAILED to "
                         "perform ENABLE operation.")
        with self.assertRaises(ClientError) as context:
            self.client.describe_kinesis_streaming_destination(TableName="missing-table")
        self.assertError(context, "ResourceNotFoundException",
                         "Requested resource not found: Table: missing-table not found")


if __name__ == "__main__":
    unittest.main()
