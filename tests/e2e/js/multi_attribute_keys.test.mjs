// GSIs with multi-attribute keys through the AWS SDK for JavaScript v3 (the DocumentClient, as an
// application writes it), from the real ddblocal binary: creation, a query with equality on both
// partition attributes and a range on the sort attributes, paging with paginateQuery, and
// DynamoDB's refusal of a gap in the sort attributes.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { CreateTableCommand, DynamoDBServiceException } from "@aws-sdk/client-dynamodb";
import { PutCommand, QueryCommand, paginateQuery } from "@aws-sdk/lib-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let documents;
const table = uniqueTableName("js-multi");

const RUNS = [
  { pk: "p1", tournament: "WINTER", region: "EU", score: 975, at: "2026-01-03" },
  { pk: "p2", tournament: "WINTER", region: "EU", score: 1502, at: "2026-01-02" },
  { pk: "p3", tournament: "WINTER", region: "EU", score: 1502, at: "2026-01-05" },
  { pk: "p4", tournament: "WINTER", region: "EU", score: 2140, at: "2026-01-01" },
  { pk: "p5", tournament: "WINTER", region: "NA", score: 3000, at: "2026-01-01" },
  { pk: "p6", tournament: "WINTER", region: "EU" }, // no score or at: not in the index
];

const partition = {
  IndexName: "board",
  ExpressionAttributeNames: { "#region": "region" },
};

before(async () => {
  server = await new Server().start();
  client = server.client();
  documents = server.documentClient();
  await client.send(new CreateTableCommand({
    TableName: table,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [
      { AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "tournament", AttributeType: "S" },
      { AttributeName: "region", AttributeType: "S" },
      { AttributeName: "score", AttributeType: "N" },
      { AttributeName: "at", AttributeType: "S" },
    ],
    GlobalSecondaryIndexes: [{
      IndexName: "board",
      KeySchema: [
        { AttributeName: "tournament", KeyType: "HASH" },
        { AttributeName: "region", KeyType: "HASH" },
        { AttributeName: "score", KeyType: "RANGE" },
        { AttributeName: "at", KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    }],
  }));
  for (const run of RUNS) await documents.send(new PutCommand({ TableName: table, Item: run }));
});

after(async () => {
  documents?.destroy();
  client?.destroy();
  await server?.stop();
});

describe("multi-attribute GSI keys", () => {
  test("a query ranks by score as a number, then by time", async () => {
    const response = await documents.send(new QueryCommand({
      TableName: table,
      ...partition,
      KeyConditionExpression: "tournament = :t AND #region = :r AND score >= :min",
      ExpressionAttributeValues: { ":t": "WINTER", ":r": "EU", ":min": 1000 },
      ScanIndexForward: false,
    }));
    assert.deepEqual(response.Items.map((item) => item.pk), ["p4", "p3", "p2"]);
  });

  test("paginateQuery pages through the partition with every key attribute in the start key", async () => {
    const seen = [];
    const pages = paginateQuery({ client: documents, pageSize: 2 }, {
      TableName: table,
      ...partition,
      KeyConditionExpression: "tournament = :t AND #region = :r",
      ExpressionAttributeValues: { ":t": "WINTER", ":r": "EU" },
    });
    for await (const page of pages) {
      seen.push(...page.Items.map((item) => item.pk));
      if (page.LastEvaluatedKey) {
        assert.deepEqual(Object.keys(page.LastEvaluatedKey).sort(),
          ["at", "pk", "region", "score", "tournament"]);
      }
    }
    assert.deepEqual(seen, ["p1", "p2", "p3", "p4"]);
  });

  test("a gap in the sort attributes is DynamoDB's ValidationException", async () => {
    const error = await rejection(documents.send(new QueryCommand({
      TableName: table,
      IndexName: "board",
      KeyConditionExpression: "tournament = :t AND #region = :r AND #at = :at",
      ExpressionAttributeNames: { "#region": "region", "#at": "at" },
      ExpressionAttributeValues: { ":t": "WINTER", ":r": "EU", ":at": "2026-01-01" },
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
      "RANGE key attributes score must have equality conditions specified in the query because a "
      + "condition is present on key attribute at");
  });
});
