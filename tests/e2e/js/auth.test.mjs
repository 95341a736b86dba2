// SigV4 verification (--require-auth) with the AWS SDK for JavaScript v3 signing requests: the
// configured key and secret are served; a wrong secret gets DynamoDB's InvalidSignatureException
// and an unknown key its UnrecognizedClientException, with their exact messages.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { DynamoDBClient, DynamoDBServiceException, ListTablesCommand } from "@aws-sdk/client-dynamodb";

import { Server, rejection } from "./server.mjs";

const ACCESS_KEY = "AKIDJSTEST";
const SECRET = "js/secret+key";

let server;

function client(accessKeyId, secretAccessKey) {
  return new DynamoDBClient({
    endpoint: server.endpoint,
    region: "eu-west-1",
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
}

function assertRefused(error, name, message) {
  assert.ok(error instanceof DynamoDBServiceException, `got ${error?.constructor?.name}: ${error}`);
  assert.equal(error.name, name);
  assert.equal(error.message, message);
  assert.equal(error.$metadata.httpStatusCode, 400);
}

describe("--require-auth with the JS SDK", () => {
  before(async () => {
    server = await new Server(["--require-auth", "--access-key", ACCESS_KEY, "--secret-key", SECRET]).start();
  });
  after(async () => {
    await server.stop();
  });

  test("the right secret is served", async () => {
    const answer = await client(ACCESS_KEY, SECRET).send(new ListTablesCommand({}));
    assert.deepEqual(answer.TableNames, []);
  });

  test("a wrong secret is an InvalidSignatureException", async () => {
    const error = await rejection(client(ACCESS_KEY, "wrong").send(new ListTablesCommand({})));
    assertRefused(
      error,
      "InvalidSignatureException",
      "The request signature we calculated does not match the signature you provided. Check your AWS Secret " +
        "Access Key and signing method. Consult the service documentation for details.",
    );
  });

  test("an unknown key is an UnrecognizedClientException", async () => {
    const error = await rejection(client("AKIDUNKNOWN", SECRET).send(new ListTablesCommand({})));
    assertRefused(error, "UnrecognizedClientException", "The security token included in the request is invalid.");
  });
});
