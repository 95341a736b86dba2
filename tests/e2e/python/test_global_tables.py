"""The global tables operations through boto3 against the real binary: each is refused with an
UnknownOperationException that names it, since one server has no replicas in other regions."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start


class GlobalTablesTest(harness.ServerTest):
    server = SERVER

    def test_each_operation_is_refused_by_name(self):
        """CreateGlobalTable, ListGlobalTables and the others answer UnknownOperationException
        with a message naming the operation."""
        calls = {
            "CreateGlobalTable": lambda: self.client.create_global_table(
                GlobalTableName="global", ReplicationGroup=[{"RegionName": "us-east-1"}]),
            "DescribeGlobalTable": lambda: self.client.describe_global_table(GlobalTableName="global"),
            "DescribeGlobalTableSettings":
                lambda: self.client.describe_global_table_settings(GlobalTableName="global"),
            "ListGlobalTables": lambda: self.client.list_global_tables(),
            "UpdateGlobalTable": lambda: self.client.update_global_table(
                GlobalTableName="global", ReplicaUpdates=[{"Create": {"RegionName": "eu-west-1"}}]),
            "UpdateGlobalTableSettings":
                lambda: self.client.update_global_table_settings(GlobalTableName="global"),
            "DescribeTableReplicaAutoScaling":
                lambda: self.client.describe_table_replica_auto_scaling(TableName="tab"),
            "UpdateTableReplicaAutoScaling":
                lambda: self.client.update_table_replica_auto_scaling(TableName="tab"),
        }
        for operation, call in calls.items():
            with self.subTest(operation), self.assertRaises(ClientError) as context:
                call()
            self.assertError(context, "UnknownOperationException",
                             f"{operation} is not supported: ddblocal has no global tables (no "
                             "replicas in other regions)")


if __name__ == "__main__":
    unittest.main()
