"""The HTTP wire protocol of the real ddblocal binary, spoken with http.client and requests
signed by botocore's SigV4 signer: headers, checksums, error bodies, keep-alive, body limits
and many concurrent connections."""

import concurrent.futures
import http.client
import json
import re
import socket
import unittest
import zlib

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from . import server as harness

TABLE = None

AMZ_JSON = "application/x-amz-json-1.0"
REQUEST_ID = re.compile(r"^[0-9A-Z]{52}$")
MAX_BODY = 16 * 1024 * 1024


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE
    SERVER.start()
    TABLE = harness.create_table(SERVER.client(), harness.unique_table_name("wire"), ("pk", "S"))


def signed_headers(target, body, content_type=AMZ_JSON):
    """Headers of a POST / request signed with SigV4 for dummy credentials, as an SDK sends them."""
    headers = {"Content-Type": content_type}
    if target is not None:
        headers["X-Amz-Target"] = target
    request = AWSRequest(method="POST", url=SERVER.endpoint + "/", data=body, headers=headers)
    SigV4Auth(Credentials("test", "test"), "dynamodb", harness.REGION).add_auth(request)
    return dict(request.headers.items())


class Response:
    def __init__(self, raw):
        self.status = raw.status
        self.headers = raw.headers
        self.body = raw.read()

    def json(self):
        return json.loads(self.body)


def connect():
    return http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=30)


def post(connection, target, body, headers=None, sign=True, content_type=AMZ_JSON):
    """Sends one POST / on an open connection and reads the whole response."""
    if isinstance(body, (dict, list)):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode()
    if sign:
        all_headers = signed_headers(target, body, content_type)
    else:
        all_headers = {"Content-Type": content_type}
        if target is not None:
            all_headers["X-Amz-Target"] = target
    all_headers.update(headers or {})
    connection.request("POST", "/", body=body, headers=all_headers)
    return Response(connection.getresponse())


def call(target, body, **kwargs):
    connection = connect()
    try:
        return post(connection, target, body, **kwargs)
    finally:
        connection.close()


