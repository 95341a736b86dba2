// PartiQL through the AWS SDK for JavaScript v3 against the real ddblocal binary: the low-level
// ExecuteStatementCommand, ExecuteTransactionCommand and BatchExecuteStatementCommand with typed
// AttributeValues, and lib-dynamodb's ExecuteStatementCommand with native JavaScript values.
// Errors are DynamoDB's types and texts (DuplicateItemException is modelled by the SDK; a
// ValidationException arrives as DynamoDBServiceException).

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  DuplicateItemException,
  DynamoDBServiceException,
  ExecuteStatementCommand,
  ExecuteTransactionCommand,
  TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import { ExecuteStatementCommand as DocumentExecuteStatementCommand } from "@aws-sdk/lib-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let documents;
const table = uniqueTableName("js-partiql");

before(async () => {
  server = await new Server().start();
  client = server.client();
  documents = server.documentClient();
  await client.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }, { AttributeName: "SK", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
  }));
});

after(async () => {
  documents?.destroy();
  client?.destroy();
  await server?.stop();
});

describe("PartiQL statements", () => {
  test("INSERT then SELECT by key with typed parameters returns the item", async () => {
    await client.send(new ExecuteStatementCommand({
      Statement: `INSERT INTO "${table}" VALUE {'PK': ?, 'SK': 'PROFILE', 'score': 7}`,
      Parameters: [{ S: "USER#1" }],
    }));
    const result = await client.send(new ExecuteStatementCommand({
      Statement: `SELECT * FROM "${table}" WHERE PK = ? AND SK = ?`,
      Parameters: [{ S: "USER#1" }, { S: "PROFILE" }],
    }));
    assert.deepEqual(result.Items, [{ PK: { S: "USER#1" }, SK: { S: "PROFILE" }, score: { N: "7" } }]);
  });

  test("An INSERT of a key that exists is a DuplicateItemException", async () => {
    const statement = `INSERT INTO "${table}" VALUE {'PK': 'USER#dup', 'SK': 'PROFILE'}`;
    await client.send(new ExecuteStatementCommand({ Statement: statement }));
    const error = await rejection(client.send(new ExecuteStatementCommand({ Statement: statement })));
    assertServiceError(error, DuplicateItemException, "DuplicateItemException", "Duplicate primary key exists in table");
  });

  test("A malformed statement is a ValidationException", async () => {
    const error = await rejection(client.send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "${table}" WHERE` })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Statement wasn't well formed, can't be processed: Unexpected term");
  });

  test("lib-dynamodb's ExecuteStatementCommand takes and returns native values", async () => {
    await documents.send(new DocumentExecuteStatementCommand({
      Statement: `INSERT INTO "${table}" VALUE {'PK': ?, 'SK': ?, 'tags': ?, 'n': ?}`,
      Parameters: ["USER#2", "PROFILE", ["a", "b"], 42],
    }));
    const result = await documents.send(new DocumentExecuteStatementCommand({
      Statement: `SELECT tags, n FROM "${table}" WHERE PK = ?`,
      Parameters: ["USER#2"],
    }));
    assert.deepEqual(result.Items, [{ tags: ["a", "b"], n: 42 }]);
  });

  test("ExecuteTransaction cancels every write when one condition fails", async () => {
    const error = await rejection(client.send(new ExecuteTransactionCommand({
      TransactStatements: [
        { Statement: `INSERT INTO "${table}" VALUE {'PK': 'USER#3', 'SK': 'PROFILE'}` },
        { Statement: `UPDATE "${table}" SET score = 1 WHERE PK = 'USER#none' AND SK = 'PROFILE'` },
      ],
    })));
    assert.ok(error instanceof TransactionCanceledException);
    assert.deepEqual(error.CancellationReasons.map((reason) => reason.Code), ["None", "ConditionalCheckFailed"]);
    const read = await client.send(new ExecuteStatementCommand({
      Statement: `SELECT * FROM "${table}" WHERE PK = 'USER#3'`,
    }));
    assert.deepEqual(read.Items, []);
  });

  test("BatchExecuteStatement answers each statement in order", async () => {
    const result = await client.send(new BatchExecuteStatementCommand({
      Statements: [
        { Statement: `SELECT score FROM "${table}" WHERE PK = 'USER#1' AND SK = 'PROFILE'` },
        { Statement: `SELECT * FROM "${table}" WHERE PK = 'USER#1'` },
      ],
    }));
    assert.deepEqual(result.Responses[0].Item, { score: { N: "7" } });
    assert.equal(result.Responses[1].Error.Code, "ValidationError");
  });
});
