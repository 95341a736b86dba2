"""Content-Encoding: gzip request bodies and gzip responses for clients that send
Accept-Encoding: gzip, against the real binary with signatures checked (--require-auth): clients
sign the compressed bytes they send, and x-amz-crc32 covers the compressed bytes received."""

import gzip
import http.client
import json
import unittest
import zlib

import boto3
import botocore.auth
import botocore.credentials
from botocore.awsrequest import AWSRequest

from . import server as harness

ACCESS_KEY = "AKIDGZIP"
SECRET = "gzip-secret"


SERVER = harness.ModuleServer(["--require-auth", "--access-key", ACCESS_KEY,
                               "--secret-key", SECRET])
setUpModule = SERVER.start


def client():
    return boto3.client("dynamodb", endpoint_url=SERVER.endpoint, region_name="us-east-1",
                        aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET)


def gzip_request_body(request, **kwargs):
    """botocore 'before-sign' hook: compress the JSON body and say so, before it is signed."""
    request.data = gzip.compress(request.data if isinstance(request.data, bytes)
                                 else request.data.encode())
    request.headers["Content-Encoding"] = "gzip"


def raw_call(target, payload, extra_headers):
    """A botocore-signed POST over http.client; returns (status, headers, raw body bytes)."""
    body = json.dumps(payload).encode()
    request = AWSRequest(method="POST", url=f"{SERVER.endpoint}/", data=body,
                         headers={"Content-Type": "application/x-amz-json-1.0",
                                  "X-Amz-Target": f"DynamoDB_20120810.{target}",
                                  **extra_headers})
    botocore.auth.SigV4Auth(botocore.credentials.Credentials(ACCESS_KEY, SECRET), "dynamodb",
                            "us-east-1").add_auth(request)
    connection = http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=10)
    try:
        connection.request("POST", "/", body=body, headers=dict(request.headers))
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


class Gzip(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.table = harness.create_table(client(), harness.unique_table_name("gzip"))

    def test_gzip_request_body_is_accepted(self):
        """boto3 sending gzip-compressed, signed PutItem bodies: the items are stored."""
        compressing = client()
        compressing.meta.events.register("before-sign.dynamodb.PutItem", gzip_request_body)
        sent = []
        compressing.meta.events.register(
            "before-send.dynamodb.PutItem",
            lambda request, **kwargs: sent.append(request.headers.get("Content-Encoding")))
        for i in range(3):
            compressing.put_item(TableName=self.table,
                                 Item={"PK": {"S": f"gz{i}"}, "text": {"S": "x" * 500}})
        self.assertEqual(sent, [b"gzip"] * 3)
        item = client().get_item(TableName=self.table, Key={"PK": {"S": "gz1"}})["Item"]
        self.assertEqual(item, {"PK": {"S": "gz1"}, "text": {"S": "x" * 500}})

    def test_large_response_is_gzipped_with_the_crc_of_the_sent_bytes(self):
        """A Scan answer over 1 KiB comes gzipped to a client that accepts gzip, and x-amz-crc32
        is the CRC32 of the compressed bytes, as DynamoDB computes it."""
        dynamodb = client()
        for i in range(40):
            dynamodb.put_item(TableName=self.table,
                              Item={"PK": {"S": f"scan{i:03}"}, "v": {"S": "y" * 100}})
        status, headers, raw = raw_call("Scan", {"TableName": self.table},
                                        {"Accept-Encoding": "gzip"})
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(int(headers["x-amz-crc32"]), zlib.crc32(raw) & 0xFFFFFFFF)
        self.assertEqual(int(headers["Content-Length"]), len(raw))
        answer = json.loads(gzip.decompress(raw))
        self.assertGreaterEqual(answer["Count"], 40)

        status, headers, plain = raw_call("Scan", {"TableName": self.table}, {})
        self.assertEqual(status, 200)
        self.assertIsNone(headers["Content-Encoding"])
        self.assertEqual(int(headers["x-amz-crc32"]), zlib.crc32(plain) & 0xFFFFFFFF)
        self.assertEqual(json.loads(plain), answer)

    def test_small_response_is_not_gzipped(self):
        """Below the 1 KiB threshold the response is sent as it is, even when gzip is accepted."""
        status, headers, raw = raw_call("DescribeTable", {"TableName": self.table},
                                        {"Accept-Encoding": "gzip"})
        self.assertEqual(status, 200)
        self.assertIsNone(headers["Content-Encoding"])
        self.assertEqual(json.loads(raw)["Table"]["TableName"], self.table)


if __name__ == "__main__":
    unittest.main()
