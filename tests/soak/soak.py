#!/usr/bin/env python3
"""Soak test: many keep-alive connections of mixed operations, with malformed requests interleaved.

Starts ddblocal (--binary) on a free loopback port, runs --connections worker threads (default 100)
for --seconds (default 60), each on its own keep-alive HTTP connection, doing puts, gets, conditional
updates, deletes, queries, batch writes and transactions on keys only it writes, mixed with malformed
requests (bad JSON, unknown targets, bad expressions, missing tables, requests cut off mid-body,
bytes that are not HTTP). Every acknowledged write is recorded. Afterwards it checks that:
  - every acknowledged write is present with its last acknowledged value (and every acknowledged
    delete absent), read back with a consistent Scan;
  - every read during the run saw the worker's own last acknowledged write;
  - the server's RSS after warm-up stays flat (the key space is fixed, so the data does not grow);
  - the server exits 0 on SIGTERM.
Prints the operation counts and the RSS at start, after warm-up, in the middle and at the end; exits
1 if a check fails. Run with `make soak` (SOAK_SECONDS=N to change the time).
"""

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter

TARGET = "DynamoDB_20120810."
TABLE = "soak"
KEYS_PER_WORKER = 40
SORT_KEYS = 4  # each worker's keys: partition w<N>-<k // SORT_KEYS>, sort key k % SORT_KEYS
# RSS after warm-up may grow by this much before the soak calls it a leak: allocator caches and
# thread arenas settle during the run, but a leak of even a few hundred bytes a request grows far
# past it (a 60 s run serves over a million requests).
RSS_SLACK_RATIO = 0.25
RSS_SLACK_MB = 24


def headers(operation):
    return {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": TARGET + operation,
        "X-Amz-Date": "20261121T100000Z",
        # Well-formed SigV4 shape; ddblocal checks signatures only with --require-auth.
        "Authorization": "AWS4-HMAC-SHA256 Credential=soak/20261121/us-east-1/dynamodb/"
                         "aws4_request, SignedHeaders=host;x-amz-date, Signature=00",
    }


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--log-level", "warn"],
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline().strip()
        prefix = "ddblocal listening on http://127.0.0.1:"
        if not line.startswith(prefix):
            self.process.kill()
            raise RuntimeError(f"unexpected first line from ddblocal: {line!r}")
        self.port = int(line[len(prefix):])

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def stop(self):
        started = time.monotonic()
        os.kill(self.process.pid, signal.SIGTERM)
        code = self.process.wait(timeout=30)
        return code, time.monotonic() - started


class Connection:
    def __init__(self, port):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, operation, body):
        """Returns (status, decoded body); raises OSError/HTTPException if there is no answer."""
        payload = body if isinstance(body, (bytes, str)) else json.dumps(body)
        try:
            self.conn.request("POST", "/", body=payload, headers=headers(operation))
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise
        if response.will_close:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        return response.status, (json.loads(data) if data else {})


def key_of(worker, k):
    return {"pk": {"S": f"w{worker}-{k // SORT_KEYS}"}, "sk": {"N": str(k % SORT_KEYS)}}


def item_of(worker, k, value):
    item = key_of(worker, k)
    item["v"] = {"N": str(value)}
    item["filler"] = {"S": "x" * (value % 200)}
    return item


