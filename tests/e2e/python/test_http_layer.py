"""What DynamoDB's HTTP layer answers, against the real binary over raw sockets and http.client:
the health check, the Date and Server headers, CORS on every response, the 16 KiB limits on the
request line and the header fields, the 413 of an oversized body read to its end, the order of the
checks before and after authentication, and bursts of connections past --max-connections."""

import asyncio
import http.client
import json
import re
import resource
import socket
import unittest

from . import server as harness
from .test_limits import list_tables_request, read_response

SERVER = harness.ModuleServer()
setUpModule = SERVER.start

DATE = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|"
                  r"Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$")
EXPOSED = "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date"
MAX_BODY = 16 * 1024 * 1024


def request(method, path, body=None, headers=None, port=None):
    """One request on a fresh http.client connection: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port or SERVER.port, timeout=20)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def raw_exchange(data, port=None):
    """Sends raw bytes on a fresh socket and reads one response."""
    sock = socket.create_connection(("127.0.0.1", port or SERVER.port), timeout=20)
    try:
        sock.sendall(data)
        return read_response(sock)
    finally:
        sock.close()


class HealthAndHeaders(unittest.TestCase):
    def test_health_check_names_the_host(self):
        """GET / answers 200 "healthy: <Host> "; GET on another path is DynamoDB's 404."""
        status, _, body = request("GET", "/", headers={"Host": "dynamodb.local:8000"})
        self.assertEqual(status, 200)
        self.assertEqual(body, b"healthy: dynamodb.local:8000 ")
        status, _, body = request("GET", "/tables")
        self.assertEqual(status, 404)
        self.assertEqual(body, b"<UnknownOperationException/>\n")

    def test_every_response_carries_date_and_server(self):
        """Success, error and health answers all carry an IMF-fixdate Date and "Server: Server"."""
        answers = [request("GET", "/"),
                   raw_exchange(list_tables_request() + b"{}"),
                   request("POST", "/", b"{}", {"Content-Type": "application/x-amz-json-1.0",
                                                "X-Amz-Target": "DynamoDB_20120810.ListTables"})]
        for _, headers, _ in answers:  # a dict of lower-case names, or http.client's headers
            self.assertRegex(headers.get("date"), DATE)
            self.assertEqual(headers.get("server"), "Server")


class Cors(unittest.TestCase):
    def test_every_response_to_an_origin_carries_cors(self):
        """With Origin, an error answer (here UnknownOperationException for a missing target,
        answered before authentication) carries Access-Control-Allow-Origin: * and the exposed
        headers."""
        status, headers, body = request("POST", "/", b"{}", {
            "Content-Type": "application/x-amz-json-1.0", "Origin": "http://localhost:3000"})
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body),
                         {"__type": "com.amazon.coral.service#UnknownOperationException"})
        self.assertEqual(headers["Access-Control-Allow-Origin"], "*")
        self.assertEqual(headers["Access-Control-Expose-Headers"], EXPOSED)
        _, headers, _ = request("POST", "/", b"{}", {"Content-Type": "application/x-amz-json-1.0"})
        self.assertIsNone(headers["Access-Control-Allow-Origin"])

    def test_preflight_answers_the_requested_method_and_headers(self):
        status, headers, body = request("OPTIONS", "/", headers={
            "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type,x-amz-target"})
        self.assertEqual(status, 200)
        self.assertEqual(body, b"")
        self.assertEqual(headers["Access-Control-Allow-Methods"], "POST")
        self.assertEqual(headers["Access-Control-Allow-Headers"], "content-type,x-amz-target")
        self.assertEqual(headers["Access-Control-Allow-Origin"], "*")
        self.assertEqual(headers["Access-Control-Expose-Headers"], EXPOSED)


class CheckOrder(unittest.TestCase):
    def test_empty_body_is_checked_after_authentication(self):
        """An unsigned request with an empty body is refused for its missing token, not its body."""
        status, _, body = request("POST", "/", b"", {
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810.ListTables"})
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body), {
            "__type": "com.amazon.coral.service#MissingAuthenticationTokenException",
            "message": "Request is missing Authentication Token"})
        status, _, body = raw_exchange(list_tables_request(b""))
        self.assertEqual(json.loads(body),
                         {"__type": "com.amazon.coral.service#SerializationException"})

    def test_bad_json_is_checked_before_authentication(self):
        status, _, body = request("POST", "/", b"{nope", {
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810.ListTables"})
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body),
                         {"__type": "com.amazon.coral.service#SerializationException"})


