// DescribeEndpoints and DescribeLimits through the AWS SDK for JavaScript v3, from the real
// ddblocal binary.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { DescribeEndpointsCommand, DescribeLimitsCommand } from "@aws-sdk/client-dynamodb";

import { Server } from "./server.mjs";

let server;
let client;

before(async () => {
  server = await new Server().start();
  client = server.client();
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("account endpoints and limits", () => {
  test("DescribeEndpoints answers the address the client used, cached for a day", async () => {
    const { Endpoints } = await client.send(new DescribeEndpointsCommand({}));
    assert.deepEqual(Endpoints, [{ Address: new URL(server.endpoint).host, CachePeriodInMinutes: 1440 }]);
  });

  test("DescribeLimits answers DynamoDB's default throughput quotas", async () => {
    const limits = await client.send(new DescribeLimitsCommand({}));
    delete limits.$metadata;
    assert.deepEqual(limits, {
      AccountMaxReadCapacityUnits: 80000,
      AccountMaxWriteCapacityUnits: 80000,
      TableMaxReadCapacityUnits: 40000,
      TableMaxWriteCapacityUnits: 40000,
    });
  });
});
