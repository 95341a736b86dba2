#!/usr/bin/env python3
"""Measures durable mode: PutItem throughput in memory vs --sync always vs --sync periodic, and the
time to reopen a data directory of N items of ~1 KB.

  python3 bench/durable.py --bin build/ddblocal throughput [--seconds 5] [--threads 8]
  python3 bench/durable.py --bin build/ddblocal reopen [--items 1000000]

Requests go over raw keep-alive HTTP (http.client) with a fixed, well-formed SigV4 header, so
the client costs as little as Python allows; the figures are a floor for the server.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

AUTH = ("AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host;x-amz-date, Signature=" + "0" * 64)


def start(binary, args):
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--log-level",
                                "info"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    started = time.monotonic()
    line = process.stdout.readline()
    listening = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not listening:
        raise RuntimeError(f"no listening line: {line!r} {process.stderr.read()}")
    return process, int(listening.group(1)), time.monotonic() - started


def stop(process):
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    return err


def call(connection, op, body):
    connection.request("POST", "/", body=json.dumps(body), headers={
        "X-Amz-Target": "DynamoDB_20120810." + op, "Content-Type": "application/x-amz-json-1.0",
        "Authorization": AUTH, "X-Amz-Date": "20260101T000000Z"})
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        raise RuntimeError(f"{op}: {response.status} {data[:200]}")
    return data


def create_table(port):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    call(connection, "CreateTable", {
        "TableName": "bench", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]})


def throughput(binary, args, seconds, threads):
    process, port, _ = start(binary, args)
    try:
        create_table(port)
        counts = [0] * threads
        deadline = time.monotonic() + seconds

        def worker(index):
            connection = http.client.HTTPConnection("127.0.0.1", port)
            n = 0
            while time.monotonic() < deadline:
                call(connection, "PutItem", {"TableName": "bench", "Item": {
                    "pk": {"S": f"t{index}-{n % 10000}"}, "v": {"S": "x" * 200}}})
                n += 1
            counts[index] = n

        workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        return sum(counts) / seconds
    finally:
        stop(process)


def reopen(binary, items):
    data_dir = tempfile.mkdtemp(prefix="ddblocal-bench-")
    try:
        process, port, _ = start(binary, ["--data-dir", data_dir, "--sync", "periodic"])
        create_table(port)
        value = "x" * 990
        loaded = [0]

        def loader(first, last):
            connection = http.client.HTTPConnection("127.0.0.1", port)
            for start_index in range(first, last, 25):
                call(connection, "BatchWriteItem", {"RequestItems": {"bench": [
                    {"PutRequest": {"Item": {"pk": {"S": f"item-{i:09d}"}, "v": {"S": value}}}}
                    for i in range(start_index, min(start_index + 25, last))]}})
            loaded[0] += last - first

        started = time.monotonic()
        threads = 8
        step = (items + threads - 1) // threads
        workers = [threading.Thread(target=loader, args=(i * step, min(items, (i + 1) * step)))
                   for i in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        print(f"loaded {items} items of ~1 KB in {time.monotonic() - started:.1f} s")
        stop(process)
        size = os.path.getsize(os.path.join(data_dir, "ddblocal.log"))
        print(f"log: {size / 1e6:.0f} MB")
        process, port, elapsed = start(binary, ["--data-dir", data_dir])
        err = stop(process)
        recovery = [line for line in err.splitlines() if "data directory" in line]
        print(f"reopen: listening after {elapsed:.2f} s; {recovery[0] if recovery else err}")
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="build/ddblocal")
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("throughput")
    t.add_argument("--seconds", type=float, default=5)
    t.add_argument("--threads", type=int, default=8)
    r = sub.add_parser("reopen")
    r.add_argument("--items", type=int, default=1_000_000)
    options = parser.parse_args()
    if options.what == "throughput":
        for name, args in [("in memory", []), ("--sync always", ["--sync", "always"]),
                           ("--sync periodic", ["--sync", "periodic"])]:
            data_dir = tempfile.mkdtemp(prefix="ddblocal-bench-")
            try:
                if args:
                    args = ["--data-dir", data_dir] + args
                rate = throughput(options.bin, args, options.seconds, options.threads)
                print(f"{name:16} {rate:8.0f} PutItem/s ({options.threads} client threads)")
            finally:
                shutil.rmtree(data_dir, ignore_errors=True)
    else:
        reopen(options.bin, options.items)


if __name__ == "__main__":
    main()
