"""DescribeContinuousBackups and UpdateContinuousBackups through boto3 against the real binary:
point-in-time recovery turned on and off, its recovery period, the restorable window, and the
TableNotFoundException these two operations give for a missing table. No backup is taken."""

import shutil
import tempfile
import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start


class ContinuousBackupsTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = harness.create_table(self.client, harness.unique_table_name("pitr"))

    def recovery(self, response):
        return response["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]

    def test_a_new_table_has_backups_without_point_in_time_recovery(self):
        """Continuous backups are ENABLED on every table; point-in-time recovery starts off."""
        described = self.client.describe_continuous_backups(TableName=self.table)
        self.assertEqual(described["ContinuousBackupsDescription"],
                         {"ContinuousBackupsStatus": "ENABLED",
                          "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus":
                                                             "DISABLED"}})

    def test_enable_with_a_period_then_disable(self):
        """Enabling reports the period (35 days unless given) and a window that starts when
        recovery was enabled; disabling forgets both."""
        updated = self.recovery(self.client.update_continuous_backups(
            TableName=self.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True}))
        self.assertEqual(updated["PointInTimeRecoveryStatus"], "ENABLED")
        self.assertEqual(updated["RecoveryPeriodInDays"], 35)
        self.assertEqual(updated["EarliestRestorableDateTime"],
                         updated["LatestRestorableDateTime"])
        updated = self.recovery(self.client.update_continuous_backups(
            TableName=self.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True,
                                              "RecoveryPeriodInDays": 10}))
        self.assertEqual(updated["RecoveryPeriodInDays"], 10)
        described = self.recovery(self.client.describe_continuous_backups(TableName=self.table))
        self.assertEqual(described["RecoveryPeriodInDays"], 10)
        self.assertEqual(described["PointInTimeRecoveryStatus"], "ENABLED")
        updated = self.recovery(self.client.update_continuous_backups(
            TableName=self.table,
            PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": False}))
        self.assertEqual(updated, {"PointInTimeRecoveryStatus": "DISABLED"})

    def test_refusals(self):
        """The recovery period is 1 to 35 days (the model's constraint); a missing table is a
        TableNotFoundException, not a ResourceNotFoundException."""
        with self.assertRaises(ClientError) as context:
            self.raw.update_continuous_backups(
                TableName=self.table,
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True,
                                                  "RecoveryPeriodInDays": 36})
        self.assertError(context, "ValidationException",
                         "1 validation error detected: Value '36' at "
                         "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to "
                         "satisfy constraint: Member must have value less than or equal to 35")
        with self.assertRaises(ClientError) as context:
            self.client.describe_continuous_backups(TableName="missing-table")
        self.assertError(context, "TableNotFoundException", "Table not found: missing-table")
        with self.assertRaises(self.client.exceptions.TableNotFoundException):
            self.client.update_continuous_backups(
                TableName="missing-table",
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})


class DurableContinuousBackupsTest(unittest.TestCase):
    def test_the_setting_survives_a_restart(self):
        """Point-in-time recovery is part of the table's metadata, kept across a restart."""
        data_dir = tempfile.mkdtemp(prefix="ddblocal-pitr-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            harness.create_table(client, "kept")
            client.update_continuous_backups(
                TableName="kept",
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True,
                                                  "RecoveryPeriodInDays": 3})
        finally:
            server.stop()
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            described = server.client().describe_continuous_backups(TableName="kept")
            recovery = described["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
            self.assertEqual(recovery["PointInTimeRecoveryStatus"], "ENABLED")
            self.assertEqual(recovery["RecoveryPeriodInDays"], 3)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