class HeaderLimits(unittest.TestCase):
    def test_header_fields_over_16_kib_get_400(self):
        """Header fields of 15 KiB are read; over 16 KiB in total the answer is 400."""
        status, _, _ = raw_exchange(list_tables_request(
            extra=b"X-Pad: " + b"a" * (15 * 1024) + b"\r\n") + b"{}")
        self.assertEqual(status, "HTTP/1.1 200 OK")
        status, _, _ = raw_exchange(list_tables_request(
            extra=b"X-Pad: " + b"a" * (16 * 1024) + b"\r\n") + b"{}")
        self.assertEqual(status, "HTTP/1.1 400 Bad Request")

    def test_request_line_over_16_kib_gets_400(self):
        status, _, _ = raw_exchange(b"GET /?" + b"a" * (15 * 1024) + b" HTTP/1.1\r\n"
                                    b"Host: x\r\n\r\n")
        self.assertEqual(status, "HTTP/1.1 200 OK")
        status, _, _ = raw_exchange(b"GET /?" + b"a" * (16 * 1024) + b" HTTP/1.1\r\n"
                                    b"Host: x\r\n\r\n")
        self.assertEqual(status, "HTTP/1.1 400 Bad Request")


class OversizedBody(unittest.TestCase):
    def test_413_is_read_after_the_whole_upload(self):
        """A client that sends a 16 MiB + 1 byte body before reading anything gets no broken pipe:
        the server reads the upload to its end and the client reads the 413."""
        body = b"{" + b" " * (MAX_BODY - 1) + b"}"
        sock = socket.create_connection(("127.0.0.1", SERVER.port), timeout=20)
        try:
            sock.sendall(list_tables_request(body) + body)  # raises on a reset
            reply = b""
            while b"\r\n" not in reply:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                reply += chunk
        finally:
            sock.close()
        self.assertTrue(reply.startswith(b"HTTP/1.1 413 "), reply[:100])
        self.assertEqual(raw_exchange(list_tables_request() + b"{}")[0], "HTTP/1.1 200 OK")


async def one_request(port):
    """One ListTables on a fresh connection; its status line, or the error that ended it."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError as error:
        return f"connect: {error!r}"
    try:
        writer.write(list_tables_request() + b"{}")
        await writer.drain()
        status = await reader.readline()
        return status.decode().strip()
    except OSError as error:
        return f"exchange: {error!r}"
    finally:
        writer.close()


def burst(port, connections, seconds):
    """`connections` requests at once, each on its own new connection; their outcomes."""
    async def run():
        return await asyncio.wait_for(
            asyncio.gather(*(one_request(port) for _ in range(connections))), seconds)
    return asyncio.run(run())


class ConnectionBursts(unittest.TestCase):
    """2,000 requests at once on fresh connections are all answered, by a server at the default
    limit and by one allowed 50 connections: past the limit, connections wait in the backlog."""

    CONNECTIONS = 2000

    @classmethod
    def setUpClass(cls):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        cls.saved_limit = (soft, hard)
        wanted = cls.CONNECTIONS + 200
        if soft < wanted:
            if hard != resource.RLIM_INFINITY and hard < wanted:
                raise unittest.SkipTest(f"the open-file limit {hard} is below {wanted}")
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    @classmethod
    def tearDownClass(cls):
        resource.setrlimit(resource.RLIMIT_NOFILE, cls.saved_limit)

    def check_burst(self, server):
        outcomes = burst(server.port, self.CONNECTIONS, 20)
        failures = [o for o in outcomes if o != "HTTP/1.1 200 OK"]
        self.assertEqual(failures[:5], [])
        self.assertEqual(len(outcomes), self.CONNECTIONS)

    def test_burst_at_the_default_limit(self):
        self.check_burst(SERVER)

    def test_burst_past_a_small_limit(self):
        server = harness.Server(["--max-connections", "50"]).start()
        try:
            self.check_burst(server)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
