// On-demand backups and point-in-time restores through the AWS SDK for JavaScript v3, from the
// real ddblocal binary: CreateBackup, DescribeBackup, ListBackups, RestoreTableFromBackup,
// DeleteBackup and RestoreTableToPointInTime, with the errors the SDK models as their own
// exception classes (BackupNotFoundException, TableAlreadyExistsException,
// PointInTimeRecoveryUnavailableException).

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  BackupNotFoundException,
  CreateBackupCommand,
  CreateTableCommand,
  DeleteBackupCommand,
  DescribeBackupCommand,
  DescribeTableCommand,
  ListBackupsCommand,
  PointInTimeRecoveryUnavailableException,
  PutItemCommand,
  RestoreTableFromBackupCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  TableAlreadyExistsException,
} from "@aws-sdk/client-dynamodb";

import { Server, assertServiceError, rejection, uniqueTableName } from "./server.mjs";

let server;
let client;
let arn;
const table = uniqueTableName("js-backups");

before(async () => {
  server = await new Server().start();
  client = server.client();
  const created = await client.send(new CreateTableCommand({
    TableName: table,
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }],
    BillingMode: "PAY_PER_REQUEST",
  }));
  arn = created.TableDescription.TableArn;
  for (const pk of ["a", "b"]) {
    await client.send(new PutItemCommand({ TableName: table, Item: { PK: { S: pk } } }));
  }
});

after(async () => {
  client?.destroy();
  await server?.stop();
});

describe("on-demand backups", () => {
  test("A backup restores into a new table holding the items it was taken with", async () => {
    const created = await client.send(new CreateBackupCommand({ TableName: table, BackupName: "js-nightly" }));
    const backupArn = created.BackupDetails.BackupArn;
    assert.match(backupArn, new RegExp(`^${arn}/backup/\\d{14}-[0-9a-f]{8}$`));
    assert.equal(created.BackupDetails.BackupStatus, "AVAILABLE");
    assert.ok(created.BackupDetails.BackupCreationDateTime instanceof Date);
    await client.send(new PutItemCommand({ TableName: table, Item: { PK: { S: "late" } } }));

    const described = await client.send(new DescribeBackupCommand({ BackupArn: backupArn }));
    assert.equal(described.BackupDescription.SourceTableDetails.ItemCount, 2);
    const listed = await client.send(new ListBackupsCommand({ TableName: table }));
    assert.deepEqual(listed.BackupSummaries.map((b) => b.BackupArn), [backupArn]);

    const target = uniqueTableName("js-restored");
    const restored = await client.send(new RestoreTableFromBackupCommand({
      TargetTableName: target, BackupArn: backupArn,
    }));
    assert.equal(restored.TableDescription.TableStatus, "CREATING");
    assert.equal(restored.TableDescription.RestoreSummary.SourceBackupArn, backupArn);
    const table2 = (await client.send(new DescribeTableCommand({ TableName: target }))).Table;
    assert.equal(table2.TableStatus, "ACTIVE");
    assert.equal(table2.RestoreSummary.RestoreInProgress, false);
    const scanned = await client.send(new ScanCommand({ TableName: target }));
    assert.deepEqual(scanned.Items.map((i) => i.PK.S).sort(), ["a", "b"]);

    const exists = await rejection(client.send(new RestoreTableFromBackupCommand({
      TargetTableName: table, BackupArn: backupArn,
    })));
    assertServiceError(exists, TableAlreadyExistsException, "TableAlreadyExistsException",
                       `Table already exists: ${table}`);

    const deleted = await client.send(new DeleteBackupCommand({ BackupArn: backupArn }));
    assert.equal(deleted.BackupDescription.BackupDetails.BackupStatus, "DELETED");
    const missing = await rejection(client.send(new DescribeBackupCommand({ BackupArn: backupArn })));
    assertServiceError(missing, BackupNotFoundException, "BackupNotFoundException",
                       `Backup not found: ${backupArn}`);
  });

  test("A point-in-time restore of a table without point-in-time recovery is refused", async () => {
    const error = await rejection(client.send(new RestoreTableToPointInTimeCommand({
      SourceTableName: table, TargetTableName: uniqueTableName("js-pitr"), UseLatestRestorableTime: true,
    })));
    assertServiceError(error, PointInTimeRecoveryUnavailableException,
                       "PointInTimeRecoveryUnavailableException",
                       "Point in time recovery has not yet been enabled for this source table.");
  });
});
