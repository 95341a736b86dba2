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
    return raw_call_bytes(target, json.dumps(payload).encode(), extra_headers)


def raw_call_bytes(target, body, extra_headers):
    """raw_call with the body's bytes as given (compressed or not); they are what is signed."""
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
        """A Scan answer over 4 KiB comes gzipped to a client that accepts gzip, and x-amz-crc32
        is the CRC32 of the compressed bytes, as DynamoDB computes it."""
        dynamodb = client()
        for i in range(60):
            dynamodb.put_item(TableName=self.table,
                              Item={"PK": {"S": f"scan{i:03}"}, "v": {"S": "y" * 100}})
        status, headers, raw = raw_call("Scan", {"TableName": self.table},
                                        {"Accept-Encoding": "gzip"})
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(int(headers["x-amz-crc32"]), zlib.crc32(raw) & 0xFFFFFFFF)
        self.assertEqual(int(headers["Content-Length"]), len(raw))
        answer = json.loads(gzip.decompress(raw))
        self.assertGreaterEqual(answer["Count"], 60)

        status, headers, plain = raw_call("Scan", {"TableName": self.table}, {})
        self.assertEqual(status, 200)
        self.assertIsNone(headers["Content-Encoding"])
        self.assertEqual(int(headers["x-amz-crc32"]), zlib.crc32(plain) & 0xFFFFFFFF)
        self.assertEqual(json.loads(plain), answer)

    def test_small_response_is_not_gzipped(self):
        """Below about 4 KiB the response is sent as it is, even when gzip is accepted: DynamoDB
        sends a 2 KiB body plain."""
        status, headers, raw = raw_call("DescribeTable", {"TableName": self.table},
                                        {"Accept-Encoding": "gzip"})
        self.assertEqual(status, 200)
        self.assertIsNone(headers["Content-Encoding"])
        self.assertEqual(json.loads(raw)["Table"]["TableName"], self.table)

    def put_body(self, key):
        return json.dumps({"TableName": self.table,
                           "Item": {"PK": {"S": key}, "v": {"S": "z"}}}).encode()

    def stored(self, key):
        return "Item" in client().get_item(TableName=self.table, Key={"PK": {"S": key}})

    def test_unknown_or_undecodable_content_encoding_is_a_500_and_nothing_runs(self):
        """A Content-Encoding other than gzip or deflate, or a body that does not decode under the
        one named (plain JSON, a truncated gzip, an empty body), answers 500 and stores nothing."""
        cases = [("garbage", self.put_body("bad1")),
                 ("br", self.put_body("bad2")),
                 ("gzip", self.put_body("bad3")),
                 ("gzip", gzip.compress(self.put_body("bad4"))[:-1]),
                 ("deflate", self.put_body("bad5")),
                 ("gzip", b"")]
        for coding, body in cases:
            status, _, raw = raw_call_bytes("PutItem", body, {"Content-Encoding": coding})
            self.assertEqual(status, 500, (coding, raw))
        for key in ("bad1", "bad2", "bad3", "bad4", "bad5"):
            self.assertFalse(self.stored(key), key)

    def test_deflate_and_concatenated_gzip_members_are_decoded(self):
        """deflate (a zlib stream) is read, and two gzip members back to back are one body; the
        signature covers the compressed bytes."""
        body = self.put_body("deflated")
        status, _, raw = raw_call_bytes("PutItem", zlib.compress(body),
                                        {"Content-Encoding": "deflate"})
        self.assertEqual(status, 200, raw)
        body = self.put_body("two-members")
        status, _, raw = raw_call_bytes("PutItem",
                                        gzip.compress(body[:10]) + gzip.compress(body[10:]),
                                        {"Content-Encoding": "gzip"})
        self.assertEqual(status, 200, raw)
        self.assertTrue(self.stored("deflated"))
        self.assertTrue(self.stored("two-members"))

    def test_response_coding_follows_accept_encoding(self):
        """deflate is chosen when it has the higher q, gzip on a tie when listed first, and a
        coding refused with q=0 is not used."""
        dynamodb = client()
        for i in range(60):
            dynamodb.put_item(TableName=self.table,
                              Item={"PK": {"S": f"coding{i:03}"}, "v": {"S": "w" * 100}})
        status, headers, raw = raw_call("Scan", {"TableName": self.table},
                                        {"Accept-Encoding": "gzip;q=0.5, deflate"})
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Encoding"], "deflate")
        self.assertEqual(int(headers["x-amz-crc32"]), zlib.crc32(raw))
        self.assertGreaterEqual(json.loads(zlib.decompress(raw))["Count"], 60)
        _, headers, _ = raw_call("Scan", {"TableName": self.table},
                                 {"Accept-Encoding": "GZIP, deflate"})
        self.assertEqual(headers["Content-Encoding"], "gzip")
        _, headers, _ = raw_call("Scan", {"TableName": self.table},
                                 {"Accept-Encoding": "gzip;q=0, *"})
        self.assertEqual(headers["Content-Encoding"], "deflate")


if __name__ == "__main__":
    unittest.main()
