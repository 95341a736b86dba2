// Table settings through the AWS SDK for JavaScript v3, from the real ddblocal binary: CreateTable
// stores TableClass, SSESpecification, WarmThroughput and OnDemandThroughput (per GSI too),
// DescribeTable echoes them, UpdateTable changes them with DynamoDB's refusals, the table's ARN
// works as its TableName, and DeleteTable describes a table being deleted without its key schema.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
const table = uniqueTableName("js-settings");
const arn = `arn:aws:dynamodb:us-east-1:000000000000:table/${table}`;

async function describeTable(name = table) {
  return (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
}

before(async () => {
  server = await new Server().start();
  client = server.client();
  await client.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" },
                           { AttributeName: "G", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
    TableClass: "STANDARD_INFREQUENT_ACCESS",
    SSESpecification: { Enabled: true, SSEType: "KMS", KMSMasterKeyId: "alias/app" },
    WarmThroughput: { ReadUnitsPerSecond: 14000 },
    OnDemandThroughput: { MaxReadRequestUnits: 500 },
    GlobalSecondaryIndexes: [{
      IndexName: "by-g",
      KeySchema: [{ AttributeName: "G", KeyType: "HASH" }],
      Projection: { ProjectionType: "KEYS_ONLY" },
      OnDemandThroughput: { MaxWriteRequestUnits: 20 },
    }],
  }));
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("table settings", () => {
  test("DescribeTable echoes every setting CreateTable was given, with DynamoDB's shapes", async () => {
    const described = await describeTable();
    assert.deepEqual(described.TableClassSummary, { TableClass: "STANDARD_INFREQUENT_ACCESS" });
    assert.equal(described.SSEDescription.Status, "ENABLED");
    assert.equal(described.SSEDescription.SSEType, "KMS");
    assert.match(described.SSEDescription.KMSMasterKeyArn,
                 /^arn:aws:kms:us-east-1:000000000000:key\/[0-9a-f-]{36}$/);
    assert.deepEqual(described.WarmThroughput,
                     { ReadUnitsPerSecond: 14000, WriteUnitsPerSecond: 4000, Status: "ACTIVE" });
    assert.deepEqual(described.OnDemandThroughput, { MaxReadRequestUnits: 500 });
    assert.deepEqual(described.GlobalSecondaryIndexes[0].OnDemandThroughput, { MaxWriteRequestUnits: 20 });
    assert.equal(described.DeletionProtectionEnabled, false);
  });

  test("UpdateTable by the table's ARN changes a setting; the item operations take the ARN too", async () => {
    const updated = await client.send(new UpdateTableCommand({
      TableName: arn, OnDemandThroughput: { MaxWriteRequestUnits: 250 },
    }));
    assert.deepEqual(updated.TableDescription.OnDemandThroughput,
                     { MaxReadRequestUnits: 500, MaxWriteRequestUnits: 250 });
    await client.send(new PutItemCommand({ TableName: arn, Item: { PK: { S: "a" } } }));
    const got = await client.send(new GetItemCommand({ TableName: arn, Key: { PK: { S: "a" } } }));
    assert.deepEqual(got.Item, { PK: { S: "a" } });
  });

  test("TableClass combined with another change is a ValidationException", async () => {
    const error = await rejection(client.send(new UpdateTableCommand({
      TableName: table, TableClass: "STANDARD", DeletionProtectionEnabled: true,
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "One or more parameter values were invalid: TableClass modification must be the only operation in the request");
  });

  test("DeleteTable describes the table being deleted without its key schema", async () => {
    const deleted = (await client.send(new DeleteTableCommand({ TableName: arn }))).TableDescription;
    assert.equal(deleted.TableStatus, "DELETING");
    assert.equal(deleted.TableArn, arn);
    assert.equal(deleted.KeySchema, undefined);
    assert.equal(deleted.AttributeDefinitions, undefined);
    assert.equal(deleted.CreationDateTime, undefined);
  });
});
