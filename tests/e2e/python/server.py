"""Starts the real ddblocal binary for an end-to-end test module and builds boto3 clients for it.

The binary is $DDBLOCAL_BIN, by default build/ddblocal of the checkout this file is in. It is
started with --port 0, so the kernel picks a free port of 127.0.0.1 with no race, and prints
"ddblocal listening on http://127.0.0.1:<port>" on stdout once it accepts connections; that line
gives the port. stop() sends SIGTERM to that process (by PID) and asserts that it exits 0.
"""

import functools
import os
import queue
import re
import signal
import subprocess
import threading
import time
import unittest
import uuid

import boto3
import botocore.config

# This file is tests/e2e/python/server.py: the repository root is three folders up.
REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
DEFAULT_BIN = os.path.join(REPO, "build", "ddblocal")
START_TIMEOUT_SECONDS = 10
STOP_TIMEOUT_SECONDS = 10
REGION = "us-east-1"

# Dummy credentials: the server reads the SigV4 scope but knows no real keys.
os.environ["AWS_ACCESS_KEY_ID"] = "test"
os.environ["AWS_SECRET_ACCESS_KEY"] = "test"
os.environ["AWS_DEFAULT_REGION"] = REGION
os.environ.pop("AWS_SESSION_TOKEN", None)
os.environ.pop("AWS_PROFILE", None)


LISTENING = re.compile(r"ddblocal listening on http://127\.0\.0\.1:(\d+)$")


