"""Tags against the real ddblocal binary: TagResource, UntagResource and ListTagsOfResource on table
ARNs, CreateTable's Tags, DynamoDB's refusals with their exact types and messages, the empty
response body of the two writes, and tags kept across a restart in durable mode."""

import shutil
import tempfile
import unittest

import boto3
from botocore.exceptions import ClientError

from . import server as harness

SERVER = None


def setUpModule():
    global SERVER
    SERVER = harness.Server().start()


def tearDownModule():
    global SERVER
    if SERVER is not None:
        server, SERVER = SERVER, None
        server.stop()


def arn_of(client, table):
    return client.describe_table(TableName=table)["Table"]["TableArn"]


def tags_of(client, arn):
    return client.list_tags_of_resource(ResourceArn=arn)["Tags"]


class TaggingTest(unittest.TestCase):
    """The three operations on one table, as infrastructure tools call them."""

    assertError = harness.assert_error

    def setUp(self):
        self.client = SERVER.client()
        self.raw = SERVER.client(raw_errors=True)
        self.table = harness.create_table(
            self.client, harness.unique_table_name("tags"),
            Tags=[{"Key": "env", "Value": "test"}, {"Key": "owner", "Value": ""}])
        self.arn = arn_of(self.client, self.table)

    def test_create_table_tags_are_listed(self):
        """Tags given to CreateTable are the table's tags, empty values included."""
        self.assertEqual(tags_of(self.client, self.arn),
                         [{"Key": "env", "Value": "test"}, {"Key": "owner", "Value": ""}])

    def test_tag_overwrites_and_adds_untag_removes_and_ignores_absent_keys(self):
        """TagResource sets values by key (an existing key takes the new value); UntagResource
        removes keys and is no error for a key the table does not have."""
        self.client.tag_resource(ResourceArn=self.arn, Tags=[{"Key": "env", "Value": "prod"},
                                                             {"Key": "team", "Value": "ключ"}])
        self.assertEqual(tags_of(self.client, self.arn),
                         [{"Key": "env", "Value": "prod"}, {"Key": "owner", "Value": ""},
                          {"Key": "team", "Value": "ключ"}])
        self.client.untag_resource(ResourceArn=self.arn, TagKeys=["owner", "absent"])
        self.assertEqual(tags_of(self.client, self.arn),
                         [{"Key": "env", "Value": "prod"}, {"Key": "team", "Value": "ключ"}])

    def test_tag_and_untag_answer_with_an_empty_body(self):
        """DynamoDB answers a successful TagResource or UntagResource with HTTP 200 and an empty
        body (the API reference: "an empty HTTP body")."""
        seen = []

        def record(http_response, **_):
            seen.append((http_response.status_code, http_response.content,
                         http_response.headers.get("Content-Length"),
                         http_response.headers.get("x-amz-crc32")))

        self.client.meta.events.register("after-call.dynamodb.TagResource", record)
        self.client.meta.events.register("after-call.dynamodb.UntagResource", record)
        response = self.client.tag_resource(ResourceArn=self.arn,
                                            Tags=[{"Key": "k", "Value": "v"}])
        self.assertEqual(set(response), {"ResponseMetadata"})
        response = self.client.untag_resource(ResourceArn=self.arn, TagKeys=["k"])
        self.assertEqual(set(response), {"ResponseMetadata"})
        self.assertEqual(seen, [(200, b"", "0", "0"), (200, b"", "0", "0")])

    def test_list_has_no_next_token_at_fifty_tags(self):
        """A table holds at most 50 tags and ListTagsOfResource returns them in one page, without
        a NextToken."""
        tags = [{"Key": f"k{i:02}", "Value": f"v{i:02}"} for i in range(48)]
        self.client.tag_resource(ResourceArn=self.arn, Tags=tags)
        response = self.client.list_tags_of_resource(ResourceArn=self.arn)
        self.assertEqual(len(response["Tags"]), 50)
        self.assertNotIn("NextToken", response)
        pages = self.client.get_paginator("list_tags_of_resource").paginate(ResourceArn=self.arn)
        self.assertEqual(sum(len(page["Tags"]) for page in pages), 50)

    def test_fifty_first_tag_is_a_validation_exception(self):
        """The 50-tag limit counts the tags the table would hold after the request, and going over
        it is a ValidationException, not a LimitExceededException."""
        tags = [{"Key": f"k{i:02}", "Value": ""} for i in range(48)]
        self.client.tag_resource(ResourceArn=self.arn, Tags=tags)
        with self.assertRaises(ClientError) as context:
            self.raw.tag_resource(ResourceArn=self.arn, Tags=[{"Key": "one-more", "Value": ""}])
        self.assertError(context, "ValidationException",
                         "Number of Tags exceed the current limit for the provided ResourceArn")
        self.client.tag_resource(ResourceArn=self.arn, Tags=[{"Key": "env", "Value": "changed"}])

    def test_refused_tags(self):
        """Reserved aws: keys, a key twice in one request, characters outside letters, numbers,
        spaces and + - = . _ : / @, and an empty list are ValidationExceptions that change
        nothing."""
        cases = [
            ([{"Key": "AWS:cost", "Value": "x"}],
             "Tag Key cannot be prefixed with aws:, Key: AWS:cost"),
            ([{"Key": "d", "Value": "1"}, {"Key": "d", "Value": "2"}],
             "Duplicate Tag Keys provided as input: Duplicate Tag Key found d"),
            ([{"Key": "ok", "Value": "1"}, {"Key": "k", "Value": "100%"}],
             "The Tag Value provided is invalid, Value: 100%"),
            ([{"Key": "x" * 129, "Value": ""}],
             "The Tag Key provided is invalid, Key: " + "x" * 129),
            ([], "Atleast one Tag needs to be provided as Input."),
        ]
        for tags, message in cases:
            with self.subTest(message=message):
                with self.assertRaises(ClientError) as context:
                    self.raw.tag_resource(ResourceArn=self.arn, Tags=tags)
                self.assertError(context, "ValidationException", message)
        with self.assertRaises(ClientError) as context:
            self.raw.untag_resource(ResourceArn=self.arn, TagKeys=["aws:x"])
        self.assertError(context, "ValidationException",
                         "Tag Key cannot be prefixed with aws:, Key: aws:x")
        self.assertEqual(len(tags_of(self.client, self.arn)), 2)

    def test_resource_arns(self):
        """A string that is not an ARN and an index ARN are ValidationExceptions, another account's
        ARN is an AccessDeniedException, and a well-formed ARN of no table is a
        ResourceNotFoundException naming the ARN."""
        with self.assertRaises(ClientError) as context:
            self.raw.list_tags_of_resource(ResourceArn=self.table)
        self.assertError(context, "ValidationException",
                         "One or more parameter values were invalid: ARNs must start with 'arn:': "
                         + self.table)
        index_arn = self.arn + "/index/gsi"
        with self.assertRaises(ClientError) as context:
            self.raw.tag_resource(ResourceArn=index_arn, Tags=[{"Key": "k", "Value": "v"}])
        self.assertError(context, "ValidationException",
                         "One or more parameter values were invalid: Invalid resource arn "
                         "provided, only table or stream is accepted. Provided resource arn: "
                         + index_arn)
        foreign = self.arn.replace(":000000000000:", ":123456789012:")
        with self.assertRaises(ClientError) as context:
            self.raw.untag_resource(ResourceArn=foreign, TagKeys=["env"])
        self.assertError(context, "AccessDeniedException", "Access is denied")
        missing = self.arn + "-gone"
        with self.assertRaises(ClientError) as context:
            self.raw.list_tags_of_resource(ResourceArn=missing)
        self.assertError(context, "ResourceNotFoundException",
                         f"Requested resource not found: ResourceArn: {missing} not found")

    def test_tags_go_with_their_table(self):
        """Deleting a table deletes its tags: a new table of the same name (and ARN) has none."""
        self.client.delete_table(TableName=self.table)
        with self.assertRaises(ClientError) as context:
            self.raw.list_tags_of_resource(ResourceArn=self.arn)
        self.assertEqual(context.exception.response["Error"]["Code"], "ResourceNotFoundException")
        harness.create_table(self.client, self.table)
        self.assertEqual(tags_of(self.client, self.arn), [])


