"""SigV4 against the real binary: with --require-auth every request's signature is checked against
the configured keys (boto3 and the AWS CLI signing with the right and the wrong secret, presigned
query strings, clock skew); by default any well-formed credentials are accepted."""

import datetime
import http.client
import json
import os
import subprocess
import tempfile
import unittest
import urllib.parse
from unittest import mock

import boto3
import botocore.auth
import botocore.config
import botocore.credentials
from botocore.awsrequest import AWSRequest

from . import server as harness

ACCESS_KEY = "AKIDLOCALTEST"
SECRET = "local/secret+key"
FILE_KEY = "AKIDFROMFILE"
FILE_SECRET = "file-secret"

MISMATCH = ("The request signature we calculated does not match the signature you provided. "
            "Check your AWS Secret Access Key and signing method. Consult the service "
            "documentation for details.")
UNRECOGNIZED = "The security token included in the request is invalid."

SERVER = None
CREDENTIALS_FILE = None


def setUpModule():
    global SERVER, CREDENTIALS_FILE
    CREDENTIALS_FILE = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    CREDENTIALS_FILE.write(f"[ci]\naws_access_key_id = {FILE_KEY}\n"
                           f"aws_secret_access_key = {FILE_SECRET}\nregion = eu-west-1\n")
    CREDENTIALS_FILE.close()
    SERVER = harness.ModuleServer(["--require-auth", "--access-key", ACCESS_KEY, "--secret-key",
                                   SECRET, "--credentials-file", CREDENTIALS_FILE.name]).start()


def tearDownModule():
    os.unlink(CREDENTIALS_FILE.name)


def client(key, secret, region="us-east-1", endpoint=None):
    return boto3.client("dynamodb", endpoint_url=endpoint or SERVER.endpoint, region_name=region,
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=botocore.config.Config(retries={"max_attempts": 1}))


