// Export to S3 and import from S3 through the AWS SDK for JavaScript v3, from the real ddblocal
// binary started with --s3-dir on a temporary directory: a table exported in AWS's layout and
// imported back under another name with the same items, DescribeExport/ListExports and
// DescribeImport/ListImports, and the SDK's exception classes for an unknown export and for a table
// without point-in-time recovery.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import {
  CreateTableCommand,
  DescribeExportCommand,
  DescribeImportCommand,
  DescribeTableCommand,
  ExportNotFoundException,
  ExportTableToPointInTimeCommand,
  ImportTableCommand,
  ListExportsCommand,
  ListImportsCommand,
  PointInTimeRecoveryUnavailableException,
  PutItemCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

const s3 = mkdtempSync(join(tmpdir(), "ddblocal-s3-"));
mkdirSync(join(s3, "bucket"));
let server;
let client;

const key = {
  AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "N" }],
  KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
  BillingMode: "PAY_PER_REQUEST",
};

before(async () => {
  server = await new Server(["--s3-dir", s3]).start();
  client = server.client();
});

after(async () => {
  client?.destroy();
  await server?.stop();
  rmSync(s3, { recursive: true, force: true });
});

async function until(read, status) {
  for (let i = 0; i < 200; i++) {
    const described = await read();
    if (described[status] !== "IN_PROGRESS") return described;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail("still IN_PROGRESS");
}

async function scanAll(table) {
  const items = [];
  let start;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    items.push(...page.Items.map((item) => JSON.stringify(item)));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

test("An exported table imports under another name with the same items", async () => {
  const table = uniqueTableName("js-export");
  await client.send(new CreateTableCommand({ TableName: table, ...key }));
  for (let i = 0; i < 60; i++) {
    await client.send(new PutItemCommand({
      TableName: table,
      Item: { pk: { S: `p${i % 7}` }, sk: { N: String(i) }, data: { M: { n: { N: "1.5" }, s: { SS: ["a", "b"] } } } },
    }));
  }
  await client.send(new UpdateContinuousBackupsCommand({
    TableName: table, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
  }));
  const tableArn = (await client.send(new DescribeTableCommand({ TableName: table }))).Table.TableArn;
  const started = await client.send(new ExportTableToPointInTimeCommand({
    TableArn: tableArn, S3Bucket: "bucket", S3Prefix: "js", ExportFormat: "DYNAMODB_JSON",
  }));
  assert.equal(started.ExportDescription.ExportStatus, "IN_PROGRESS");
  const exportArn = started.ExportDescription.ExportArn;
  const exported = await until(async () =>
    (await client.send(new DescribeExportCommand({ ExportArn: exportArn }))).ExportDescription, "ExportStatus");
  assert.equal(exported.ExportStatus, "COMPLETED");
  assert.equal(exported.ItemCount, 60);
  assert.ok(exported.StartTime instanceof Date);
  const id = exportArn.split("/").pop();
  assert.equal(exported.ExportManifest, `js/AWSDynamoDB/${id}/manifest-summary.json`);
  assert.ok(existsSync(join(s3, "bucket", "js", "AWSDynamoDB", id, "manifest-files.json")));
  const listed = await client.send(new ListExportsCommand({ TableArn: tableArn }));
  assert.deepEqual(listed.ExportSummaries, [{ ExportArn: exportArn, ExportStatus: "COMPLETED", ExportType: "FULL_EXPORT" }]);

  const copy = uniqueTableName("js-import");
  const imported = await client.send(new ImportTableCommand({
    S3BucketSource: { S3Bucket: "bucket", S3KeyPrefix: `js/AWSDynamoDB/${id}/data/` },
    InputFormat: "DYNAMODB_JSON",
    InputCompressionType: "GZIP",
    TableCreationParameters: { TableName: copy, ...key },
  }));
  const importArn = imported.ImportTableDescription.ImportArn;
  const done = await until(async () =>
    (await client.send(new DescribeImportCommand({ ImportArn: importArn }))).ImportTableDescription, "ImportStatus");
  assert.equal(done.ImportStatus, "COMPLETED");
  assert.equal(done.ImportedItemCount, 60);
  assert.equal(done.ErrorCount, 0);
  assert.deepEqual(await scanAll(copy), await scanAll(table));
  const imports = await client.send(new ListImportsCommand({ TableArn: done.TableArn }));
  assert.deepEqual(imports.ImportSummaryList.map((s) => [s.ImportArn, s.ImportStatus]), [[importArn, "COMPLETED"]]);
});

test("An unknown export and a table without point-in-time recovery get their exception classes", async () => {
  const table = uniqueTableName("js-nopitr");
  const created = await client.send(new CreateTableCommand({ TableName: table, ...key }));
  const tableArn = created.TableDescription.TableArn;
  const missing = await rejection(client.send(new DescribeExportCommand({
    ExportArn: `${tableArn}/export/01700000000000-00000000`,
  })));
  assertServiceError(missing, ExportNotFoundException, "ExportNotFoundException",
                     `Export not found: ${tableArn}/export/01700000000000-00000000`);
  const unavailable = await rejection(client.send(new ExportTableToPointInTimeCommand({
    TableArn: tableArn, S3Bucket: "bucket",
  })));
  assertServiceError(unavailable, PointInTimeRecoveryUnavailableException, "PointInTimeRecoveryUnavailableException",
                     `Point in time recovery is not enabled for table '${table}'`);
});