class Worker(threading.Thread):
    def __init__(self, index, port, deadline, seed):
        super().__init__(daemon=True)
        self.index = index
        self.port = port
        self.deadline = deadline
        self.random = random.Random(seed)
        # k -> last acknowledged value, or None for an acknowledged delete. Keys never written are
        # absent. `uncertain` holds keys whose last write got no answer: any value seen is accepted.
        self.model = {}
        self.uncertain = set()
        self.counter = 0
        self.ops = Counter()
        self.failures = []

    def next_value(self):
        self.counter += 1
        return self.counter

    def fail(self, what):
        if len(self.failures) < 20:
            self.failures.append(f"worker {self.index}: {what}")

    def run(self):
        conn = Connection(self.port)
        choices = ["put", "get", "update", "delete", "query", "batch", "transact", "malformed"]
        weights = [25, 20, 20, 5, 8, 8, 6, 8]
        while time.monotonic() < self.deadline:
            op = self.random.choices(choices, weights)[0]
            try:
                getattr(self, "do_" + op)(conn)
                self.ops[op] += 1
            except (OSError, http.client.HTTPException) as error:
                self.ops["no_answer"] += 1
                self.fail(f"{op}: no answer: {error!r}")

    # Writes: the key becomes uncertain until the answer arrives.
    def write(self, conn, keys, values, operation, body):
        for k in keys:
            self.uncertain.add(k)
        status, reply = conn.call(operation, body)
        if status != 200:
            self.fail(f"{operation} -> {status} {reply}")
            return status, reply
        if reply.get("UnprocessedItems"):
            return status, reply  # stays uncertain
        for k, value in zip(keys, values):
            self.uncertain.discard(k)
            self.model[k] = value
        return status, reply

    def do_put(self, conn):
        k = self.random.randrange(KEYS_PER_WORKER)
        value = self.next_value()
        self.write(conn, [k], [value], "PutItem",
                   {"TableName": TABLE, "Item": item_of(self.index, k, value)})

    def do_update(self, conn):
        k = self.random.randrange(KEYS_PER_WORKER)
        if k in self.uncertain:
            return self.do_put(conn)
        value = self.next_value()
        old = self.model.get(k)
        body = {"TableName": TABLE, "Key": key_of(self.index, k),
                "UpdateExpression": "SET v = :new, filler = :pad",
                "ExpressionAttributeValues": {":new": {"N": str(value)},
                                              ":pad": {"S": "x" * (value % 200)}},
                "ReturnValues": "UPDATED_OLD"}
        if old is None:
            body["ConditionExpression"] = "attribute_not_exists(v)"
        else:
            body["ConditionExpression"] = "v = :old"
            body["ExpressionAttributeValues"][":old"] = {"N": str(old)}
        self.write(conn, [k], [value], "UpdateItem", body)

    def do_delete(self, conn):
        k = self.random.randrange(KEYS_PER_WORKER)
        self.write(conn, [k], [None], "DeleteItem",
                   {"TableName": TABLE, "Key": key_of(self.index, k)})

    def do_batch(self, conn):
        keys = self.random.sample(range(KEYS_PER_WORKER), 5)
        values = [self.next_value() for _ in keys]
        requests = [{"PutRequest": {"Item": item_of(self.index, k, v)}}
                    for k, v in zip(keys, values)]
        self.write(conn, keys, values, "BatchWriteItem", {"RequestItems": {TABLE: requests}})

    def do_transact(self, conn):
        k1, k2 = self.random.sample(range(KEYS_PER_WORKER), 2)
        if k1 in self.uncertain:
            return self.do_put(conn)
        v1, v2 = self.next_value(), self.next_value()
        old = self.model.get(k1)
        condition = ({"ConditionExpression": "attribute_not_exists(v)"} if old is None else
                     {"ConditionExpression": "v = :old",
                      "ExpressionAttributeValues": {":old": {"N": str(old)}}})
        items = [{"Put": dict({"TableName": TABLE, "Item": item_of(self.index, k1, v1)},
                              **condition)},
                 {"Put": {"TableName": TABLE, "Item": item_of(self.index, k2, v2)}}]
        self.write(conn, [k1, k2], [v1, v2], "TransactWriteItems", {"TransactItems": items})

    # Reads check the model: this worker is the only writer of its keys.
    def do_get(self, conn):
        k = self.random.randrange(KEYS_PER_WORKER)
        status, reply = conn.call("GetItem", {"TableName": TABLE, "Key": key_of(self.index, k),
                                              "ConsistentRead": True})
        if status != 200:
            return self.fail(f"GetItem -> {status} {reply}")
        if k in self.uncertain:
            return
        seen = int(reply["Item"]["v"]["N"]) if "Item" in reply else None
        if seen != self.model.get(k):
            self.fail(f"GetItem {k}: saw {seen}, last acknowledged {self.model.get(k)}")

    def do_query(self, conn):
        group = self.random.randrange(KEYS_PER_WORKER // SORT_KEYS)
        status, reply = conn.call("Query", {
            "TableName": TABLE, "ConsistentRead": True,
            "KeyConditionExpression": "pk = :p AND sk >= :zero",
            "ExpressionAttributeValues": {":p": {"S": f"w{self.index}-{group}"},
                                          ":zero": {"N": "0"}}})
        if status != 200:
            return self.fail(f"Query -> {status} {reply}")
        keys = range(group * SORT_KEYS, (group + 1) * SORT_KEYS)
        if any(k in self.uncertain for k in keys):
            return
        expected = {k % SORT_KEYS: self.model[k] for k in keys if self.model.get(k) is not None}
        seen = {int(i["sk"]["N"]): int(i["v"]["N"]) for i in reply["Items"]}
        if seen != expected:
            self.fail(f"Query group {group}: saw {seen}, expected {expected}")

    # Malformed requests: each must get its error (or a closed connection), never take the server
    # down or disturb the other connections.
    def do_malformed(self, conn):
        kind = self.random.randrange(7)
        if kind == 0:
            status, reply = conn.call("PutItem", b'{"TableName": "soak", "Item": {')
            self.expect(status, reply, "SerializationException")
        elif kind == 1:
            status, reply = conn.call("NoSuchOperation", {})
            self.expect(status, reply, "UnknownOperationException")
        elif kind == 2:
            status, reply = conn.call("UpdateItem", {
                "TableName": TABLE, "Key": key_of(self.index, 0),
                "UpdateExpression": "SET v = = :x", "ExpressionAttributeValues": {":x": {"N": "1"}}})
            self.expect(status, reply, "ValidationException")
        elif kind == 3:
            status, reply = conn.call("GetItem", {"TableName": "no-such-table",
                                                  "Key": key_of(self.index, 0)})
            self.expect(status, reply, "ResourceNotFoundException")
        elif kind == 4:
            status, reply = conn.call("PutItem", {"TableName": TABLE, "Item": {
                "pk": {"S": "x"}, "sk": {"N": "not-a-number"}}})
            self.expect(status, reply, "ValidationException")
        elif kind == 5:
            self.raw(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"Table")
        else:
            self.raw(b"\x16\x03\x01\x02\x00garbage that is not HTTP\r\n\r\n")

    def expect(self, status, reply, error):
        if status != 400 or not reply.get("__type", "").endswith("#" + error):
            self.fail(f"malformed request: expected {error}, got {status} {reply}")

    def raw(self, data):
        """Sends bytes on a fresh connection and hangs up without waiting long for an answer."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.sendall(data)
            sock.settimeout(0.05)
            try:
                sock.recv(4096)
            except (socket.timeout, ConnectionResetError):
                pass


def scan_all(port):
    conn = Connection(port)
    items, start = {}, None
    while True:
        body = {"TableName": TABLE, "ConsistentRead": True}
        if start:
            body["ExclusiveStartKey"] = start
        status, reply = conn.call("Scan", body)
        if status != 200:
            raise RuntimeError(f"Scan -> {status} {reply}")
        for item in reply["Items"]:
            items[(item["pk"]["S"], int(item["sk"]["N"]))] = int(item["v"]["N"])
        start = reply.get("LastEvaluatedKey")
        if not start:
            return items


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="build/ddblocal")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--connections", type=int, default=100)
    args = parser.parse_args()

    server = Server(args.binary)
    failures = []
    try:
        rss = {"start": server.rss_mb()}
        status, reply = Connection(server.port).call("CreateTable", {
            "TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                     {"AttributeName": "sk", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "sk", "KeyType": "RANGE"}]})
        if status != 200:
            raise RuntimeError(f"CreateTable -> {status} {reply}")

        started = time.monotonic()
        deadline = started + args.seconds
        workers = [Worker(i, server.port, deadline, seed=i) for i in range(args.connections)]
        for worker in workers:
            worker.start()
        # RSS after warm-up (every key written a few times), in the middle and at the end.
        for name, fraction in (("warm", 0.2), ("middle", 0.6), ("end", 0.98)):
            time.sleep(max(0.0, started + args.seconds * fraction - time.monotonic()))
            rss[name] = server.rss_mb()
        for worker in workers:
            worker.join(timeout=args.seconds + 60)
            if worker.is_alive():
                failures.append(f"worker {worker.index} did not finish")
        elapsed = time.monotonic() - started

        ops = Counter()
        for worker in workers:
            ops.update(worker.ops)
            failures.extend(worker.failures)

        stored = scan_all(server.port)
        expected, uncertain = {}, set()
        for worker in workers:
            for k in range(KEYS_PER_WORKER):
                key = (f"w{worker.index}-{k // SORT_KEYS}", k % SORT_KEYS)
                if k in worker.uncertain:
                    uncertain.add(key)
                elif worker.model.get(k) is not None:
                    expected[key] = worker.model[k]
        acknowledged = sum(1 for _ in expected)
        lost = [(k, v, stored.get(k)) for k, v in expected.items() if stored.get(k) != v]
        extra = [k for k in stored if k not in expected and k not in uncertain]
        if lost:
            failures.append(f"{len(lost)} acknowledged writes missing or stale, e.g. {lost[:5]}")
        if extra:
            failures.append(f"{len(extra)} items present whose last acknowledged write deleted "
                            f"them, e.g. {extra[:5]}")
        limit = rss["warm"] * (1 + RSS_SLACK_RATIO) + RSS_SLACK_MB
        if rss["end"] > limit:
            failures.append(f"RSS grew from {rss['warm']:.1f} MB after warm-up to "
                            f"{rss['end']:.1f} MB (limit {limit:.1f} MB)")
    finally:
        code, stop_seconds = server.stop()
    if code != 0:
        failures.append(f"ddblocal exited {code} after SIGTERM")

    total = sum(v for k, v in ops.items() if k != "no_answer")
    print(f"soak: {args.connections} connections, {elapsed:.1f} s, {total} requests "
          f"({total / elapsed:.0f}/s): " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())))
    print(f"soak: {acknowledged} keys with an acknowledged last value checked, {len(stored)} items "
          f"stored, {len(uncertain)} keys whose last write got no answer")
    print("soak: RSS MB " + ", ".join(f"{k} {v:.1f}" for k, v in rss.items()))
    print(f"soak: SIGTERM -> exit {code} in {stop_seconds:.2f} s")
    for failure in failures[:40]:
        print("FAIL:", failure)
    print(f"soak: {'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
