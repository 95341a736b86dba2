"""On-demand backups and point-in-time recovery through boto3 against the real binary: CreateBackup,
DescribeBackup, ListBackups, DeleteBackup, RestoreTableFromBackup and RestoreTableToPointInTime,
with their errors; backups outliving their table, an admin reset dropping them, and (in durable
mode) surviving kill -9."""

import re
import shutil
import tempfile
import time
import unittest

import boto3
from botocore.exceptions import ClientError

from . import admin
from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

BACKUP_ARN = re.compile(
    r"^arn:aws:dynamodb:us-east-1:000000000000:table/(?P<table>[^/]+)/backup/\d{14}-[0-9a-f]{8}$")


def orders_table(client, name):
    """pk/sk strings, a GSI on status (ALL), an LSI on placed (KEYS_ONLY), a stream, TTL."""
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"},
                              {"AttributeName": "status", "AttributeType": "S"},
                              {"AttributeName": "placed", "AttributeType": "N"}],
        GlobalSecondaryIndexes=[{"IndexName": "by-status",
                                 "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "ALL"},
                                 "ProvisionedThroughput": {"ReadCapacityUnits": 5,
                                                           "WriteCapacityUnits": 5}}],
        LocalSecondaryIndexes=[{"IndexName": "by-placed",
                                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                              {"AttributeName": "placed", "KeyType": "RANGE"}],
                                "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 7, "WriteCapacityUnits": 3},
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
    client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expires"})
    return name


def order(pk, status, placed):
    return {"pk": {"S": pk}, "sk": {"S": "1"}, "status": {"S": status},
            "placed": {"N": str(placed)}}


def scan_all(client, table, **extra):
    items = client.scan(TableName=table, **extra)["Items"]
    return sorted(items, key=lambda item: item["pk"]["S"])


class BackupsTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = orders_table(self.client, harness.unique_table_name("orders"))
        for i in range(3):
            self.client.put_item(TableName=self.table, Item=order(f"o{i}", "open", i))

    def backup(self, name="nightly", table=None):
        return self.client.create_backup(TableName=table or self.table,
                                         BackupName=name)["BackupDetails"]

    def test_create_backup_answers_its_details(self):
        """CreateBackup answers an AVAILABLE USER backup with an ARN of DynamoDB's form under the
        table's ARN, its size in bytes and its creation time."""
        before = time.time()
        details = self.backup()
        self.assertEqual(BACKUP_ARN.match(details["BackupArn"])["table"], self.table)
        self.assertEqual(details["BackupName"], "nightly")
        self.assertEqual(details["BackupStatus"], "AVAILABLE")
        self.assertEqual(details["BackupType"], "USER")
        described = self.client.describe_table(TableName=self.table)["Table"]
        self.assertEqual(details["BackupSizeBytes"], described["TableSizeBytes"])
        self.assertGreater(details["BackupSizeBytes"], 0)
        self.assertLessEqual(abs(details["BackupCreationDateTime"].timestamp() - before), 5)

    def test_describe_backup_reports_the_source_and_its_features(self):
        """DescribeBackup reports the source table (name, id, ARN, key schema, capacity, billing
        mode, item count) and its indexes, stream and TTL as they were at the backup."""
        arn = self.backup()["BackupArn"]
        table = self.client.describe_table(TableName=self.table)["Table"]
        description = self.client.describe_backup(BackupArn=arn)["BackupDescription"]
        self.assertEqual(description["BackupDetails"]["BackupArn"], arn)
        source = description["SourceTableDetails"]
        self.assertEqual(source["TableName"], self.table)
        self.assertEqual(source["TableId"], table["TableId"])
        self.assertEqual(source["TableArn"], table["TableArn"])
        self.assertEqual(source["KeySchema"], table["KeySchema"])
        self.assertEqual(source["ProvisionedThroughput"],
                         {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3})
        self.assertEqual(source["BillingMode"], "PROVISIONED")
        self.assertEqual(source["ItemCount"], 3)
        features = description["SourceTableFeatureDetails"]
        self.assertEqual(features["GlobalSecondaryIndexes"], [{
            "IndexName": "by-status",
            "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}])
        self.assertEqual(features["LocalSecondaryIndexes"], [{
            "IndexName": "by-placed",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "placed", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        self.assertEqual(features["StreamDescription"],
                         {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
        self.assertEqual(features["TimeToLiveDescription"],
                         {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})

    def test_restore_from_backup_is_the_table_at_the_backup(self):
        """A restore creates the target with the items, indexes and capacity the backup holds,
        not the writes made since; the answer shows it CREATING with RestoreInProgress, and
        DescribeTable then ACTIVE with its RestoreSummary. Tags, stream and TTL are not
        restored (API Reference, RestoreTableFromBackup)."""
        arn = self.backup()["BackupArn"]
        self.client.put_item(TableName=self.table, Item=order("o9", "late", 9))
        self.client.delete_item(TableName=self.table, Key={"pk": {"S": "o0"}, "sk": {"S": "1"}})
        target = harness.unique_table_name("restored")
        answer = self.client.restore_table_from_backup(TargetTableName=target, BackupArn=arn)
        description = answer["TableDescription"]
        self.assertEqual(description["TableName"], target)
        self.assertEqual(description["TableStatus"], "CREATING")
        source_arn = self.client.describe_table(TableName=self.table)["Table"]["TableArn"]
        summary = description["RestoreSummary"]
        self.assertEqual((summary["SourceBackupArn"], summary["SourceTableArn"],
                          summary["RestoreInProgress"]), (arn, source_arn, True))
        self.client.get_waiter("table_exists").wait(TableName=target)
        table = self.client.describe_table(TableName=target)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertFalse(table["RestoreSummary"]["RestoreInProgress"])
        self.assertEqual(table["ItemCount"], 3)
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 7)
        self.assertNotIn("StreamSpecification", table)
        self.assertEqual([i["IndexName"] for i in table["GlobalSecondaryIndexes"]], ["by-status"])
        self.assertEqual([i["IndexName"] for i in table["LocalSecondaryIndexes"]], ["by-placed"])
        self.assertEqual([i["pk"]["S"] for i in scan_all(self.client, target)], ["o0", "o1", "o2"])
        by_status = self.client.query(TableName=target, IndexName="by-status",
                                      KeyConditionExpression="#s = :s",
                                      ExpressionAttributeNames={"#s": "status"},
                                      ExpressionAttributeValues={":s": {"S": "open"}})
        self.assertEqual(by_status["Count"], 3)
        self.assertEqual(self.client.describe_time_to_live(TableName=target)
                         ["TimeToLiveDescription"], {"TimeToLiveStatus": "DISABLED"})
        # The restored table is a table of its own: writing to it leaves the source alone.
        self.client.put_item(TableName=target, Item=order("new", "open", 1))
        self.assertEqual(len(scan_all(self.client, self.table)), 3)

    def test_restore_with_overrides(self):
        """BillingModeOverride, GlobalSecondaryIndexOverride (a new GSI, filled from the items),
        LocalSecondaryIndexOverride (an empty list leaves the LSIs out) and
        SSESpecificationOverride shape the restored table."""
        arn = self.backup()["BackupArn"]
        target = harness.unique_table_name("override")
        self.client.restore_table_from_backup(
            TargetTableName=target, BackupArn=arn, BillingModeOverride="PAY_PER_REQUEST",
            GlobalSecondaryIndexOverride=[{
                "IndexName": "by-placed-global",
                "KeySchema": [{"AttributeName": "placed", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}],
            LocalSecondaryIndexOverride=[],
            SSESpecificationOverride={"Enabled": True, "SSEType": "KMS"})
        table = self.client.describe_table(TableName=target)["Table"]
        self.assertEqual(table["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")
        self.assertEqual([i["IndexName"] for i in table["GlobalSecondaryIndexes"]],
                         ["by-placed-global"])
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE")
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["ItemCount"], 3)
        self.assertNotIn("LocalSecondaryIndexes", table)
        self.assertEqual(table["SSEDescription"]["SSEType"], "KMS")
        found = self.client.query(TableName=target, IndexName="by-placed-global",
                                  KeyConditionExpression="placed = :p",
                                  ExpressionAttributeValues={":p": {"N": "2"}})["Items"]
        self.assertEqual(found, [{"pk": {"S": "o2"}, "sk": {"S": "1"}, "placed": {"N": "2"}}])
        target = harness.unique_table_name("provisioned")
        self.client.restore_table_from_backup(
            TargetTableName=target, BackupArn=arn,
            ProvisionedThroughputOverride={"ReadCapacityUnits": 11, "WriteCapacityUnits": 12})
        table = self.client.describe_table(TableName=target)["Table"]
        self.assertEqual((table["ProvisionedThroughput"]["ReadCapacityUnits"],
                          table["ProvisionedThroughput"]["WriteCapacityUnits"]), (11, 12))

    def test_backups_outlive_their_table(self):
        """A backup stays listed and restorable after its table is deleted."""
        arn = self.backup()["BackupArn"]
        self.client.delete_table(TableName=self.table)
        self.assertEqual(self.client.describe_backup(BackupArn=arn)["BackupDescription"]
                         ["SourceTableDetails"]["TableName"], self.table)
        self.client.restore_table_from_backup(TargetTableName=self.table, BackupArn=arn)
        self.assertEqual(len(scan_all(self.client, self.table)), 3)

    def test_list_backups_filters_and_pages(self):
        """ListBackups lists the caller's backups oldest first, of one table when TableName
        names it (by name or ARN), in [TimeRangeLowerBound, TimeRangeUpperBound), of BackupType
        USER or ALL, Limit at a time with LastEvaluatedBackupArn to resume from."""
        other = harness.create_table(self.client, harness.unique_table_name("other"))
        arns = [self.backup(f"backup-{i}")["BackupArn"] for i in range(3)]
        other_arn = self.backup("other", table=other)["BackupArn"]
        listed = self.client.list_backups(TableName=self.table)["BackupSummaries"]
        self.assertEqual([b["BackupArn"] for b in listed], arns)
        self.assertEqual({k: listed[0][k] for k in ("TableName", "BackupName", "BackupStatus",
                                                    "BackupType")},
                         {"TableName": self.table, "BackupName": "backup-0",
                          "BackupStatus": "AVAILABLE", "BackupType": "USER"})
        table_arn = self.client.describe_table(TableName=other)["Table"]["TableArn"]
        self.assertEqual([b["BackupArn"] for b in
                          self.client.list_backups(TableName=table_arn)["BackupSummaries"]],
                         [other_arn])
        page = self.client.list_backups(TableName=self.table, Limit=2)
        self.assertEqual([b["BackupArn"] for b in page["BackupSummaries"]], arns[:2])
        self.assertEqual(page["LastEvaluatedBackupArn"], arns[1])
        page = self.client.list_backups(TableName=self.table, Limit=2,
                                        ExclusiveStartBackupArn=page["LastEvaluatedBackupArn"])
        self.assertEqual([b["BackupArn"] for b in page["BackupSummaries"]], arns[2:])
        self.assertNotIn("LastEvaluatedBackupArn", page)
        self.assertEqual(self.client.list_backups(TableName=self.table, BackupType="SYSTEM")
                         ["BackupSummaries"], [])
        self.assertEqual(len(self.client.list_backups(TableName=self.table, BackupType="ALL")
                             ["BackupSummaries"]), 3)
        created = listed[1]["BackupCreationDateTime"]
        future = self.client.list_backups(TableName=self.table,
                                          TimeRangeLowerBound=time.time() + 3600)
        self.assertEqual(future["BackupSummaries"], [])
        until_second = self.client.list_backups(TableName=self.table,
                                                TimeRangeUpperBound=created)["BackupSummaries"]
        self.assertTrue(all(b["BackupCreationDateTime"] < created for b in until_second))

    def test_delete_backup(self):
        """DeleteBackup answers the description with BackupStatus DELETED; the backup is then
        gone for every operation."""
        arn = self.backup()["BackupArn"]
        deleted = self.client.delete_backup(BackupArn=arn)["BackupDescription"]
        self.assertEqual(deleted["BackupDetails"]["BackupStatus"], "DELETED")
        self.assertEqual(deleted["SourceTableDetails"]["TableName"], self.table)
        self.assertEqual(self.client.list_backups(TableName=self.table)["BackupSummaries"], [])
        for call in (lambda: self.raw.describe_backup(BackupArn=arn),
                     lambda: self.raw.delete_backup(BackupArn=arn),
                     lambda: self.raw.restore_table_from_backup(TargetTableName="anything",
                                                                BackupArn=arn)):
            with self.assertRaises(ClientError) as context:
                call()
            self.assertError(context, "BackupNotFoundException", f"Backup not found: {arn}")

    def test_refusals(self):
        """A missing table is TableNotFoundException; a restore onto an existing table
        TableAlreadyExistsException; a bad BackupName or ARN the model's ValidationException."""
        with self.assertRaises(ClientError) as context:
            self.raw.create_backup(TableName="missing-table", BackupName="b")
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value 'b' at 'backupName' failed to "
                         "satisfy constraint: Member must have length greater than or equal to 3")
        with self.assertRaises(ClientError) as context:
            self.raw.create_backup(TableName="missing-table", BackupName="backup")
        self.assertError(context, "TableNotFoundException", "Table not found: missing-table")
        arn = self.backup()["BackupArn"]
        with self.assertRaises(ClientError) as context:
            self.raw.restore_table_from_backup(TargetTableName=self.table, BackupArn=arn)
        self.assertError(context, "TableAlreadyExistsException",
                         f"Table already exists: {self.table}")
        with self.assertRaises(ClientError) as context:
            self.raw.describe_backup(BackupArn="arn:short")
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value 'arn:short' at 'backupArn' failed to "
                         "satisfy constraint: Member must have length greater than or equal to 37")

    def test_an_admin_reset_drops_the_backups(self):
        """POST /ddblocal/reset of a namespace drops its backups with its tables, and only its
        own: backups are per namespace (access key and region), as tables are."""
        mine = self.backup()["BackupArn"]
        other = boto3.client("dynamodb", endpoint_url=SERVER.endpoint, region_name="us-east-1",
                             aws_access_key_id="resetter", aws_secret_access_key="x")
        harness.create_table(other, "theirs")
        theirs = other.create_backup(TableName="theirs", BackupName="theirs")
        theirs = theirs["BackupDetails"]["BackupArn"]
        self.assertEqual(self.client.list_backups(TableName="theirs")["BackupSummaries"], [])
        status, answer = admin.call(SERVER, "POST", "reset",
                                    {"accessKey": "resetter", "region": "us-east-1"})
        self.assertEqual((status, answer),
                         (200, {"tablesDeleted": 1, "backupsDeleted": 1,
                                "namespace": "resetter/us-east-1"}))
        with self.assertRaises(other.exceptions.BackupNotFoundException):
            other.describe_backup(BackupArn=theirs)
        self.assertEqual(self.client.describe_backup(BackupArn=mine)["BackupDescription"]
                         ["BackupDetails"]["BackupStatus"], "AVAILABLE")


class PointInTimeTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = orders_table(self.client, harness.unique_table_name("pitr"))
        self.addCleanup(admin.call, SERVER, "POST", "clock", {"epochSeconds": time.time()})

    def advance(self, seconds):
        status, answer = admin.call(SERVER, "POST", "clock", {"advanceSeconds": seconds})
        self.assertEqual(status, 200)
        return answer["epochSeconds"]

    def window(self):
        return self.client.describe_continuous_backups(TableName=self.table)[
            "ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]

    def test_restore_to_a_point_in_time(self):
        """With point-in-time recovery on, RestoreTableToPointInTime rebuilds the table as it
        stood at any second of the window: puts, overwrites and deletes made after that moment are
        undone, and its indexes agree."""
        self.client.update_continuous_backups(
            TableName=self.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        self.client.put_item(TableName=self.table, Item=order("a", "open", 1))
        self.client.put_item(TableName=self.table, Item=order("b", "open", 2))
        first = self.advance(60)
        self.client.put_item(TableName=self.table, Item=order("a", "shipped", 1))
        self.client.delete_item(TableName=self.table, Key={"pk": {"S": "b"}, "sk": {"S": "1"}})
        self.client.put_item(TableName=self.table, Item=order("c", "open", 3))
        second = self.advance(60)
        self.client.put_item(TableName=self.table, Item=order("d", "open", 4))
        self.advance(600)
        window = self.window()
        self.assertLessEqual(window["EarliestRestorableDateTime"].timestamp(), first - 60 + 1)
        target = harness.unique_table_name("at-first")
        answer = self.client.restore_table_to_point_in_time(
            SourceTableName=self.table, TargetTableName=target, RestoreDateTime=first - 1)
        summary = answer["TableDescription"]["RestoreSummary"]
        self.assertNotIn("SourceBackupArn", summary)
        self.assertAlmostEqual(summary["RestoreDateTime"].timestamp(), first - 1, delta=1)
        items = scan_all(self.client, target)
        self.assertEqual([(i["pk"]["S"], i["status"]["S"]) for i in items],
                         [("a", "open"), ("b", "open")])
        shipped = self.client.query(TableName=target, IndexName="by-status",
                                    KeyConditionExpression="#s = :s",
                                    ExpressionAttributeNames={"#s": "status"},
                                    ExpressionAttributeValues={":s": {"S": "shipped"}})
        self.assertEqual(shipped["Count"], 0)
        source_arn = self.client.describe_table(TableName=self.table)["Table"]["TableArn"]
        target = harness.unique_table_name("at-second")
        self.client.restore_table_to_point_in_time(
            SourceTableArn=source_arn, TargetTableName=target, RestoreDateTime=second - 1)
        self.assertEqual([(i["pk"]["S"], i["status"]["S"]) for i in scan_all(self.client, target)],
                         [("a", "shipped"), ("c", "open")])
        target = harness.unique_table_name("latest")
        self.client.restore_table_to_point_in_time(
            SourceTableName=self.table, TargetTableName=target, UseLatestRestorableTime=True)
        self.assertEqual([i["pk"]["S"] for i in scan_all(self.client, target)], ["a", "c", "d"])

    def test_refusals(self):
        """Without point-in-time recovery: PointInTimeRecoveryUnavailableException; a time outside
        the window: InvalidRestoreTimeException; a missing source: TableNotFoundException; an
        existing target: TableAlreadyExistsException."""
        target = harness.unique_table_name("target")
        with self.assertRaises(ClientError) as context:
            self.raw.restore_table_to_point_in_time(
                SourceTableName=self.table, TargetTableName=target, UseLatestRestorableTime=True)
        self.assertError(context, "PointInTimeRecoveryUnavailableException",
                         "Point in time recovery has not yet been enabled for this source table.")
        self.client.update_continuous_backups(
            TableName=self.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        for moment in (time.time() - 3600, time.time() + 3600):
            with self.assertRaises(ClientError) as context:
                self.raw.restore_table_to_point_in_time(
                    SourceTableName=self.table, TargetTableName=target, RestoreDateTime=moment)
            self.assertError(context, "InvalidRestoreTimeException",
                             "An invalid restore time was specified. RestoreDateTime must be "
                             "between EarliestRestorableDateTime and LatestRestorableDateTime.")
        with self.assertRaises(ClientError) as context:
            self.raw.restore_table_to_point_in_time(
                SourceTableName="missing-table", TargetTableName=target,
                UseLatestRestorableTime=True)
        self.assertError(context, "TableNotFoundException", "Table not found: missing-table")
        with self.assertRaises(ClientError) as context:
            self.raw.restore_table_to_point_in_time(
                SourceTableName=self.table, TargetTableName=self.table,
                UseLatestRestorableTime=True)
        self.assertError(context, "TableAlreadyExistsException",
                         f"Table already exists: {self.table}")


class DurableBackupsTest(unittest.TestCase):
    def test_backups_and_restored_tables_survive_kill_9(self):
        """In durable mode a backup (made before its table was deleted), a deletion of another
        backup and a restored table all survive kill -9."""
        data_dir = tempfile.mkdtemp(prefix="ddblocal-backups-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            orders_table(client, "orders")
            for i in range(50):
                client.put_item(TableName="orders", Item=order(f"o{i:02}", "open", i))
            kept = client.create_backup(TableName="orders",
                                        BackupName="kept")["BackupDetails"]["BackupArn"]
            dropped = client.create_backup(TableName="orders",
                                           BackupName="dropped")["BackupDetails"]["BackupArn"]
            client.delete_backup(BackupArn=dropped)
            client.put_item(TableName="orders", Item=order("late", "open", 99))
            client.restore_table_from_backup(TargetTableName="restored", BackupArn=kept)
            client.put_item(TableName="restored", Item=order("after", "open", 100))
            client.delete_table(TableName="orders")
        finally:
            server.kill()
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            self.assertEqual([b["BackupArn"] for b in client.list_backups()["BackupSummaries"]],
                             [kept])
            self.assertEqual(client.describe_backup(BackupArn=kept)["BackupDescription"]
                             ["SourceTableDetails"]["ItemCount"], 50)
            restored = client.describe_table(TableName="restored")["Table"]
            self.assertEqual(restored["ItemCount"], 51)
            self.assertEqual(restored["RestoreSummary"]["SourceBackupArn"], kept)
            client.restore_table_from_backup(TargetTableName="orders", BackupArn=kept)
            self.assertEqual(len(scan_all(client, "orders")), 50)
            self.assertEqual(client.query(
                TableName="orders", IndexName="by-status", KeyConditionExpression="#s = :s",
                ExpressionAttributeNames={"#s": "status"},
                ExpressionAttributeValues={":s": {"S": "open"}})["Count"], 50)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
