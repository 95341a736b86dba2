// A single-table design (customers, their orders, and a sparse GSI of pending orders) driven with
// the low-level client of the AWS SDK for JavaScript v3 (@aws-sdk/client-dynamodb), default client
// settings, against the real ddblocal binary.
//
// The tests of this file run in order and build on each other: node:test runs a suite's tests one
// after another, and the first ones create and load the table that the others read and change.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DescribeTableCommand,
  GetItemCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteItemsCommand,
  TransactionCanceledException,
  UpdateItemCommand,
  paginateQuery,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

const FAILED = "The conditional request failed";

let server;
let client;
const table = uniqueTableName("js-orders");

/** The 52 items of the design: two profiles, 30 orders of c1 (1-30 March), 20 of c2 (1-20 March). */
function seedItems() {
  const items = [
    { PK: { S: "CUSTOMER#c1" }, SK: { S: "PROFILE" }, name: { S: "Ada" }, version: { N: "1" },
      orderCount: { N: "30" } },
    { PK: { S: "CUSTOMER#c2" }, SK: { S: "PROFILE" }, name: { S: "Grace" }, version: { N: "1" },
      orderCount: { N: "20" } },
  ];
  // Every third order of c1 and every fifth of c2 is pending; only pending orders carry the GSI
  // key, so the GSI holds exactly those (a sparse index).
  for (const [customer, count, every] of [["c1", 30, 3], ["c2", 20, 5]]) {
    for (let day = 1; day <= count; day++) {
      const date = `2024-03-${String(day).padStart(2, "0")}`;
      const order = {
        PK: { S: `CUSTOMER#${customer}` }, SK: { S: `ORDER#${date}` }, total: { N: String(day * 10) },
      };
      if (day % every === 0) {
        Object.assign(order, {
          status: { S: "PENDING" }, GSI1PK: { S: "STATUS#PENDING" }, GSI1SK: { S: `${date}#${customer}` },
        });
      } else {
        order.status = { S: "SHIPPED" };
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
    ExpressionAttributeValues: { ":pk": { S: "CUSTOMER#c1" }, ":order": { S: "ORDER#" } },
    ScanIndexForward: false,
    ...extra,
  };
}

function pendingOrders() {
  return {
    TableName: table,
    IndexName: "GSI1",
    KeyConditionExpression: "GSI1PK = :pending",
    ExpressionAttributeValues: { ":pending": { S: "STATUS#PENDING" } },
  };
}

async function getItem(pk, sk) {
  const response = await client.send(new GetItemCommand({
    TableName: table, Key: { PK: { S: pk }, SK: { S: sk } }, ConsistentRead: true,
  }));
  return response.Item;
}

before(async () => {
  server = await new Server().start();
  client = server.client();
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("single-table design with the low-level client", () => {
  test("CreateTable with a GSI, then waitUntilTableExists succeeds once the table is ACTIVE", async () => {
    const created = await client.send(new CreateTableCommand({
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
    assert.equal(created.TableDescription.TableName, table);

    const waited = await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: table });
    assert.equal(waited.state, "SUCCESS");

    const { Table: described } = await client.send(new DescribeTableCommand({ TableName: table }));
    assert.equal(described.TableStatus, "ACTIVE");
    assert.deepEqual(described.GlobalSecondaryIndexes.map((index) => [index.IndexName, index.IndexStatus]),
                     [["GSI1", "ACTIVE"]]);
  });

  test("BatchWriteItem loads 52 items in calls of 25, 25 and 2, each with empty UnprocessedItems", async () => {
    const items = seedItems();
    const sizes = [];
    for (let start = 0; start < items.length; start += 25) {
      const chunk = items.slice(start, start + 25);
      const response = await client.send(new BatchWriteItemCommand({
        RequestItems: { [table]: chunk.map((Item) => ({ PutRequest: { Item } })) },
      }));
      assert.deepEqual(response.UnprocessedItems, {});
      sizes.push(chunk.length);
    }
    assert.deepEqual(sizes, [25, 25, 2]);

    const scanned = await client.send(new ScanCommand({ TableName: table, Select: "COUNT" }));
    assert.equal(scanned.Count, 52);
    assert.deepEqual(await getItem("CUSTOMER#c2", "ORDER#2024-03-05"), {
      PK: { S: "CUSTOMER#c2" }, SK: { S: "ORDER#2024-03-05" }, total: { N: "50" },
      status: { S: "PENDING" }, GSI1PK: { S: "STATUS#PENDING" }, GSI1SK: { S: "2024-03-05#c2" },
    });
  });

  test("Query with begins_with and ScanIndexForward=false returns a customer's orders newest first, not the profile", async () => {
    const response = await client.send(new QueryCommand(ordersNewestFirst({ Limit: 3 })));
    assert.deepEqual(response.Items.map((item) => item.SK.S),
                     ["ORDER#2024-03-30", "ORDER#2024-03-29", "ORDER#2024-03-28"]);
    assert.deepEqual(response.Items[0], {
      PK: { S: "CUSTOMER#c1" }, SK: { S: "ORDER#2024-03-30" }, total: { N: "300" },
      status: { S: "PENDING" }, GSI1PK: { S: "STATUS#PENDING" }, GSI1SK: { S: "2024-03-30#c1" },
    });
    assert.deepEqual(response.LastEvaluatedKey, { PK: { S: "CUSTOMER#c1" }, SK: { S: "ORDER#2024-03-28" } });
  });

  test("Paging with Limit, LastEvaluatedKey and ExclusiveStartKey visits every order once, newest first", async () => {
    const pages = [];
    let ExclusiveStartKey;
    do {
      const response = await client.send(new QueryCommand(ordersNewestFirst({ Limit: 7, ExclusiveStartKey })));
      pages.push({ keys: response.Items.map((item) => item.SK.S), last: response.LastEvaluatedKey });
      ExclusiveStartKey = response.LastEvaluatedKey;
    } while (ExclusiveStartKey !== undefined);

    assert.deepEqual(pages.map((page) => page.keys.length), [7, 7, 7, 7, 2]);
    assert.deepEqual(pages[0].keys, [
      "ORDER#2024-03-30", "ORDER#2024-03-29", "ORDER#2024-03-28", "ORDER#2024-03-27",
      "ORDER#2024-03-26", "ORDER#2024-03-25", "ORDER#2024-03-24",
    ]);
    assert.deepEqual(pages[0].last, { PK: { S: "CUSTOMER#c1" }, SK: { S: "ORDER#2024-03-24" } });
    assert.deepEqual(pages[4].keys, ["ORDER#2024-03-02", "ORDER#2024-03-01"]);
    assert.equal(pages[4].last, undefined);
    const days = pages.flatMap((page) => page.keys).map((sk) => Number(sk.slice(-2)));
    assert.deepEqual(days, Array.from({ length: 30 }, (_, i) => 30 - i));
  });

  test("A full last page still carries a LastEvaluatedKey, and the SDK's paginateQuery then reads an empty page", async () => {
    const sizes = [];
    const keys = [];
    for await (const page of paginateQuery({ client, pageSize: 10 }, ordersNewestFirst())) {
      sizes.push(page.Items.length);
      keys.push(page.LastEvaluatedKey?.SK.S);
    }
    assert.deepEqual(sizes, [10, 10, 10, 0]);
    assert.deepEqual(keys, ["ORDER#2024-03-21", "ORDER#2024-03-11", "ORDER#2024-03-01", undefined]);
  });

  test("A sparse GSI holds only the items that carry its key, ordered by the index sort key", async () => {
    const response = await client.send(new QueryCommand(pendingOrders()));
    assert.deepEqual(response.Items.map((item) => item.GSI1SK.S), [
      "2024-03-03#c1", "2024-03-05#c2", "2024-03-06#c1", "2024-03-09#c1", "2024-03-10#c2",
      "2024-03-12#c1", "2024-03-15#c1", "2024-03-15#c2", "2024-03-18#c1", "2024-03-20#c2",
      "2024-03-21#c1", "2024-03-24#c1", "2024-03-27#c1", "2024-03-30#c1",
    ]);
    assert.deepEqual(response.Items[1], {
      PK: { S: "CUSTOMER#c2" }, SK: { S: "ORDER#2024-03-05" }, total: { N: "50" },
      status: { S: "PENDING" }, GSI1PK: { S: "STATUS#PENDING" }, GSI1SK: { S: "2024-03-05#c2" },
    });
    const indexScan = await client.send(new ScanCommand({ TableName: table, IndexName: "GSI1", Select: "COUNT" }));
    assert.equal(indexScan.Count, 14);
  });

  test("Removing the GSI key attributes with UpdateItem takes the item out of the sparse GSI", async () => {
    await client.send(new UpdateItemCommand({
      TableName: table,
      Key: { PK: { S: "CUSTOMER#c2" }, SK: { S: "ORDER#2024-03-05" } },
      UpdateExpression: "SET #status = :shipped REMOVE GSI1PK, GSI1SK",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":shipped": { S: "SHIPPED" } },
    }));
    const response = await client.send(new QueryCommand({ ...pendingOrders(), Limit: 3 }));
    assert.deepEqual(response.Items.map((item) => item.GSI1SK.S),
                     ["2024-03-03#c1", "2024-03-06#c1", "2024-03-09#c1"]);
    const indexScan = await client.send(new ScanCommand({ TableName: table, IndexName: "GSI1", Select: "COUNT" }));
    assert.equal(indexScan.Count, 13);
  });

  test("Optimistic locking: of two updates that read the same version, the second fails with ConditionalCheckFailedException", async () => {
    const update = (name, expectedVersion, extra = {}) => client.send(new UpdateItemCommand({
      TableName: table,
      Key: { PK: { S: "CUSTOMER#c1" }, SK: { S: "PROFILE" } },
      UpdateExpression: "SET #name = :name, version = version + :one",
      ConditionExpression: "version = :expected",
      ExpressionAttributeNames: { "#name": "name" },
      ExpressionAttributeValues: { ":name": { S: name }, ":one": { N: "1" }, ":expected": { N: expectedVersion } },
      ReturnValues: "ALL_NEW",
      ...extra,
    }));

    const first = await update("Ada Lovelace", "1");
    assert.deepEqual(first.Attributes, {
      PK: { S: "CUSTOMER#c1" }, SK: { S: "PROFILE" }, name: { S: "Ada Lovelace" }, version: { N: "2" },
      orderCount: { N: "30" },
    });

    const error = await rejection(update("Ada King", "1", { ReturnValuesOnConditionCheckFailure: "ALL_OLD" }));
    assertServiceError(error, ConditionalCheckFailedException, "ConditionalCheckFailedException", FAILED);
    // The item the failed condition saw rides on the error.
    assert.deepEqual(error.Item, {
      PK: { S: "CUSTOMER#c1" }, SK: { S: "PROFILE" }, name: { S: "Ada Lovelace" }, version: { N: "2" },
      orderCount: { N: "30" },
    });
    assert.equal((await getItem("CUSTOMER#c1", "PROFILE")).name.S, "Ada Lovelace");
  });

  test("TransactWriteItems writes a new order and bumps the customer's count together, and a replay is cancelled writing nothing", async () => {
    const placeOrder = () => client.send(new TransactWriteItemsCommand({
      TransactItems: [
        { Put: {
          TableName: table,
          Item: { PK: { S: "CUSTOMER#c2" }, SK: { S: "ORDER#2024-03-21" }, total: { N: "210" }, status: { S: "SHIPPED" } },
          ConditionExpression: "attribute_not_exists(PK)",
        } },
        { Update: {
          TableName: table,
          Key: { PK: { S: "CUSTOMER#c2" }, SK: { S: "PROFILE" } },
          UpdateExpression: "SET orderCount = orderCount + :one",
          ExpressionAttributeValues: { ":one": { N: "1" } },
        } },
      ],
    }));

    await placeOrder();
    assert.deepEqual(await getItem("CUSTOMER#c2", "ORDER#2024-03-21"), {
      PK: { S: "CUSTOMER#c2" }, SK: { S: "ORDER#2024-03-21" }, total: { N: "210" }, status: { S: "SHIPPED" },
    });
    assert.deepEqual((await getItem("CUSTOMER#c2", "PROFILE")).orderCount, { N: "21" });

    const error = await rejection(placeOrder());
    assertServiceError(error, TransactionCanceledException, "TransactionCanceledException",
                       "Transaction cancelled, please refer cancellation reasons for specific reasons " +
                       "[ConditionalCheckFailed, None]");
    assert.deepEqual(error.CancellationReasons, [
      { Code: "ConditionalCheckFailed", Message: FAILED },
      { Code: "None" },
    ]);
    assert.deepEqual((await getItem("CUSTOMER#c2", "PROFILE")).orderCount, { N: "21" });
  });
});
