// A client of the AWS SDK for JavaScript v3 built with no options at all finds ddblocal through the
// AWS_ENDPOINT_URL_DYNAMODB environment variable (service-specific endpoints, supported by the SDK
// since v3.2xx), with its region from AWS_REGION. node:test runs each test file in its own process,
// so the variable set here reaches no other file.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";

import { Server, uniqueTableName } from "./server.mjs";

let server;
let explicit;
let fromEnvironment;
const table = uniqueTableName("js-env");

before(async () => {
  server = await new Server().start();
  explicit = server.client();
  process.env.AWS_ENDPOINT_URL_DYNAMODB = server.endpoint;
  fromEnvironment = new DynamoDBClient();
});

after(async () => {
  fromEnvironment?.destroy();
  explicit?.destroy();
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  await server?.stop();
});

test("A client configured only by AWS_ENDPOINT_URL_DYNAMODB creates a table on ddblocal and reads and writes items", async () => {
  await fromEnvironment.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
  }));
  const waited = await waitUntilTableExists({ client: fromEnvironment, maxWaitTime: 30 }, { TableName: table });
  assert.equal(waited.state, "SUCCESS");

  // The client given the endpoint explicitly sees the same table: the requests reached this server.
  const listed = await explicit.send(new ListTablesCommand({}));
  assert.deepEqual(listed.TableNames, [table]);
  // ddblocal puts the region of the request's signature in the ARN: AWS_REGION's us-east-1.
  const { Table: described } = await explicit.send(new DescribeTableCommand({ TableName: table }));
  assert.equal(described.TableArn, `arn:aws:dynamodb:us-east-1:000000000000:table/${table}`);

  const documents = DynamoDBDocumentClient.from(fromEnvironment);
  await documents.send(new PutCommand({ TableName: table, Item: { id: "settings", theme: "dark", fontSize: 14 } }));
  const read = await documents.send(new GetCommand({ TableName: table, Key: { id: "settings" } }));
  assert.deepEqual(read.Item, { id: "settings", theme: "dark", fontSize: 14 });
});
