// Tags through the AWS SDK for JavaScript v3, from the real ddblocal binary: CreateTable's Tags,
// TagResource, UntagResource and ListTagsOfResource on the table's ARN, and DynamoDB's refusals as
// the SDK raises them (ValidationException and AccessDeniedException are not in the SDK's model of
// DynamoDB, so they arrive as DynamoDBServiceException with that name).

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBServiceException,
  ListTagsOfResourceCommand,
  ResourceNotFoundException,
  TagResourceCommand,
  UntagResourceCommand,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let arn;
const table = uniqueTableName("js-tags");

async function listTags(resourceArn) {
  return (await client.send(new ListTagsOfResourceCommand({ ResourceArn: resourceArn }))).Tags;
}

before(async () => {
  server = await new Server().start();
  client = server.client();
  const created = await client.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
    Tags: [{ Key: "env", Value: "test" }],
  }));
  arn = created.TableDescription.TableArn;
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("tags", () => {
  test("Tags given to CreateTable are listed by ListTagsOfResource on the table's ARN", async () => {
    assert.deepEqual(await listTags(arn), [{ Key: "env", Value: "test" }]);
  });

  test("TagResource overwrites an existing key and adds new ones; UntagResource removes keys, absent ones included", async () => {
    const tagged = await client.send(new TagResourceCommand({
      ResourceArn: arn, Tags: [{ Key: "env", Value: "prod" }, { Key: "team", Value: "" }],
    }));
    assert.equal(tagged.$metadata.httpStatusCode, 200);
    assert.deepEqual(await listTags(arn), [{ Key: "env", Value: "prod" }, { Key: "team", Value: "" }]);
    const untagged = await client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ["team", "absent"] }));
    assert.equal(untagged.$metadata.httpStatusCode, 200);
    assert.deepEqual(await listTags(arn), [{ Key: "env", Value: "prod" }]);
  });

  test("A key with the reserved aws: prefix is a ValidationException", async () => {
    const error = await rejection(client.send(new TagResourceCommand({
      ResourceArn: arn, Tags: [{ Key: "aws:createdBy", Value: "me" }],
    })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Tag Key cannot be prefixed with aws:, Key: aws:createdBy");
  });

  test("More than 50 tags on a table is a ValidationException, not a LimitExceededException", async () => {
    const tags = Array.from({ length: 50 }, (_, i) => ({ Key: `k${i}`, Value: "" }));
    const error = await rejection(client.send(new TagResourceCommand({ ResourceArn: arn, Tags: tags })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       "Number of Tags exceed the current limit for the provided ResourceArn");
  });

  test("A table name where an ARN belongs is a ValidationException", async () => {
    const error = await rejection(client.send(new ListTagsOfResourceCommand({ ResourceArn: table })));
    assertServiceError(error, DynamoDBServiceException, "ValidationException",
                       `One or more parameter values were invalid: ARNs must start with 'arn:': ${table}`);
  });

  test("Another account's table ARN is an AccessDeniedException", async () => {
    const foreign = arn.replace(":000000000000:", ":123456789012:");
    const error = await rejection(client.send(new ListTagsOfResourceCommand({ ResourceArn: foreign })));
    assertServiceError(error, DynamoDBServiceException, "AccessDeniedException", "Access is denied");
  });

  test("A deleted table's ARN is a ResourceNotFoundException naming the ARN", async () => {
    await client.send(new DeleteTableCommand({ TableName: table }));
    const error = await rejection(client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ["env"] })));
    assertServiceError(error, ResourceNotFoundException, "ResourceNotFoundException",
                       `Requested resource not found: ResourceArn: ${arn} not found`);
  });
});
