#!/usr/bin/env python3
"""Times the admin API's reset, snapshot save and snapshot restore at 100,000 items.

Starts build/ddblocal (or --ddblocal) on a free 127.0.0.1 port, creates one table (pk string key,
one GSI on the string attribute "g" projecting ALL) and loads --items items of about --item-bytes
bytes each (pk, g, n and a filler string "d") over BatchWriteItem, 25 a request on 4 connections.
Then, each --runs times:
- save:    PUT /ddblocal/snapshots/base (the whole state);
- restore: POST /ddblocal/snapshots/base/restore over the loaded table (so it drops 100,000 items
           and brings 100,000 back, with their GSI entries);
- reset:   POST /ddblocal/reset of the loaded server (restored again before each run).
Each figure is the time the client sees for the one HTTP call (its median, min and max over the
runs), and beside it the CPU time the server process spent meanwhile (all its threads, from
/proc: on a shared machine it shows what the call costs when the wall time waits for a core).
A snapshot shares the tables' items until a write copies the shard it lands in (1/16th of a
table), so the run also times the first 64 PutItems after a restore (they touch every shard)
against 64 PutItems on a table that shares nothing. With --data-dir the server runs durable (--data-dir in a fresh temporary directory,
--sync always), where a reset and a restore are each one synced log record.
`make bench-admin` runs it; it is not part of `make test`.
"""

import argparse
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

# bench/bench.py, beside this file: the benchmark's (unchecked) SigV4 headers, a free port.
from bench import HEADERS, free_port

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
TABLE = "admin-bench"


class Connection:
    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def dynamodb(self, operation, body):
        headers = dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + operation})
        self.conn.request("POST", "/", json.dumps(body), headers)
        response = self.conn.getresponse()
        data = json.loads(response.read() or b"{}")
        if response.status != 200:
            raise RuntimeError(f"{operation}: {response.status} {data}")
        return data

    def admin(self, method, path, body=None):
        """One admin call; returns (seconds the client waited, parsed answer)."""
        start = time.perf_counter()
        self.conn.request(method, "/ddblocal/" + path,
                          None if body is None else json.dumps(body))
        response = self.conn.getresponse()
        data = json.loads(response.read())
        elapsed = time.perf_counter() - start
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {data}")
        return elapsed, data


def start_server(binary, port, data_dir):
    args = [binary, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warn"]
    if data_dir:
        args += ["--data-dir", data_dir, "--sync", "always"]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("ddblocal did not start listening")


def load(port, items, item_bytes, connections=4):
    filler = "x" * max(0, item_bytes - 40)

    def writer(first):
        conn = Connection(port)
        batch = []
        for i in range(first, items, connections):
            batch.append({"PutRequest": {"Item": {
                "pk": {"S": f"item-{i:08d}"}, "g": {"S": f"group-{i % 1000:04d}"},
                "n": {"N": str(i)}, "d": {"S": filler}}}})
            if len(batch) == 25 or i + connections >= items:
                pending = {TABLE: batch}
                while pending:
                    pending = conn.dynamodb("BatchWriteItem",
                                            {"RequestItems": pending})["UnprocessedItems"]
                batch = []

    threads = [threading.Thread(target=writer, args=(c,)) for c in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def add_common_arguments(parser):
    """The flags every benchmark of a loaded table takes (this one's and backup_bench.py's)."""
    parser.add_argument("--ddblocal", default=os.path.join(REPO, "build", "ddblocal"))
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--item-bytes", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data-dir", action="store_true",
                        help="run the server durable, in a fresh temporary data directory")


def create_and_load(conn, port, options):
    """Creates the bench's table (one GSI, ALL) and loads options.items items of about
    options.item_bytes bytes; prints what was loaded. Returns the table's description."""
    conn.dynamodb("CreateTable", {
        "TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "by-g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}]})
    start = time.perf_counter()
    load(port, options.items, options.item_bytes)
    loaded = time.perf_counter() - start
    table = conn.dynamodb("DescribeTable", {"TableName": TABLE})["Table"]
    if table["ItemCount"] != options.items:
        raise RuntimeError(f"loaded {table['ItemCount']} items, not {options.items}")
    print(f"ddblocal {'durable (--data-dir, --sync always)' if options.data_dir else 'in memory'}: "
          f"{options.items} items of {table['TableSizeBytes'] // options.items} bytes "
          f"(DynamoDB's item size) in one table with one GSI (ALL), loaded in "
          f"{loaded:.1f} s")
    return table


@contextlib.contextmanager
def loaded_server(options, prefix):
    """Starts options.ddblocal on a free port (durable, with options.data_dir, in a fresh temporary
    directory whose name starts with `prefix`), creates and loads the bench's table, and yields
    (the server's process, a Connection, the table's description); stops the server on exit."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix=prefix) as directory:
        process = start_server(options.ddblocal, port,
                               os.path.join(directory, "data") if options.data_dir else None)
        try:
            conn = Connection(port)
            yield process, conn, create_and_load(conn, port, options)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


def cpu_seconds(pid):
    """User + system CPU time of process `pid` so far, all threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(pid, action):
    """Runs action(); returns (wall seconds, server CPU seconds)."""
    cpu = cpu_seconds(pid)
    start = time.perf_counter()
    action()
    return time.perf_counter() - start, cpu_seconds(pid) - cpu


def summary(name, runs):
    ms = [wall * 1000 for wall, _ in runs]
    cpu = [cpu * 1000 for _, cpu in runs]
    return (f"{name:22} median {statistics.median(ms):8.1f} ms   min {min(ms):8.1f}   "
            f"max {max(ms):8.1f}   server CPU median {statistics.median(cpu):6.0f} ms   "
            f"({len(ms)} runs)")


def put_64(conn, run, table=TABLE):
    for i in range(64):
        conn.dynamodb("PutItem", {"TableName": table, "Item": {
            "pk": {"S": f"write-{run}-{i}"}, "g": {"S": "group-0000"}, "n": {"N": "0"}}})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    options = parser.parse_args()

    with loaded_server(options, "ddblocal-admin-bench-") as (process, conn, _):
        pid = process.pid
        # 64 writes to the loaded table before any snapshot shares it: the baseline.
        unshared = [timed(pid, lambda: put_64(conn, f"u{run}")) for run in range(options.runs)]
        saves, restores, writes, resets = [], [], [], []
        for _ in range(options.runs):
            saves.append(timed(pid, lambda: conn.admin("PUT", "snapshots/base")))
        saved_items = options.items + 64 * options.runs
        for run in range(options.runs):
            restores.append(timed(pid, lambda: conn.admin("POST", "snapshots/base/restore")))
            table = conn.dynamodb("DescribeTable", {"TableName": TABLE})["Table"]
            if table["ItemCount"] != saved_items:
                raise RuntimeError(f"restored {table['ItemCount']} items, not {saved_items}")
            writes.append(timed(pid, lambda: put_64(conn, run)))
        for _ in range(options.runs):
            conn.admin("POST", "snapshots/base/restore")
            answer = {}
            resets.append(timed(pid, lambda: answer.update(conn.admin("POST", "reset")[1])))
            if answer["tablesDeleted"] != 1:
                raise RuntimeError(f"reset answered {answer}")
        print(summary("save", saves))
        print(summary("restore", restores))
        print(summary("reset", resets))
        print(summary("64 puts, unshared", unshared))
        print(summary("64 puts after restore", writes))


if __name__ == "__main__":
    sys.exit(main())
