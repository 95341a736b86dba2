// The rest of the control plane through the AWS SDK for JavaScript v3, from the real ddblocal
// binary: resource policies (stored, not enforced), continuous backups, Contributor Insights,
// Kinesis streaming destinations (stored, nothing sent) and the global tables operations, refused
// by name. Errors outside the SDK's model of DynamoDB (ValidationException,
// UnknownOperationException) arrive as DynamoDBServiceException with that name.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  CreateTableCommand,
  DeleteResourcePolicyCommand,
  DescribeContinuousBackupsCommand,
  DescribeContributorInsightsCommand,
  DescribeKinesisStreamingDestinationCommand,
  DisableKinesisStreamingDestinationCommand,
  DynamoDBServiceException,
  EnableKinesisStreamingDestinationCommand,
  GetResourcePolicyCommand,
  ListContributorInsightsCommand,
  ListGlobalTablesCommand,
  PolicyNotFoundException,
  PutResourcePolicyCommand,
  TableNotFoundException,
  UpdateContinuousBackupsCommand,
  UpdateContributorInsightsCommand,
  UpdateKinesisStreamingDestinationCommand,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let arn;
const table = uniqueTableName("js-control");
const policy = JSON.stringify({ Version: "2012-10-17", Statement: [] });

before(async () => {
  server = await new Server().start();
  client = server.client();
  const created = await client.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
    ResourcePolicy: policy,
  }));
  arn = created.TableDescription.TableArn;
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("resource policies", () => {
  test("CreateTable's ResourcePolicy is returned, replaced with the expected revision and deleted", async () => {
    const got = await client.send(new GetResourcePolicyCommand({ ResourceArn: arn }));
    assert.equal(got.Policy, policy);
    assert.match(got.RevisionId, /^\d+$/);
    const stale = await rejection(client.send(new PutResourcePolicyCommand({
      ResourceArn: arn, Policy: "{}", ExpectedRevisionId: "NO_POLICY",
    })));
    assertServiceError(stale, PolicyNotFoundException, "PolicyNotFoundException",
                       "Resource-based policy not found for the provided ResourceArn: Requested update for " +
                       `policy with revision id NO_POLICY, but the policy associated to target ${arn} has ` +
                       `revision id ${got.RevisionId}`);
    const put = await client.send(new PutResourcePolicyCommand({
      ResourceArn: arn, Policy: "{}", ExpectedRevisionId: got.RevisionId, ConfirmRemoveSelfResourceAccess: true,
    }));
    assert.ok(BigInt(put.RevisionId) > BigInt(got.RevisionId));
    const deleted = await client.send(new DeleteResourcePolicyCommand({ ResourceArn: arn }));
    assert.equal(deleted.RevisionId, put.RevisionId);
    const missing = await rejection(client.send(new GetResourcePolicyCommand({ ResourceArn: arn })));
    assertServiceError(missing, PolicyNotFoundException, "PolicyNotFoundException",
                       `Resource-based policy not found for the provided ResourceArn: ${arn}`);
  });

  test("A document that is not JSON is a ValidationException", async () => {
    const error = await rejection(client.send(new PutResourcePolicyCommand({ ResourceArn: arn, Policy: "policy" })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Resource-based policy document is not a valid JSON object");
  });
});

describe("continuous backups", () => {
  test("Point-in-time recovery is off on a new table, then on for the period given", async () => {
    const described = await client.send(new DescribeContinuousBackupsCommand({ TableName: table }));
    assert.deepEqual(described.ContinuousBackupsDescription, {
      ContinuousBackupsStatus: "ENABLED",
      PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: "DISABLED" },
    });
    const updated = await client.send(new UpdateContinuousBackupsCommand({
      TableName: table,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 5 },
    }));
    const recovery = updated.ContinuousBackupsDescription.PointInTimeRecoveryDescription;
    assert.equal(recovery.PointInTimeRecoveryStatus, "ENABLED");
    assert.equal(recovery.RecoveryPeriodInDays, 5);
    assert.ok(recovery.EarliestRestorableDateTime instanceof Date);
    assert.ok(recovery.LatestRestorableDateTime instanceof Date);
  });

  test("A missing table is a TableNotFoundException", async () => {
    const error = await rejection(client.send(new DescribeContinuousBackupsCommand({ TableName: "missing-table" })));
    assertServiceError(error, TableNotFoundException, "TableNotFoundException", "Table not found: missing-table");
  });
});