class Server:
    """One running ddblocal process."""

    def __init__(self, extra_args=()):
        """`extra_args`: more command-line flags for ddblocal (--max-connections 3, ...)."""
        self.extra_args = list(extra_args)
        self.binary = os.environ.get("DDBLOCAL_BIN", DEFAULT_BIN)
        self.port = None
        self.process = None
        self.endpoint = None
        self.stdout_lines = None
        self._stdout_thread = None

    def start(self):
        if not os.access(self.binary, os.X_OK):
            raise RuntimeError(f"ddblocal binary not found or not executable: {self.binary}")
        self.process = subprocess.Popen(
            [self.binary, "--host", "127.0.0.1", "--port", "0", "--log-level", "warn",
             *self.extra_args],
            stdout=subprocess.PIPE,
            stderr=None,  # warnings and errors stay visible in the test output
            stdin=subprocess.DEVNULL,
            text=True,
        )
        expected = "ddblocal listening on http://127.0.0.1:<port>"
        lines = queue.Queue()

        def pump():
            for line in self.process.stdout:
                lines.put(line.rstrip("\n"))
            lines.put(None)

        # The lines after the "listening" one (--log-requests) stay readable: stdout_lines.
        self.stdout_lines = lines
        self._stdout_thread = threading.Thread(target=pump, daemon=True)
        self._stdout_thread.start()
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        seen = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._kill()
                raise RuntimeError(f"ddblocal did not print {expected!r} within "
                                   f"{START_TIMEOUT_SECONDS} s; stdout so far: {seen}")
            try:
                line = lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                code = self.process.wait(timeout=STOP_TIMEOUT_SECONDS)
                self._close_stdout(self.process)
                self.process = None
                raise RuntimeError(f"ddblocal exited with {code} before listening; stdout: {seen}")
            seen.append(line)
            listening = LISTENING.match(line)
            if listening:
                self.port = int(listening.group(1))
                break
        self.endpoint = f"http://127.0.0.1:{self.port}"
        return self

    def stop(self):
        """Sends SIGTERM by PID and returns the exit code; raises if it does not exit 0 in time."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        if process.poll() is not None:
            raise RuntimeError(f"ddblocal had already exited with {process.returncode}")
        os.kill(process.pid, signal.SIGTERM)
        try:
            code = process.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            raise RuntimeError(f"ddblocal did not exit within {STOP_TIMEOUT_SECONDS} s of SIGTERM")
        self._close_stdout(process)
        if code != 0:
            raise RuntimeError(f"ddblocal exited with {code} after SIGTERM, expected 0")
        return code

    def kill(self):
        """Sends SIGKILL by PID (a crash: no flush, no clean shutdown) and waits for the exit."""
        self._kill()

    def _close_stdout(self, process):
        if self._stdout_thread is not None:
            self._stdout_thread.join(timeout=STOP_TIMEOUT_SECONDS)
            self._stdout_thread = None
        if process.stdout is not None:
            process.stdout.close()

    def _kill(self):
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.process is not None:
            self._close_stdout(self.process)
        self.process = None

    def client(self, raw_errors=False):
        """A low-level boto3 DynamoDB client for this server.

        raw_errors=True turns off retries (one attempt in all: botocore's legacy max_attempts counts
        retries, so max_attempts 1 would still retry once) and botocore's client-side parameter
        checks, for tests that must see the server's own first answer to a request that fails.
        """
        config = None
        if raw_errors:
            config = botocore.config.Config(retries={"total_max_attempts": 1},
                                            parameter_validation=False)
        return boto3.client(
            "dynamodb",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id="test",
            aws_secret_access_key="test",
            config=config,
        )

    def streams_client(self):
        """A boto3 DynamoDB Streams client for this server (same endpoint, as DynamoDB Local)."""
        return boto3.client(
            "dynamodbstreams",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id="test",
            aws_secret_access_key="test",
        )

    def resource(self):
        """A boto3 DynamoDB service resource for this server."""
        return boto3.resource(
            "dynamodb",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id="test",
            aws_secret_access_key="test",
        )


class ModuleServer(Server):
    """The one ddblocal every test of a module shares. Declared at module level, started by the
    module's setUpModule; start() registers stop() as a module cleanup, so the server stops after
    the module's last test, and also when the rest of setUpModule fails:

        SERVER = harness.ModuleServer(["--ttl-interval", "1"])
        setUpModule = SERVER.start          # or a setUpModule that calls SERVER.start() first
    """

    def start(self):
        super().start()
        unittest.addModuleCleanup(self.stop)
        return self


def unique_table_name(prefix):
    """A table name no other test uses: prefix, a dash and 12 hex digits."""
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


def create_table(client, name, hash_key=("PK", "S"), range_key=None, **extra):
    """Creates an on-demand table with the given key ((name, type) pairs) and returns its name."""
    key_schema = [{"AttributeName": hash_key[0], "KeyType": "HASH"}]
    definitions = [{"AttributeName": hash_key[0], "AttributeType": hash_key[1]}]
    if range_key is not None:
        key_schema.append({"AttributeName": range_key[0], "KeyType": "RANGE"})
        definitions.append({"AttributeName": range_key[0], "AttributeType": range_key[1]})
    args = {
        "TableName": name,
        "KeySchema": key_schema,
        "AttributeDefinitions": definitions,
        "BillingMode": "PAY_PER_REQUEST",
    }
    args.update(extra)
    client.create_table(**args)
    return name


def assert_error(test, context, code, message):
    """Asserts that the ClientError in `context` is DynamoDB's HTTP 400 `code` with exactly `message`.
    Usable as a method: `assertError = harness.assert_error`."""
    error = context.exception.response["Error"]
    test.assertEqual(error["Code"], code)
    test.assertEqual(error["Message"], message)
    test.assertEqual(context.exception.response["ResponseMetadata"]["HTTPStatusCode"], 400)


def sorted_sets(item):
    """The item with SS, NS and BS members sorted: DynamoDB does not keep a set's order."""
    result = {}
    for name, value in item.items():
        (kind, inner), = value.items()
        if kind in ("SS", "NS", "BS"):
            result[name] = {kind: sorted(inner)}
        elif kind == "M":
            result[name] = {"M": sorted_sets(inner)}
        elif kind == "L":
            result[name] = {"L": [list(sorted_sets({"_": v}).values())[0] for v in inner]}
        else:
            result[name] = value
    return result


class ServerTest(unittest.TestCase):
    """A test on `server` (a subclass names its module's ModuleServer): self.client is a boto3
    client of it, self.raw one that sees the server's first answer (raw_errors), each made for the
    test on first use."""

    server = None
    assertError = assert_error

    @functools.cached_property
    def client(self):
        return self.server.client()

    @functools.cached_property
    def raw(self):
        return self.server.client(raw_errors=True)
