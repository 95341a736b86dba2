// The console's modules that need no page, run in Node: the SigV4 signer against AWS's published
// example, and the reads an access pattern becomes on a table and its indexes.

import assert from "node:assert/strict";
import { test } from "node:test";

import { plan } from "../../../console/js/plan.js";
import { canonicalQuery, sign } from "../../../console/js/sigv4.js";
import { hmacSha256, sha256 } from "../../../console/js/sha256.js";

const hex = (bytes) => Buffer.from(bytes).toString("hex");

// AWS's worked example of Signature Version 4 (IAM ListUsers, GET with a query string).
test("signs AWS's example request to its published signature", async () => {
  const headers = await sign({
    method: "GET", host: "iam.amazonaws.com", path: "/", query: "Action=ListUsers&Version=2010-05-08",
    headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8" },
    accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "iam",
    now: new Date("2015-08-30T12:36:00Z"),
  });
  assert.equal(headers["X-Amz-Date"], "20150830T123600Z");
  assert.equal(headers.Authorization,
               "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, " +
               "SignedHeaders=content-type;host;x-amz-date, " +
               "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
});

test("orders and encodes the query string as SigV4 canonicalizes it", () => {
  assert.equal(canonicalQuery("limit=10&accessKey=a b&region=us-east-1&b=2&b=1&flag"),
               "accessKey=a%20b&b=1&b=2&flag=&limit=10&region=us-east-1");
});

// The script fallback for pages without Web Crypto, against FIPS 180-4's and RFC 4231's vectors.
test("computes SHA-256 and HMAC-SHA256 in script", () => {
  const text = (s) => new TextEncoder().encode(s);
  assert.equal(hex(sha256(text("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(hex(sha256(text(""))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(hex(sha256(text("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  assert.equal(hex(hmacSha256(text("Jefe"), text("what do ya want for nothing?"))),
               "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  assert.equal(hex(hmacSha256(new Uint8Array(131).fill(0xaa), text("Test Using Larger Than Block-Size Key - Hash Key First"))),
               "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
});

const ORDERS = {
  TableName: "Orders",
  KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "orderDate", KeyType: "RANGE" }],
  AttributeDefinitions: [{ AttributeName: "customer", AttributeType: "S" }, { AttributeName: "orderDate", AttributeType: "S" },
                         { AttributeName: "status", AttributeType: "S" }, { AttributeName: "total", AttributeType: "N" }],
  GlobalSecondaryIndexes: [{ IndexName: "byStatus", Projection: { ProjectionType: "ALL" },
                             KeySchema: [{ AttributeName: "status", KeyType: "HASH" }, { AttributeName: "orderDate", KeyType: "RANGE" }] }],
  LocalSecondaryIndexes: [{ IndexName: "byTotal", Projection: { ProjectionType: "KEYS_ONLY" },
                            KeySchema: [{ AttributeName: "customer", KeyType: "HASH" }, { AttributeName: "total", KeyType: "RANGE" }] }],
};

const newest = { partitionKey: "customer", partitionValue: "c1", sortKey: "orderDate", sortOperator: "begins_with",
                 sortValue: "ORDER#", forward: false, limit: 2 };

test("queries the table and the LSI for the table's partition key, and leaves the GSI out", () => {
  const [table, gsi, lsi] = plan(ORDERS, newest);
  assert.equal(table.operation, "Query");
  assert.deepEqual(table.request, {
    TableName: "Orders", ReturnConsumedCapacity: "INDEXES", KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :sk1)",
    ScanIndexForward: false, Limit: 2, ExpressionAttributeNames: { "#pk": "customer", "#sk": "orderDate" },
    ExpressionAttributeValues: { ":pk": { S: "c1" }, ":sk1": { S: "ORDER#" } } });
  assert.deepEqual([gsi.operation, gsi.why], [null, "Not run: its partition key is status."]);
  // The LSI's sort key is total: the orderDate condition can only filter.
  assert.equal(lsi.operation, "Query");
  assert.equal(lsi.request.IndexName, "byTotal");
  assert.equal(lsi.request.KeyConditionExpression, "#pk = :pk");
  assert.equal(lsi.request.FilterExpression, "begins_with(#sk, :sk1)");
});

test("scans the base table when only an index has the pattern's partition key", () => {
  const [table, gsi, lsi] = plan(ORDERS, { ...newest, partitionKey: "status", partitionValue: "SHIPPED",
                                           filterAttribute: "total", filterOperator: ">=", filterValue: "20", filterType: "N" });
  assert.equal(table.operation, "Scan");
  assert.deepEqual(table.request, {
    TableName: "Orders", ReturnConsumedCapacity: "INDEXES",
    FilterExpression: "#pk = :pk AND begins_with(#sk, :sk1) AND #f >= :f",
    ExpressionAttributeNames: { "#pk": "status", "#sk": "orderDate", "#f": "total" },
    ExpressionAttributeValues: { ":pk": { S: "SHIPPED" }, ":sk1": { S: "ORDER#" }, ":f": { N: "20" } } });
  assert.equal(gsi.operation, "Query");
  assert.equal(gsi.request.KeyConditionExpression, "#pk = :pk AND begins_with(#sk, :sk1)");
  assert.equal(gsi.request.FilterExpression, "#f >= :f");
  assert.equal(lsi.operation, null);
});

test("spells BETWEEN and the value-less filters", () => {
  const [table] = plan(ORDERS, { partitionKey: "customer", partitionValue: "c1", sortKey: "orderDate", sortOperator: "BETWEEN",
                                 sortValue: "A", sortValue2: "B", forward: true, filterAttribute: "note",
                                 filterOperator: "attribute_not_exists" });
  assert.equal(table.request.KeyConditionExpression, "#pk = :pk AND #sk BETWEEN :sk1 AND :sk2");
  assert.equal(table.request.FilterExpression, "attribute_not_exists(#f)");
  assert.deepEqual(table.request.ExpressionAttributeValues, { ":pk": { S: "c1" }, ":sk1": { S: "A" }, ":sk2": { S: "B" } });
  assert.equal("Limit" in table.request, false);
});