def post(url_path, headers, body):
    """Sends a raw POST to the auth server; returns (status, parsed JSON body)."""
    connection = http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=10)
    try:
        connection.request("POST", url_path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        connection.close()


class KeepBodyQueryAuth(botocore.auth.SigV4QueryAuth):
    """botocore's presigner, except that the JSON body stays the body (and is signed by its
    SHA-256) instead of being moved into the query string."""

    def _modify_request_before_signing(self, request):
        data = request.data
        request.data = b""
        super()._modify_request_before_signing(request)
        request.data = data


def presigned(secret):
    body = json.dumps({}).encode()
    request = AWSRequest(method="POST", url=f"{SERVER.endpoint}/", data=body,
                         headers={"Content-Type": "application/x-amz-json-1.0",
                                  "X-Amz-Target": "DynamoDB_20120810.ListTables"})
    KeepBodyQueryAuth(botocore.credentials.Credentials(ACCESS_KEY, secret), "dynamodb",
                      "us-east-1", expires=300).add_auth(request)
    split = urllib.parse.urlsplit(request.url)
    return f"{split.path}?{split.query}", dict(request.headers), body


class RequireAuth(unittest.TestCase):
    assertError = harness.assert_error

    def test_right_secret_is_accepted(self):
        """A client signing with a configured key and its secret is served."""
        dynamodb = client(ACCESS_KEY, SECRET)
        name = harness.create_table(dynamodb, harness.unique_table_name("auth"))
        dynamodb.put_item(TableName=name, Item={"PK": {"S": "a"}})
        self.assertEqual(dynamodb.get_item(TableName=name, Key={"PK": {"S": "a"}})["Item"],
                         {"PK": {"S": "a"}})

    def test_key_from_the_credentials_file_is_accepted(self):
        """Keys of an ini-format --credentials-file are accepted beside --access-key."""
        self.assertIn("TableNames", client(FILE_KEY, FILE_SECRET, "eu-west-1").list_tables())

    def test_wrong_secret_is_an_invalid_signature(self):
        """A known key signed with the wrong secret gets InvalidSignatureException."""
        dynamodb = client(ACCESS_KEY, "not-the-secret")
        with self.assertRaises(dynamodb.exceptions.ClientError) as context:
            dynamodb.list_tables()
        self.assertError(context, "InvalidSignatureException", MISMATCH)

    def test_secret_of_another_key_is_an_invalid_signature(self):
        """Each key's own secret is required: another configured key's secret does not do."""
        dynamodb = client(ACCESS_KEY, FILE_SECRET)
        with self.assertRaises(dynamodb.exceptions.ClientError) as context:
            dynamodb.list_tables()
        self.assertError(context, "InvalidSignatureException", MISMATCH)

    def test_unknown_key_is_unrecognized(self):
        """An access key the server does not know gets UnrecognizedClientException."""
        dynamodb = client("AKIDUNKNOWN", SECRET)
        with self.assertRaises(dynamodb.exceptions.ClientError) as context:
            dynamodb.list_tables()
        self.assertError(context, "UnrecognizedClientException", UNRECOGNIZED)

    def test_signature_older_than_fifteen_minutes_is_expired(self):
        """A request signed 20 minutes ago is refused as expired, naming both times."""
        dynamodb = client(ACCESS_KEY, SECRET)
        signed_at = datetime.datetime.utcnow().replace(microsecond=0) - datetime.timedelta(
            minutes=20)
        with mock.patch("botocore.auth.get_current_datetime", return_value=signed_at):
            with self.assertRaises(dynamodb.exceptions.ClientError) as context:
                dynamodb.list_tables()
        error = context.exception.response["Error"]
        self.assertEqual(error["Code"], "InvalidSignatureException")
        stamp = signed_at.strftime("%Y%m%dT%H%M%SZ")
        self.assertRegex(error["Message"],
                         rf"^Signature expired: {stamp} is now earlier than \d{{8}}T\d{{6}}Z "
                         rf"\(\d{{8}}T\d{{6}}Z - 15 min\.\)$")

    def test_tampered_body_is_an_invalid_signature(self):
        """Changing the body after signing breaks the signature (the payload hash is checked)."""
        body = b"{}"
        request = AWSRequest(method="POST", url=f"{SERVER.endpoint}/", data=body,
                             headers={"Content-Type": "application/x-amz-json-1.0",
                                      "X-Amz-Target": "DynamoDB_20120810.ListTables"})
        botocore.auth.SigV4Auth(botocore.credentials.Credentials(ACCESS_KEY, SECRET), "dynamodb",
                                "us-east-1").add_auth(request)
        status, answer = post("/", dict(request.headers), body)
        self.assertEqual((status, answer.get("TableNames") is not None), (200, True))
        status, answer = post("/", dict(request.headers), b'{"Limit":1}')
        self.assertEqual(status, 400)
        self.assertEqual(answer, {"__type": "com.amazon.coral.service#InvalidSignatureException",
                                  "message": MISMATCH})

    def test_presigned_query_string_is_verified(self):
        """SigV4 in the query string (X-Amz-Signature...) is checked like the header form."""
        path, headers, body = presigned(SECRET)
        status, answer = post(path, headers, body)
        self.assertEqual(status, 200, answer)
        self.assertIn("TableNames", answer)
        path, headers, body = presigned("wrong")
        status, answer = post(path, headers, body)
        self.assertEqual(status, 400)
        self.assertEqual(answer["message"], MISMATCH)

    def test_missing_authorization_is_still_missing_token(self):
        """An unsigned request gets MissingAuthenticationTokenException, as without the flag."""
        status, answer = post("/", {"Content-Type": "application/x-amz-json-1.0",
                                    "X-Amz-Target": "DynamoDB_20120810.ListTables"}, b"{}")
        self.assertEqual(status, 400)
        self.assertEqual(answer, {
            "__type": "com.amazon.coral.service#MissingAuthenticationTokenException",
            "message": "Request is missing Authentication Token"})

    def test_aws_cli_signs_with_the_right_and_the_wrong_secret(self):
        """The AWS CLI gets through with the right secret and gets DynamoDB's error without."""
        def run(secret):
            env = dict(os.environ, AWS_ACCESS_KEY_ID=ACCESS_KEY, AWS_SECRET_ACCESS_KEY=secret,
                       AWS_DEFAULT_REGION="us-east-1", AWS_MAX_ATTEMPTS="1",
                       AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
            return subprocess.run(["aws", "dynamodb", "list-tables", "--endpoint-url",
                                   SERVER.endpoint, "--output", "json"],
                                  env=env, capture_output=True, text=True, timeout=60)
        ok = run(SECRET)
        self.assertEqual(ok.returncode, 0, ok.stderr)
        self.assertIn("TableNames", json.loads(ok.stdout))
        refused = run("wrong")
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn(f"An error occurred (InvalidSignatureException) when calling the ListTables "
                      f"operation: {MISMATCH}", refused.stderr)


class DefaultMode(unittest.TestCase):
    """Without --require-auth any well-formed credentials pass."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_any_key_and_secret_are_accepted(self):
        """Arbitrary keys and secrets are served: ddblocal checks only the header's shape."""
        for key, secret in [("anything", "at all"), (ACCESS_KEY, "wrong"), ("AKIDUNKNOWN", "x")]:
            dynamodb = client(key, secret, endpoint=self.server.endpoint)
            self.assertIn("TableNames", dynamodb.list_tables())


if __name__ == "__main__":
    unittest.main()
