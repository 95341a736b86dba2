// The single-table design of single_table.test.mjs (customers, their orders, a sparse GSI of
// pending orders) driven with the DocumentClient of the AWS SDK for JavaScript v3
// (@aws-sdk/lib-dynamodb, default marshalling options), so that items, keys and values are native
// JavaScript values marshalled by the SDK. Table management uses the low-level client, as
// applications do.
//
// The tests of this file run in order and build on each other: node:test runs a suite's tests one
// after another, and the first ones create and load the table that the others read and change.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  TransactionCanceledException,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  paginateQuery,
} from "@aws-sdk/lib-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

const FAILED = "The conditional request failed";

let server;
let client;
let documents;
const table = uniqueTableName("js-doc-orders");

/** The 52 items of the design: two profiles, 30 orders of c1 (1-30 March), 20 of c2 (1-20 March). */
function seedItems() {
  const items = [
    { PK: "CUSTOMER#c1", SK: "PROFILE", name: "Ada", version: 1, orderCount: 30,
      tags: new Set(["early", "vip"]), address: { city: "London", lines: ["12 St James's Square"] } },
    { PK: "CUSTOMER#c2", SK: "PROFILE", name: "Grace", version: 1, orderCount: 20 },
  ];
  // Every third order of c1 and every fifth of c2 is pending; only pending orders carry the GSI
  // key, so the GSI holds exactly those (a sparse index).
  for (const [customer, count, every] of [["c1", 30, 3], ["c2", 20, 5]]) {
    for (let day = 1; day <= count; day++) {
      const date = `2024-03-${String(day).padStart(2, "0")}`;
      const order = { PK: `CUSTOMER#${customer}`, SK: `ORDER#${date}`, total: day * 10 + 0.5 };
      if (day % every === 0) {
        Object.assign(order, { status: "PENDING", GSI1PK: "STATUS#PENDING", GSI1SK: `${date}#${customer}` });
      } else {
        order.status = "SHIPPED";
      }
      items.push(order);
    }
  }
  return items;
}

function ordersNewestFirst(extra = {}) {
  return {
    TableName: table,
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :order)",
    ExpressionAttributeValues: { ":pk": "CUSTOMER#c1", ":order": "ORDER#" },
    ScanIndexForward: false,
    ...extra,
  };
}

function pendingOrders() {
  return {
    TableName: table,
    IndexName: "GSI1",
    KeyConditionExpression: "GSI1PK = :pending",
    ExpressionAttributeValues: { ":pending": "STATUS#PENDING" },
  };
}

async function getItem(PK, SK) {
  const response = await documents.send(new GetCommand({ TableName: table, Key: { PK, SK }, ConsistentRead: true }));
  return response.Item;
}

before(async () => {
  server = await new Server().start();
  client = server.client();
  documents = server.documentClient();
});

after(async () => {
  documents?.destroy();
  client?.destroy();
  await server?.stop();
});

