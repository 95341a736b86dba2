"""Bounded resources and graceful shutdown of the real ddblocal binary, spoken over raw sockets:
--max-connections (connections past it wait), --idle-timeout, --read-timeout, the header limit, and what SIGTERM (and a second
signal) does to idle and in-flight connections."""

import json
import os
import signal
import socket
import time
import unittest

from . import server as harness

BODY = json.dumps({}).encode()
AUTH = (b"Authorization: AWS4-HMAC-SHA256 Credential=test/20261121/us-east-1/dynamodb/"
        b"aws4_request, SignedHeaders=host;x-amz-date, Signature=00\r\n"
        b"X-Amz-Date: 20261121T100000Z\r\n")


def list_tables_request(body=BODY, extra=b""):
    """The bytes of a keep-alive ListTables request with a well-formed SigV4 header."""
    return (b"POST / HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/x-amz-json-1.0\r\n"
            b"X-Amz-Target: DynamoDB_20120810.ListTables\r\n" + AUTH + extra +
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")


def read_response(sock):
    """Reads one HTTP response (Content-Length framed); returns (status line, headers, body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a response; got {data!r}")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed mid-body")
        rest += chunk
    return lines[0], headers, rest[:length]


def closed_within(sock, seconds):
    """Whether the peer closes `sock` (EOF or reset) within `seconds`, reading and dropping data."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if not sock.recv(65536):
                return True
        except socket.timeout:
            return False
        except ConnectionResetError:
            return True
    return False


def connect(server):
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def keep_alive_connection(server):
    """A connection that has been answered once and now sits idle between requests."""
    sock = connect(server)
    sock.sendall(list_tables_request() + BODY)
    status, _, _ = read_response(sock)
    assert status == "HTTP/1.1 200 OK", status
    return sock


class ConnectionLimits(unittest.TestCase):
    def setUp(self):
        self.server = harness.Server(["--max-connections", "3", "--idle-timeout", "2",
                                      "--read-timeout", "1"]).start()

    def tearDown(self):
        self.server.stop()

    def test_connections_beyond_the_maximum_wait_for_a_slot(self):
        """With --max-connections 3, a fourth connection is not read while the three are open
        (it waits in the listen backlog), the three keep working, and the fourth is answered
        once one of them closes."""
        held = [keep_alive_connection(self.server) for _ in range(3)]
        extra = connect(self.server)
        extra.sendall(list_tables_request() + BODY)
        extra.settimeout(0.5)
        with self.assertRaises(socket.timeout):
            extra.recv(1)
        extra.settimeout(10)
        for sock in held:
            sock.sendall(list_tables_request() + BODY)
            self.assertEqual(read_response(sock)[0], "HTTP/1.1 200 OK")
        held.pop().close()
        self.assertEqual(read_response(extra)[0], "HTTP/1.1 200 OK")
        extra.close()
        for sock in held:
            sock.close()

    def test_idle_connection_is_closed_after_the_idle_timeout(self):
        """A kept-alive connection that sends nothing is closed after --idle-timeout (2 s)."""
        sock = keep_alive_connection(self.server)
        started = time.monotonic()
        self.assertTrue(closed_within(sock, 6))
        self.assertGreater(time.monotonic() - started, 1.5)
        sock.close()

    def test_trickling_client_is_dropped_after_the_read_timeout(self):
        """A client that sends its request a byte every 200 ms is dropped once --read-timeout (1 s)
        has passed since the request's first byte, and the server keeps answering others."""
        sock = connect(self.server)
        request = list_tables_request() + BODY
        started = time.monotonic()
        closed = False
        for byte in request:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if closed_within(sock, 0.2):
                closed = True
                break
        self.assertTrue(closed, "the trickling connection was never closed")
        self.assertLess(time.monotonic() - started, 3)
        sock.close()
        other = keep_alive_connection(self.server)
        other.close()

    def test_headers_over_16_kib_are_refused(self):
        """A request whose header fields pass 16 KiB gets 400 and the connection closes."""
        sock = connect(self.server)
        padding = b"X-Padding: " + b"a" * (17 * 1024) + b"\r\n"
        sock.sendall(list_tables_request(extra=padding) + BODY)
        status, _, _ = read_response(sock)
        self.assertEqual(status, "HTTP/1.1 400 Bad Request")
        self.assertTrue(closed_within(sock, 2))
        sock.close()


class GracefulShutdown(unittest.TestCase):
    def setUp(self):
        self.server = harness.Server().start()
        self.process = self.server.process

    def tearDown(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.server.process = None
        self.server._close_stdout(self.process)

    def half_sent_request(self):
        """A connection whose request has its headers and half its body sent: in flight."""
        sock = connect(self.server)
        body = json.dumps({"Limit": 10}).encode()
        sock.sendall(list_tables_request(body) + body[:5])
        time.sleep(0.2)  # the server has read the headers
        return sock, body[5:]

    def test_sigterm_finishes_in_flight_requests_and_closes_idle_connections(self):
        """On SIGTERM the server closes idle keep-alive connections at once, answers a request
        still arriving (with Connection: close), and exits 0 within 5 s."""
        idle = [keep_alive_connection(self.server) for _ in range(5)]
        in_flight, rest = self.half_sent_request()
        started = time.monotonic()
        os.kill(self.process.pid, signal.SIGTERM)
        for sock in idle:
            self.assertTrue(closed_within(sock, 1), "an idle connection stayed open")
            sock.close()
        self.assertIsNone(self.process.poll(), "exited before the in-flight request finished")
        in_flight.sendall(rest)
        status, headers, body = read_response(in_flight)
        self.assertEqual(status, "HTTP/1.1 200 OK")
        self.assertEqual(json.loads(body), {"TableNames": []})
        self.assertEqual(headers.get("connection", "").lower(), "close")
        self.assertEqual(self.process.wait(timeout=5), 0)
        self.assertLess(time.monotonic() - started, 5)
        in_flight.close()

    def test_shutdown_closes_requests_that_do_not_finish_after_5_seconds(self):
        """A request that never finishes arriving is cut off 5 s after SIGTERM; the server exits 0."""
        in_flight, _ = self.half_sent_request()
        started = time.monotonic()
        os.kill(self.process.pid, signal.SIGTERM)
        self.assertEqual(self.process.wait(timeout=10), 0)
        elapsed = time.monotonic() - started
        self.assertGreater(elapsed, 4.5)
        self.assertLess(elapsed, 7)
        in_flight.close()

    def test_second_signal_exits_at_once(self):
        """A second SIGTERM while a request is still in flight ends the process at once."""
        in_flight, _ = self.half_sent_request()
        os.kill(self.process.pid, signal.SIGTERM)
        time.sleep(0.3)
        started = time.monotonic()
        os.kill(self.process.pid, signal.SIGTERM)
        self.assertEqual(self.process.wait(timeout=2), -signal.SIGTERM)
        self.assertLess(time.monotonic() - started, 1)
        in_flight.close()


if __name__ == "__main__":
    unittest.main()