class WireTest(unittest.TestCase):
    def assertDynamoHeaders(self, response, content_type=AMZ_JSON):
        self.assertRegex(response.headers["x-amzn-RequestId"], REQUEST_ID)
        self.assertEqual(int(response.headers["x-amz-crc32"]), zlib.crc32(response.body))
        self.assertEqual(response.headers["Content-Type"], content_type)
        self.assertEqual(int(response.headers["Content-Length"]), len(response.body))

    # --- Headers --------------------------------------------------------------------------------

    def test_success_carries_request_id_and_crc32(self):
        """A successful response carries x-amzn-RequestId, x-amz-crc32 of its body and the JSON 1.0 content type."""
        response = call("DynamoDB_20120810.ListTables", {})
        self.assertEqual(response.status, 200)
        self.assertDynamoHeaders(response)
        self.assertIn(TABLE, response.json()["TableNames"])

    def test_error_carries_request_id_and_crc32(self):
        """An error response carries the same headers as a success, with status 400."""
        response = call("DynamoDB_20120810.DescribeTable", {"TableName": "no-such-table"})
        self.assertEqual(response.status, 400)
        self.assertDynamoHeaders(response)
        self.assertEqual(response.json(), {
            "__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
            "message": "Requested resource not found: Table: no-such-table not found",
        })

    def test_request_ids_are_unique(self):
        """Every response gets its own request id."""
        ids = {call("DynamoDB_20120810.ListTables", {}).headers["x-amzn-RequestId"]
               for _ in range(20)}
        self.assertEqual(len(ids), 20)

    def test_json_content_type_is_echoed(self):
        """A request sent as application/json is answered as application/json."""
        response = call("DynamoDB_20120810.ListTables", {}, content_type="application/json")
        self.assertEqual(response.status, 200)
        self.assertDynamoHeaders(response, content_type="application/json")

    def test_validation_error_body(self):
        """A ValidationException body has the coral validate namespace and a lower-case message key."""
        response = call("DynamoDB_20120810.ListTables", {"Limit": 0})
        self.assertEqual(response.status, 400)
        self.assertDynamoHeaders(response)
        self.assertEqual(response.json(), {
            "__type": "com.amazon.coral.validate#ValidationException",
            "message": "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                       "constraint: Member must have value greater than or equal to 1",
        })

    # --- Requests DynamoDB refuses before the operation -----------------------------------------

    def test_unknown_target(self):
        """An X-Amz-Target naming no operation gets UnknownOperationException with no message."""
        for target in ("DynamoDB_20120810.ListTable", "whatever"):
            with self.subTest(target=target):
                response = call(target, {})
                self.assertEqual(response.status, 400)
                self.assertDynamoHeaders(response)
                self.assertEqual(response.json(),
                                 {"__type": "com.amazon.coral.service#UnknownOperationException"})

    def test_missing_target(self):
        """A POST without X-Amz-Target gets UnknownOperationException with no message."""
        response = call(None, {})
        self.assertEqual(response.status, 400)
        self.assertEqual(response.json(),
                         {"__type": "com.amazon.coral.service#UnknownOperationException"})

    def test_malformed_json(self):
        """A body that is not JSON gets SerializationException with no message."""
        response = call("DynamoDB_20120810.ListTables", b'{"Limit": ')
        self.assertEqual(response.status, 400)
        self.assertDynamoHeaders(response)
        self.assertEqual(response.json(),
                         {"__type": "com.amazon.coral.service#SerializationException"})

    def test_wrong_json_type_for_a_string(self):
        """A number where a string belongs is a SerializationException whose Message (capital M) names the JSON token."""
        cases = [
            (5, "NUMBER_VALUE cannot be converted to String"),
            (True, "TRUE_VALUE cannot be converted to String"),
            (34.56, "DECIMAL_VALUE cannot be converted to String"),
        ]
        for value, message in cases:
            with self.subTest(value=value):
                response = call("DynamoDB_20120810.DescribeTable", {"TableName": value})
                self.assertEqual(response.status, 400)
                self.assertDynamoHeaders(response)
                self.assertEqual(response.json(), {
                    "__type": "com.amazon.coral.service#SerializationException",
                    "Message": message,
                })

    def test_number_attribute_given_as_json_number(self):
        """An N attribute value written as a JSON number instead of a string is a SerializationException."""
        response = call("DynamoDB_20120810.PutItem",
                        {"TableName": TABLE, "Item": {"pk": {"S": "a"}, "n": {"N": 5}}})
        self.assertEqual(response.status, 400)
        self.assertEqual(response.json(), {
            "__type": "com.amazon.coral.service#SerializationException",
            "Message": "NUMBER_VALUE cannot be converted to String",
        })

    def test_type_errors_beat_every_other_check(self):
        """A value of the wrong JSON type anywhere in the body is a SerializationException, even when the request also lacks its TableName or Key (issue 20)."""
        cases = [
            ("PutItem", {"Item": {"a": {"S": True}}}, "TRUE_VALUE cannot be converted to String"),
            ("Query", {"Limit": "5"}, "STRING_VALUE cannot be converted to Integer"),
            ("UpdateItem", {"TableName": TABLE, "ExpressionAttributeValues": {":v": {"BOOL": "23"}}},
             "Unexpected token received from parser"),
            ("DeleteItem", {"ConditionExpression": ["a"]},
             "Unrecognized collection type class java.lang.String"),
            ("Scan", {"ExpressionAttributeNames": {"#a": {}}},
             "Start of structure or map found where not expected"),
            ("Scan", {"ExclusiveStartKey": "k"}, "Unexpected field type"),
            ("PutItem", {"Item": {"a": "x"}}, "Unexpected value type in payload"),
            ("GetItem", {"Key": []},
             "Unrecognized collection type java.util.Map<java.lang.String, "
             "com.amazonaws.dynamodb.v20120810.AttributeValue>"),
            ("PutItem", {"Item": {"a": {"B": 1}}},
             "only base-64-encoded strings are convertible to bytes"),
            ("BatchWriteItem", {"RequestItems": {TABLE: [{"PutRequest": {"Item": {"b": {"B": "abcde"}}}}]}},
             "Base64 encoded length is expected a multiple of 4 bytes but found: 5"),
            ("PutItem", {"Item": {"a": {"BS": ["+/+="]}}},
             "Invalid last non-pad Base64 character dectected"),
        ]
        for operation, body, message in cases:
            with self.subTest(operation=operation, body=body):
                response = call("DynamoDB_20120810." + operation, body)
                self.assertEqual(response.status, 400)
                self.assertEqual(response.json(), {
                    "__type": "com.amazon.coral.service#SerializationException",
                    "Message": message,
                })

    def test_some_strings_read_as_booleans(self):
        """A boolean member given as the string "true" or "no" is read as that boolean; "23" is a SerializationException."""
        response = call("DynamoDB_20120810.GetItem",
                        {"TableName": TABLE, "Key": {"pk": {"S": "nothing"}}, "ConsistentRead": "true"})
        self.assertEqual(response.status, 200)
        response = call("DynamoDB_20120810.GetItem",
                        {"TableName": TABLE, "Key": {"pk": {"S": "nothing"}}, "ConsistentRead": "no"})
        self.assertEqual(response.status, 200)
        response = call("DynamoDB_20120810.GetItem",
                        {"TableName": TABLE, "Key": {"pk": {"S": "nothing"}}, "ConsistentRead": "23"})
        self.assertEqual(response.status, 400)
        self.assertEqual(response.json(), {
            "__type": "com.amazon.coral.service#SerializationException",
            "Message": "Unexpected token received from parser",
        })

    def test_missing_authorization(self):
        """A request without an Authorization header is refused as missing its authentication token."""
        response = call("DynamoDB_20120810.ListTables", {}, sign=False)
        self.assertEqual(response.status, 400)
        self.assertDynamoHeaders(response)
        self.assertEqual(response.json(), {
            "__type": "com.amazon.coral.service#MissingAuthenticationTokenException",
            "message": "Request is missing Authentication Token",
        })

    def test_get_is_a_health_check(self):
        """GET / answers 200 with DynamoDB's health text for the Host sent, trailing space
        included."""
        connection = connect()
        try:
            connection.request("GET", "/", headers={"Host": "dynamodb.us-east-1.amazonaws.com"})
            response = Response(connection.getresponse())
        finally:
            connection.close()
        self.assertEqual(response.status, 200)
        self.assertEqual(response.body, b"healthy: dynamodb.us-east-1.amazonaws.com ")
        self.assertEqual(int(response.headers["x-amz-crc32"]), zlib.crc32(response.body))
        self.assertRegex(response.headers["x-amzn-RequestId"], REQUEST_ID)

    def test_wrong_content_type_is_not_found(self):
        """A POST whose body is not declared as JSON gets 404 with an UnknownOperationException XML stub."""
        response = call("DynamoDB_20120810.ListTables", {}, content_type="text/plain")
        self.assertEqual(response.status, 404)
        self.assertEqual(response.body, b"<UnknownOperationException/>\n")
        self.assertEqual(int(response.headers["x-amz-crc32"]), zlib.crc32(response.body))

    # --- Connections ----------------------------------------------------------------------------

    def test_keep_alive_serves_many_requests_on_one_connection(self):
        """An HTTP/1.1 connection stays open across requests, errors included."""
        connection = connect()
        try:
            first = post(connection, "DynamoDB_20120810.ListTables", {})
            sock = connection.sock
            self.assertIsNotNone(sock)
            for i in range(10):
                target = "DynamoDB_20120810.ListTables" if i % 2 else "DynamoDB_20120810.Nope"
                response = post(connection, target, {})
                self.assertEqual(response.status, 200 if i % 2 else 400)
                self.assertIs(connection.sock, sock, "the server closed the kept-alive connection")
            self.assertEqual(first.status, 200)
        finally:
            connection.close()

    def test_body_at_the_limit_is_read(self):
        """A body of exactly 16 MiB is read and answered normally."""
        prefix = b'{"TableName":"no-such-table"'
        body = prefix + b" " * (MAX_BODY - len(prefix) - 1) + b"}"
        self.assertEqual(len(body), MAX_BODY)
        response = call("DynamoDB_20120810.DescribeTable", body)
        self.assertEqual(response.status, 400)
        self.assertEqual(response.json()["message"],
                         "Requested resource not found: Table: no-such-table not found")

    def send_oversized(self, expect_continue):
        """Sends a POST declaring a 16 MiB + 2 byte body and returns the first bytes of the reply
        (empty if the server reset the connection before the reply could be read)."""
        body = b"{" + b" " * MAX_BODY + b"}"
        headers = signed_headers("DynamoDB_20120810.ListTables", body)
        sock = socket.create_connection(("127.0.0.1", SERVER.port), timeout=30)
        reply = b""
        try:
            head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            for name, value in headers.items():
                head += f"{name}: {value}\r\n"
            if expect_continue:
                head += "Expect: 100-continue\r\n"
            head += f"Content-Length: {len(body)}\r\n\r\n"
            sock.sendall(head.encode())
            if not expect_continue:
                try:
                    sock.sendall(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the server stops reading once it has refused the request
            try:
                while b"\r\n" not in reply:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    reply += chunk
            except ConnectionResetError:
                pass
        finally:
            sock.close()
        return reply

    def test_body_over_the_limit_is_refused_before_it_is_sent(self):
        """A request declaring a body over 16 MiB is refused with 413 on its headers alone, so a client waiting for 100-continue never sends the body."""
        reply = self.send_oversized(expect_continue=True)
        self.assertTrue(reply.startswith(b"HTTP/1.1 413 "), reply[:100])
        self.assertEqual(call("DynamoDB_20120810.ListTables", {}).status, 200)

    def test_body_over_the_limit_does_not_stop_the_server(self):
        """A client that pushes a body over 16 MiB regardless gets 413 or a closed connection, and the server keeps answering."""
        reply = self.send_oversized(expect_continue=False)
        if reply:
            self.assertTrue(reply.startswith(b"HTTP/1.1 413 "), reply[:100])
        for _ in range(3):
            self.assertEqual(call("DynamoDB_20120810.ListTables", {}).status, 200)

    def test_many_concurrent_connections(self):
        """50 connections writing 20 items each at the same time all succeed, and every item is stored."""
        table = harness.create_table(SERVER.client(), harness.unique_table_name("wire-load"),
                                     ("pk", "S"), ("sk", "N"))

        def worker(worker_id):
            connection = connect()
            statuses = []
            try:
                for i in range(20):
                    response = post(connection, "DynamoDB_20120810.PutItem", {
                        "TableName": table,
                        "Item": {"pk": {"S": f"w{worker_id}"}, "sk": {"N": str(i)},
                                 "v": {"S": "x" * 100}},
                    })
                    if response.status != 200:
                        statuses.append((response.status, response.body))
                    elif int(response.headers["x-amz-crc32"]) != zlib.crc32(response.body):
                        statuses.append(("bad crc32", response.body))
                    else:
                        statuses.append(200)
            finally:
                connection.close()
            return statuses

        with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
            results = list(pool.map(worker, range(50)))
        failures = [s for statuses in results for s in statuses if s != 200]
        self.assertEqual(failures, [])
        self.assertEqual(sum(len(statuses) for statuses in results), 1000)
        count = SERVER.client().scan(TableName=table, Select="COUNT")
        self.assertEqual(count["Count"], 1000)
        self.assertNotIn("LastEvaluatedKey", count)


if __name__ == "__main__":
    unittest.main()