describe("single-table design with the DocumentClient", () => {
  test("CreateTable with a GSI, then waitUntilTableExists succeeds once the table is ACTIVE", async () => {
    await client.send(new CreateTableCommand({
      TableName: table,
      KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
      AttributeDefinitions: [
        { AttributeName: "PK", AttributeType: "S" }, { AttributeName: "SK", AttributeType: "S" },
        { AttributeName: "GSI1PK", AttributeType: "S" }, { AttributeName: "GSI1SK", AttributeType: "S" },
      ],
      GlobalSecondaryIndexes: [{
        IndexName: "GSI1",
        KeySchema: [{ AttributeName: "GSI1PK", KeyType: "HASH" }, { AttributeName: "GSI1SK", KeyType: "RANGE" }],
        Projection: { ProjectionType: "ALL" },
      }],
      BillingMode: "PAY_PER_REQUEST",
    }));
    const waited = await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: table });
    assert.equal(waited.state, "SUCCESS");
  });

  test("BatchWriteCommand loads 52 native items in calls of 25, 25 and 2, each with empty UnprocessedItems", async () => {
    const items = seedItems();
    const sizes = [];
    for (let start = 0; start < items.length; start += 25) {
      const chunk = items.slice(start, start + 25);
      const response = await documents.send(new BatchWriteCommand({
        RequestItems: { [table]: chunk.map((Item) => ({ PutRequest: { Item } })) },
      }));
      assert.deepEqual(response.UnprocessedItems, {});
      sizes.push(chunk.length);
    }
    assert.deepEqual(sizes, [25, 25, 2]);
    const scanned = await documents.send(new ScanCommand({ TableName: table, Select: "COUNT" }));
    assert.equal(scanned.Count, 52);
  });

  test("An item with a number, a string set, a map and a list comes back as the same native values", async () => {
    assert.deepEqual(await getItem("CUSTOMER#c1", "PROFILE"), {
      PK: "CUSTOMER#c1", SK: "PROFILE", name: "Ada", version: 1, orderCount: 30,
      tags: new Set(["early", "vip"]), address: { city: "London", lines: ["12 St James's Square"] },
    });
  });

  test("Query with begins_with and ScanIndexForward=false returns a customer's orders newest first, not the profile", async () => {
    const response = await documents.send(new QueryCommand(ordersNewestFirst({ Limit: 3 })));
    assert.deepEqual(response.Items.map((item) => item.SK),
                     ["ORDER#2024-03-30", "ORDER#2024-03-29", "ORDER#2024-03-28"]);
    assert.deepEqual(response.Items[0], {
      PK: "CUSTOMER#c1", SK: "ORDER#2024-03-30", total: 300.5, status: "PENDING",
      GSI1PK: "STATUS#PENDING", GSI1SK: "2024-03-30#c1",
    });
    assert.deepEqual(response.LastEvaluatedKey, { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-28" });
  });

  test("Paging with Limit, a native LastEvaluatedKey and ExclusiveStartKey visits every order once, newest first", async () => {
    const pages = [];
    let ExclusiveStartKey;
    do {
      const response = await documents.send(new QueryCommand(ordersNewestFirst({ Limit: 7, ExclusiveStartKey })));
      pages.push({ keys: response.Items.map((item) => item.SK), last: response.LastEvaluatedKey });
      ExclusiveStartKey = response.LastEvaluatedKey;
    } while (ExclusiveStartKey !== undefined);

    assert.deepEqual(pages.map((page) => page.keys.length), [7, 7, 7, 7, 2]);
    assert.deepEqual(pages.map((page) => page.last), [
      { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-24" }, { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-17" },
      { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-10" }, { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-03" },
      undefined,
    ]);
    const days = pages.flatMap((page) => page.keys).map((sk) => Number(sk.slice(-2)));
    assert.deepEqual(days, Array.from({ length: 30 }, (_, i) => 30 - i));
  });

  test("lib-dynamodb's paginateQuery reads a sparse GSI page by page in index sort-key order", async () => {
    const pages = [];
    for await (const page of paginateQuery({ client: documents, pageSize: 5 }, pendingOrders())) {
      pages.push(page.Items.map((item) => item.GSI1SK));
    }
    assert.deepEqual(pages, [
      ["2024-03-03#c1", "2024-03-05#c2", "2024-03-06#c1", "2024-03-09#c1", "2024-03-10#c2"],
      ["2024-03-12#c1", "2024-03-15#c1", "2024-03-15#c2", "2024-03-18#c1", "2024-03-20#c2"],
      ["2024-03-21#c1", "2024-03-24#c1", "2024-03-27#c1", "2024-03-30#c1"],
    ]);
  });

  test("Removing the GSI key attributes with UpdateCommand takes the item out of the sparse GSI", async () => {
    await documents.send(new UpdateCommand({
      TableName: table,
      Key: { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-03" },
      UpdateExpression: "SET #status = :shipped REMOVE GSI1PK, GSI1SK",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":shipped": "SHIPPED" },
    }));
    const response = await documents.send(new QueryCommand({ ...pendingOrders(), Limit: 2 }));
    assert.deepEqual(response.Items.map((item) => item.GSI1SK), ["2024-03-05#c2", "2024-03-06#c1"]);
    const indexScan = await documents.send(new ScanCommand({ TableName: table, IndexName: "GSI1", Select: "COUNT" }));
    assert.equal(indexScan.Count, 13);
  });

  test("Optimistic locking: of two updates that read the same version, the second fails with ConditionalCheckFailedException", async () => {
    const update = (name, expected) => documents.send(new UpdateCommand({
      TableName: table,
      Key: { PK: "CUSTOMER#c2", SK: "PROFILE" },
      UpdateExpression: "SET #name = :name, version = version + :one",
      ConditionExpression: "version = :expected",
      ExpressionAttributeNames: { "#name": "name" },
      ExpressionAttributeValues: { ":name": name, ":one": 1, ":expected": expected },
      ReturnValues: "UPDATED_NEW",
    }));

    const first = await update("Grace Hopper", 1);
    assert.deepEqual(first.Attributes, { name: "Grace Hopper", version: 2 });

    const error = await rejection(update("Grace Murray", 1));
    assertServiceError(error, ConditionalCheckFailedException, "ConditionalCheckFailedException", FAILED);
    assert.deepEqual(await getItem("CUSTOMER#c2", "PROFILE"),
                     { PK: "CUSTOMER#c2", SK: "PROFILE", name: "Grace Hopper", version: 2, orderCount: 20 });
  });

  test("TransactWriteCommand writes a new order and bumps the customer's count together, and a replay is cancelled writing nothing", async () => {
    const placeOrder = () => documents.send(new TransactWriteCommand({
      TransactItems: [
        { Update: {
          TableName: table,
          Key: { PK: "CUSTOMER#c1", SK: "PROFILE" },
          UpdateExpression: "SET orderCount = orderCount + :one ADD tags :tag",
          ExpressionAttributeValues: { ":one": 1, ":tag": new Set(["repeat"]) },
        } },
        { Put: {
          TableName: table,
          Item: { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-31", total: 310.5, status: "SHIPPED" },
          ConditionExpression: "attribute_not_exists(PK)",
        } },
      ],
    }));

    await placeOrder();
    assert.deepEqual(await getItem("CUSTOMER#c1", "ORDER#2024-03-31"),
                     { PK: "CUSTOMER#c1", SK: "ORDER#2024-03-31", total: 310.5, status: "SHIPPED" });
    const profile = await getItem("CUSTOMER#c1", "PROFILE");
    assert.equal(profile.orderCount, 31);
    assert.deepEqual(profile.tags, new Set(["early", "repeat", "vip"]));

    const error = await rejection(placeOrder());
    assertServiceError(error, TransactionCanceledException, "TransactionCanceledException",
                       "Transaction cancelled, please refer cancellation reasons for specific reasons " +
                       "[None, ConditionalCheckFailed]");
    assert.deepEqual(error.CancellationReasons, [
      { Code: "None" },
      { Code: "ConditionalCheckFailed", Message: FAILED },
    ]);
    assert.equal((await getItem("CUSTOMER#c1", "PROFILE")).orderCount, 31);
  });
});
