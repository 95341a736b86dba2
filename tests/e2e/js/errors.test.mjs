// DynamoDB's client errors as the AWS SDK for JavaScript v3 surfaces them, with default client
// settings, from the real ddblocal binary: each becomes an instance of the SDK's modelled exception
// class with DynamoDB's name and exact message, HTTP 400, and a single attempt (the default retry
// strategy does not retry them). Checked through the low-level client and the DocumentClient.
// ValidationException is not in the SDK's model of DynamoDB, so the SDK raises it as its base class
// DynamoDBServiceException with name "ValidationException".

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ResourceInUseException,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import {
  GetCommand,
  PutCommand,
  QueryCommand as DocumentQueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let documents;
const table = uniqueTableName("js-errors");
const missing = uniqueTableName("js-missing");

const tableDefinition = {
  TableName: table,
  KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
  AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }, { AttributeName: "SK", AttributeType: "S" }],
  BillingMode: "PAY_PER_REQUEST",
};

before(async () => {
  server = await new Server().start();
  client = server.client();
  documents = server.documentClient();
  await client.send(new CreateTableCommand(tableDefinition));
  await client.send(new PutItemCommand({
    TableName: table, Item: { PK: { S: "USER#1" }, SK: { S: "PROFILE" }, version: { N: "3" } },
  }));
});

after(async () => {
  documents?.destroy();
  client?.destroy();
  await server?.stop();
});

describe("errors through the low-level client", () => {
  test("A Query whose key condition leaves out the partition key is a ValidationException naming the key", async () => {
    const error = await rejection(client.send(new QueryCommand({
      TableName: table,
      KeyConditionExpression: "SK = :sk",
      ExpressionAttributeValues: { ":sk": { S: "PROFILE" } },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Query condition missed key schema element: PK");
  });

  test("A Query with no key condition at all is a ValidationException", async () => {
    const error = await rejection(client.send(new QueryCommand({ TableName: table })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
  });

  test("begins_with on the partition key is not a supported key condition", async () => {
    const error = await rejection(client.send(new QueryCommand({
      TableName: table,
      KeyConditionExpression: "begins_with(PK, :prefix)",
      ExpressionAttributeValues: { ":prefix": { S: "USER#" } },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException", "Query key condition not supported");
  });

  test("A Query on an index the table does not have is a ValidationException naming the index", async () => {
    const error = await rejection(client.send(new QueryCommand({
      TableName: table,
      IndexName: "GSI1",
      KeyConditionExpression: "GSI1PK = :pk",
      ExpressionAttributeValues: { ":pk": { S: "x" } },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "The table does not have the specified index: GSI1");
  });

  test("GetItem with a key missing the sort key does not match the schema", async () => {
    const error = await rejection(client.send(new GetItemCommand({ TableName: table, Key: { PK: { S: "USER#1" } } })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "The provided key element does not match the schema");
  });

  test("PutItem with a number where the key schema says string names the type mismatch", async () => {
    const error = await rejection(client.send(new PutItemCommand({
      TableName: table, Item: { PK: { N: "1" }, SK: { S: "PROFILE" } },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "One or more parameter values were invalid: Type mismatch for key PK expected: S actual: N");
  });

  test("BatchWriteItem takes at most 25 requests per table, and a call of 26 writes nothing", async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      PutRequest: { Item: { PK: { S: `BATCH#${i}` }, SK: { S: "ITEM" } } },
    }));
    const error = await rejection(client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       `1 validation error detected: Value at 'RequestItems.${table}.member' failed to satisfy ` +
                       "constraint: Member must have length less than or equal to 25");
    const item = await client.send(new GetItemCommand({ TableName: table, Key: { PK: { S: "BATCH#0" }, SK: { S: "ITEM" } } }));
    assert.equal(item.Item, undefined);
  });

  test("DescribeTable of a table that does not exist is a ResourceNotFoundException naming the table", async () => {
    const error = await rejection(client.send(new DescribeTableCommand({ TableName: missing })));
    assertServiceError(error, ResourceNotFoundException, "ResourceNotFoundException",
                       `Requested resource not found: Table: ${missing} not found`);
  });

  test("DeleteTable of a table that does not exist is a ResourceNotFoundException naming the table", async () => {
    const error = await rejection(client.send(new DeleteTableCommand({ TableName: missing })));
    assertServiceError(error, ResourceNotFoundException, "ResourceNotFoundException",
                       `Requested resource not found: Table: ${missing} not found`);
  });

  test("Item operations on a table that does not exist are a ResourceNotFoundException without the name", async () => {
    const get = await rejection(client.send(new GetItemCommand({
      TableName: missing, Key: { PK: { S: "USER#1" }, SK: { S: "PROFILE" } },
    })));
    assertServiceError(get, ResourceNotFoundException, "ResourceNotFoundException", "Requested resource not found");
    const query = await rejection(client.send(new QueryCommand({
      TableName: missing, KeyConditionExpression: "PK = :pk", ExpressionAttributeValues: { ":pk": { S: "USER#1" } },
    })));
    assertServiceError(query, ResourceNotFoundException, "ResourceNotFoundException", "Requested resource not found");
  });

  test("CreateTable with a name already taken is a ResourceInUseException naming the table", async () => {
    const error = await rejection(client.send(new CreateTableCommand(tableDefinition)));
    assertServiceError(error, ResourceInUseException, "ResourceInUseException", `Table already exists: ${table}`);
  });
});

describe("errors through the DocumentClient", () => {
  test("A Query whose key condition leaves out the partition key is a ValidationException naming the key", async () => {
    const error = await rejection(documents.send(new DocumentQueryCommand({
      TableName: table,
      KeyConditionExpression: "SK = :sk",
      ExpressionAttributeValues: { ":sk": "PROFILE" },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Query condition missed key schema element: PK");
  });

  test("GetCommand on a table that does not exist is a ResourceNotFoundException", async () => {
    const error = await rejection(documents.send(new GetCommand({ TableName: missing, Key: { PK: "USER#1", SK: "PROFILE" } })));
    assertServiceError(error, ResourceNotFoundException, "ResourceNotFoundException", "Requested resource not found");
  });

  test("A create-only PutCommand on an existing item is a ConditionalCheckFailedException and leaves the item", async () => {
    const error = await rejection(documents.send(new PutCommand({
      TableName: table,
      Item: { PK: "USER#1", SK: "PROFILE", version: 1 },
      ConditionExpression: "attribute_not_exists(PK)",
    })));
    assertServiceError(error, ConditionalCheckFailedException, "ConditionalCheckFailedException",
                       "The conditional request failed");
    const stored = await documents.send(new GetCommand({ TableName: table, Key: { PK: "USER#1", SK: "PROFILE" } }));
    assert.deepEqual(stored.Item, { PK: "USER#1", SK: "PROFILE", version: 3 });
  });

  test("An UpdateCommand with a stale version is a ConditionalCheckFailedException and leaves the item", async () => {
    const error = await rejection(documents.send(new UpdateCommand({
      TableName: table,
      Key: { PK: "USER#1", SK: "PROFILE" },
      UpdateExpression: "SET version = :next",
      ConditionExpression: "version = :seen",
      ExpressionAttributeValues: { ":next": 4, ":seen": 2 },
    })));
    assertServiceError(error, ConditionalCheckFailedException, "ConditionalCheckFailedException",
                       "The conditional request failed");
    const stored = await documents.send(new GetCommand({ TableName: table, Key: { PK: "USER#1", SK: "PROFILE" } }));
    assert.deepEqual(stored.Item, { PK: "USER#1", SK: "PROFILE", version: 3 });
  });
});