describe("Contributor Insights", () => {
  test("Enabling answers ENABLING, then the table is ENABLED and listed", async () => {
    const updated = await client.send(new UpdateContributorInsightsCommand({
      TableName: table, ContributorInsightsAction: "ENABLE", ContributorInsightsMode: "ACCESSED_AND_THROTTLED_KEYS",
    }));
    assert.equal(updated.ContributorInsightsStatus, "ENABLING");
    const described = await client.send(new DescribeContributorInsightsCommand({ TableName: table }));
    assert.equal(described.ContributorInsightsStatus, "ENABLED");
    assert.equal(described.ContributorInsightsMode, "ACCESSED_AND_THROTTLED_KEYS");
    assert.deepEqual(described.ContributorInsightsRuleList.map((rule) => rule.split("-")[1]), ["PKC", "PKT"]);
    const listed = await client.send(new ListContributorInsightsCommand({ TableName: table }));
    assert.deepEqual(listed.ContributorInsightsSummaries, [{
      TableName: table, ContributorInsightsStatus: "ENABLED", ContributorInsightsMode: "ACCESSED_AND_THROTTLED_KEYS",
    }]);
  });
});

describe("Kinesis streaming destination", () => {
  const stream = "arn:aws:kinesis:us-east-1:123456789012:stream/js-changes";

  test("Enable, update and disable answer DynamoDB's passing states; Describe shows the result", async () => {
    const enabled = await client.send(new EnableKinesisStreamingDestinationCommand({ TableName: table, StreamArn: stream }));
    assert.equal(enabled.DestinationStatus, "ENABLING");
    const updated = await client.send(new UpdateKinesisStreamingDestinationCommand({
      TableName: table, StreamArn: stream,
      UpdateKinesisStreamingConfiguration: { ApproximateCreationDateTimePrecision: "MICROSECOND" },
    }));
    assert.equal(updated.DestinationStatus, "UPDATING");
    let described = await client.send(new DescribeKinesisStreamingDestinationCommand({ TableName: table }));
    assert.deepEqual(described.KinesisDataStreamDestinations, [{
      StreamArn: stream, DestinationStatus: "ACTIVE", ApproximateCreationDateTimePrecision: "MICROSECOND",
    }]);
    const disabled = await client.send(new DisableKinesisStreamingDestinationCommand({ TableName: table, StreamArn: stream }));
    assert.equal(disabled.DestinationStatus, "DISABLING");
    described = await client.send(new DescribeKinesisStreamingDestinationCommand({ TableName: table }));
    assert.equal(described.KinesisDataStreamDestinations[0].DestinationStatus, "DISABLED");
  });

  test("A StreamArn that is not a Kinesis stream's is a ValidationException", async () => {
    const bad = "arn:aws:dynamodb:us-east-1:123456789012:table/not-a-stream";
    const error = await rejection(client.send(new EnableKinesisStreamingDestinationCommand({ TableName: table, StreamArn: bad })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       `StreamArn is not a valid Kinesis data stream ARN: ${bad}`);
  });
});

describe("global tables", () => {
  test("ListGlobalTables is an UnknownOperationException naming it", async () => {
    const error = await rejection(client.send(new ListGlobalTablesCommand({})));
    assertServiceError(error, DynamoDBServiceException, "UnknownOperationException",
                       "ListGlobalTables is not supported: ddblocal has no global tables (no replicas in other regions)");
  });
});