class DurableTagsTest(unittest.TestCase):
    """Tags in durable mode (--data-dir)."""

    def setUp(self):
        self.data_dir = tempfile.mkdtemp(prefix="ddblocal-tags-")
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def restart(self):
        if self.server is not None:
            self.server.stop()
        self.server = harness.Server(["--data-dir", self.data_dir]).start()
        return self.server.client()

    def test_tags_survive_a_restart(self):
        """Tags are part of the table's metadata, kept like the table itself: CreateTable's tags
        and later TagResource and UntagResource changes are all there after a restart."""
        client = self.restart()
        harness.create_table(client, "tagged", Tags=[{"Key": "a", "Value": "1"},
                                                     {"Key": "b", "Value": "2"}])
        arn = arn_of(client, "tagged")
        client.tag_resource(ResourceArn=arn, Tags=[{"Key": "b", "Value": "3"},
                                                   {"Key": "c", "Value": ""}])
        client.untag_resource(ResourceArn=arn, TagKeys=["a"])
        harness.create_table(client, "dropped", Tags=[{"Key": "x", "Value": "y"}])
        client.delete_table(TableName="dropped")

        client = self.restart()
        self.assertEqual(tags_of(client, arn), [{"Key": "b", "Value": "3"},
                                                {"Key": "c", "Value": ""}])
        harness.create_table(client, "dropped")
        self.assertEqual(tags_of(client, arn_of(client, "dropped")), [])


class SharedNamespaceTagsTest(unittest.TestCase):
    """Tags under --shared-db."""

    def test_a_client_of_another_region_tags_by_the_tables_arn(self):
        """With one namespace for every region, a table's ARN names the region of the client that
        created it, and that ARN reaches the table's tags from any region."""
        server = harness.Server(["--shared-db"]).start()
        try:
            east = server.client()
            harness.create_table(east, "shared-tags", Tags=[{"Key": "k", "Value": "v"}])
            arn = arn_of(east, "shared-tags")
            west = boto3.client("dynamodb", endpoint_url=server.endpoint, region_name="eu-west-1",
                                aws_access_key_id="test", aws_secret_access_key="test")
            west.tag_resource(ResourceArn=arn, Tags=[{"Key": "w", "Value": "1"}])
            self.assertEqual(tags_of(west, arn), [{"Key": "k", "Value": "v"},
                                                  {"Key": "w", "Value": "1"}])
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
