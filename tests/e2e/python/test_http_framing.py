"""How the real ddblocal binary frames HTTP/1.1 requests on one connection, over raw sockets:
pipelined requests, requests that arrive a byte at a time or in pieces, Expect: 100-continue,
bytes that are not HTTP, and an idle timeout shorter than the read timeout."""

import json
import socket
import time
import unittest

from . import server as harness
from .test_limits import closed_within, list_tables_request


SERVER = harness.ModuleServer(["--idle-timeout", "1", "--read-timeout", "30"])
setUpModule = SERVER.start


def connect():
    return socket.create_connection(("127.0.0.1", SERVER.port), timeout=10)


class Responses:
    """Reads Content-Length framed responses one after another from one socket."""

    def __init__(self, sock):
        self.sock = sock
        self.data = b""

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed; unread bytes {self.data!r}")
        self.data += chunk

    def next(self):
        while b"\r\n\r\n" not in self.data:
            self._fill()
        head, _, self.data = self.data.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
        length = int(headers.get("content-length", "0"))
        while len(self.data) < length:
            self._fill()
        body, self.data = self.data[:length], self.data[length:]
        return lines[0], headers, body


def list_tables(body):
    body = body.encode() if isinstance(body, str) else body
    return list_tables_request(body) + body


class HttpFraming(unittest.TestCase):
    def test_pipelined_requests_are_answered_in_order(self):
        """Three requests sent in one write get three answers, in the order they were sent."""
        sock = connect()
        try:
            sock.sendall(list_tables('{"Limit": 1}') + list_tables('{"Limit": 0}') +
                         list_tables('{}'))
            responses = Responses(sock)
            first, second, third = responses.next(), responses.next(), responses.next()
            self.assertEqual(first[0], "HTTP/1.1 200 OK")
            self.assertIn("TableNames", json.loads(first[2]))
            # Limit 0 is below ListTables' minimum of 1: the second answer is that error.
            self.assertEqual(second[0], "HTTP/1.1 400 Bad Request")
            self.assertIn("ValidationException", json.loads(second[2])["__type"])
            self.assertEqual(third[0], "HTTP/1.1 200 OK")
        finally:
            sock.close()

    def test_request_sent_a_byte_at_a_time_is_answered(self):
        sock = connect()
        try:
            for byte in list_tables("{}"):
                sock.sendall(bytes([byte]))
            status, _, body = Responses(sock).next()
            self.assertEqual(status, "HTTP/1.1 200 OK")
            self.assertIn("TableNames", json.loads(body))
        finally:
            sock.close()

    def test_large_body_in_pieces_is_read_whole(self):
        """A 300 KB body (JSON padded with spaces) sent in 7 KB pieces is read to its end."""
        body = ('{"Limit": 5' + " " * 300_000 + "}").encode()
        request = list_tables(body)
        sock = connect()
        try:
            for start in range(0, len(request), 7000):
                sock.sendall(request[start:start + 7000])
                time.sleep(0.001)
            status, _, answer = Responses(sock).next()
            self.assertEqual(status, "HTTP/1.1 200 OK")
            self.assertIn("TableNames", json.loads(answer))
        finally:
            sock.close()

    def test_expect_100_continue_gets_continue_before_the_body(self):
        body = b"{}"
        head = list_tables_request(body, extra=b"Expect: 100-continue\r\n")
        sock = connect()
        try:
            sock.sendall(head)
            responses = Responses(sock)
            status, _, _ = responses.next()
            self.assertEqual(status, "HTTP/1.1 100 Continue")
            sock.sendall(body)
            status, _, answer = responses.next()
            self.assertEqual(status, "HTTP/1.1 200 OK")
            self.assertIn("TableNames", json.loads(answer))
        finally:
            sock.close()

    def test_bytes_that_are_not_http_get_400_and_a_close(self):
        sock = connect()
        try:
            sock.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n")
            status, headers, _ = Responses(sock).next()
            self.assertEqual(status, "HTTP/1.1 400 Bad Request")
            self.assertEqual(headers["connection"], "close")
            self.assertTrue(closed_within(sock, 5))
        finally:
            sock.close()

    def test_idle_timeout_shorter_than_the_read_timeout_is_kept(self):
        """With --idle-timeout 1 and --read-timeout 30, a connection answered once and then
        silent is closed after about a second, not after the read timeout."""
        sock = connect()
        try:
            sock.sendall(list_tables("{}"))
            self.assertEqual(Responses(sock).next()[0], "HTTP/1.1 200 OK")
            started = time.monotonic()
            self.assertTrue(closed_within(sock, 5))
            self.assertGreater(time.monotonic() - started, 0.7)
        finally:
            sock.close()


if __name__ == "__main__":
    unittest.main()
