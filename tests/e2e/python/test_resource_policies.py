"""Resource-based policies through boto3 against the real binary: PutResourcePolicy,
GetResourcePolicy and DeleteResourcePolicy on table and stream ARNs, CreateTable's ResourcePolicy,
revision IDs and their refusals, policies kept across a restart in durable mode and gone with the
table. Policies are stored and returned, never enforced."""

import json
import shutil
import tempfile
import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

POLICY = json.dumps({
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": {"AWS": "arn:aws:iam::111122223333:root"},
                   "Action": "dynamodb:GetItem", "Resource": "*"}],
})
NOT_FOUND = "Resource-based policy not found for the provided ResourceArn: "


def arn_of(client, table):
    return client.describe_table(TableName=table)["Table"]["TableArn"]


class ResourcePolicyTest(harness.ServerTest):
    server = SERVER

    def setUp(self):
        self.table = harness.create_table(self.client, harness.unique_table_name("policy"))
        self.arn = arn_of(self.client, self.table)

    def test_put_get_delete(self):
        """A policy put on a table is returned with its revision ID until it is deleted; deleting
        answers the deleted policy's revision ID, and deleting again is no error."""
        with self.assertRaises(ClientError) as context:
            self.client.get_resource_policy(ResourceArn=self.arn)
        self.assertError(context, "PolicyNotFoundException", NOT_FOUND + self.arn)
        revision = self.client.put_resource_policy(ResourceArn=self.arn, Policy=POLICY)["RevisionId"]
        self.assertTrue(revision.isdigit())
        got = self.client.get_resource_policy(ResourceArn=self.arn)
        self.assertEqual((got["Policy"], got["RevisionId"]), (POLICY, revision))
        # The same document again keeps its revision (the operation is idempotent).
        self.assertEqual(
            self.client.put_resource_policy(ResourceArn=self.arn, Policy=POLICY)["RevisionId"],
            revision)
        self.assertEqual(
            self.client.delete_resource_policy(ResourceArn=self.arn)["RevisionId"], revision)
        self.assertNotIn("RevisionId", self.client.delete_resource_policy(ResourceArn=self.arn))

    def test_expected_revision_id(self):
        """ExpectedRevisionId must be the current revision, or NO_POLICY while there is none; a
        mismatch is a PolicyNotFoundException."""
        revision = self.client.put_resource_policy(
            ResourceArn=self.arn, Policy=POLICY, ExpectedRevisionId="NO_POLICY")["RevisionId"]
        with self.assertRaises(ClientError) as context:
            self.client.put_resource_policy(ResourceArn=self.arn, Policy="{}",
                                            ExpectedRevisionId="42")
        self.assertError(context, "PolicyNotFoundException",
                         NOT_FOUND + "Requested update for policy with revision id 42, but the "
                         f"policy associated to target {self.arn} has revision id {revision}")
        newer = self.client.put_resource_policy(
            ResourceArn=self.arn, Policy="{}", ExpectedRevisionId=revision,
            ConfirmRemoveSelfResourceAccess=True)["RevisionId"]
        self.assertGreater(int(newer), int(revision))
        self.client.delete_resource_policy(ResourceArn=self.arn, ExpectedRevisionId=newer)
        with self.assertRaises(ClientError) as context:
            self.client.delete_resource_policy(ResourceArn=self.arn, ExpectedRevisionId=newer)
        self.assertError(context, "PolicyNotFoundException", NOT_FOUND + self.arn)

    def test_document_refusals(self):
        """The document must be JSON, and at most 20 KB, whitespace included."""
        with self.assertRaises(ClientError) as context:
            self.client.put_resource_policy(ResourceArn=self.arn, Policy="not json")
        self.assertError(context, "ValidationException",
                         "Resource-based policy document is not a valid JSON object")
        big = "{" + " " * (20 * 1024 - 1) + "}"
        with self.assertRaises(ClientError) as context:
            self.client.put_resource_policy(ResourceArn=self.arn, Policy=big)
        self.assertError(context, "ValidationException",
                         "Resource-based policy document size 20481 bytes exceeds the maximum "
                         "allowed size of 20 KB (20480 bytes)")

    def test_arn_refusals(self):
        """The ResourceArn is checked as the tagging operations check it."""
        with self.assertRaises(ClientError) as context:
            self.client.get_resource_policy(ResourceArn=self.table)
        self.assertError(context, "ValidationException",
                         "One or more parameter values were invalid: ARNs must start with 'arn:': "
                         + self.table)
        missing = self.arn + "-missing"
        with self.assertRaises(ClientError) as context:
            self.client.put_resource_policy(ResourceArn=missing, Policy=POLICY)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: ResourceArn: {missing} not found")

    def test_stream_policy_and_create_table_policy(self):
        """A stream has a policy of its own; CreateTable's ResourcePolicy is the table's policy;
        both go with the table."""
        table = harness.create_table(
            self.client, harness.unique_table_name("policy-stream"), ResourcePolicy=POLICY,
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        description = self.client.describe_table(TableName=table)["Table"]
        stream = description["LatestStreamArn"]
        self.assertEqual(
            self.client.get_resource_policy(ResourceArn=description["TableArn"])["Policy"], POLICY)
        self.client.put_resource_policy(ResourceArn=stream, Policy="{}")
        self.assertEqual(self.client.get_resource_policy(ResourceArn=stream)["Policy"], "{}")
        self.client.delete_table(TableName=table)
        harness.create_table(self.client, table)
        with self.assertRaises(ClientError) as context:
            self.client.get_resource_policy(ResourceArn=description["TableArn"])
        self.assertEqual(context.exception.response["Error"]["Code"], "PolicyNotFoundException")


class DurableResourcePolicyTest(unittest.TestCase):
    """Policies in durable mode (--data-dir)."""

    def test_policies_survive_a_restart(self):
        """A policy is part of the table's metadata: it and its revision ID are there after a
        restart."""
        data_dir = tempfile.mkdtemp(prefix="ddblocal-policy-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            client = server.client()
            harness.create_table(client, "kept")
            arn = arn_of(client, "kept")
            revision = client.put_resource_policy(ResourceArn=arn, Policy=POLICY)["RevisionId"]
        finally:
            server.stop()
        server = harness.Server(["--data-dir", data_dir]).start()
        try:
            got = server.client().get_resource_policy(ResourceArn=arn)
            self.assertEqual((got["Policy"], got["RevisionId"]), (POLICY, revision))
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
