#!/usr/bin/env python3
"""Times ExportTableToPointInTime and ImportTable at 100,000 items, with --s3-dir on a temporary
directory.

Starts build/ddblocal (or --ddblocal) on a free 127.0.0.1 port with --s3-dir, creates one table (pk
string key, one GSI on "g" projecting ALL) and loads --items items of about --item-bytes bytes each
over BatchWriteItem (admin_bench.py's loader). Then, --runs times:
- export: ExportTableToPointInTime, timed from the request until DescribeExport (polled every
          10 ms) says COMPLETED; the table's size (BilledSizeBytes) over that time is the export's
          MB/s, and the gzipped data files' size is reported beside it;
- import: ImportTable of that export's data files (GZIP) into a new table with the same key and
          GSI, timed until DescribeImport says COMPLETED; MB/s counts the same table bytes.
Each figure is the median, min and max over the runs. The server's resident memory is sampled
while the export runs: its peak over the memory before the export shows that the export streams
the table to disk instead of holding a second copy of it.
`make bench-export` runs it; it is not part of `make test`.
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from admin_bench import TABLE, Connection, load
from bench import free_port

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
POLL_SECONDS = 0.01


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def start_server(binary, port, s3_dir):
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port),
                                "--log-level", "warn", "--s3-dir", s3_dir],
                               stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            Connection(port).dynamodb("ListTables", {})
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("ddblocal did not start listening")


def wait(conn, operation, arn_member, arn, status_path, pid, peak):
    while True:
        answer = conn.dynamodb(operation, {arn_member: arn})
        description = answer[status_path[0]]
        if description[status_path[1]] != "IN_PROGRESS":
            return description
        peak[0] = max(peak[0], rss_bytes(pid))
        time.sleep(POLL_SECONDS)


def summary(name, seconds, items, table_bytes):
    median = statistics.median(seconds)
    return (f"{name:<8} median {median * 1000:8.1f} ms (min {min(seconds) * 1000:.1f}, max "
            f"{max(seconds) * 1000:.1f}): {items / median:,.0f} items/s, "
            f"{table_bytes / median / 1e6:.1f} MB/s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ddblocal", default=os.path.join(REPO, "build", "ddblocal"))
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--item-bytes", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="ddblocal-export-bench-") as s3_dir:
        os.makedirs(os.path.join(s3_dir, "bench"))
        process = start_server(options.ddblocal, port, s3_dir)
        try:
            conn = Connection(port)
            definition = {
                "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                         {"AttributeName": "g", "AttributeType": "S"}],
                "GlobalSecondaryIndexes": [{
                    "IndexName": "by-g", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"}}]}
            conn.dynamodb("CreateTable", dict(definition, TableName=TABLE))
            load(port, options.items, options.item_bytes)
            table = conn.dynamodb("DescribeTable", {"TableName": TABLE})["Table"]
            if table["ItemCount"] != options.items:
                raise RuntimeError(f"loaded {table['ItemCount']} items, not {options.items}")
            conn.dynamodb("UpdateContinuousBackups", {
                "TableName": TABLE,
                "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True}})
            table_bytes = table["TableSizeBytes"]
            print(f"ddblocal in memory: {options.items} items of "
                  f"{table_bytes // options.items} bytes (DynamoDB's item size), "
                  f"{table_bytes / 1e6:.1f} MB, one GSI (ALL)")

            pid = process.pid
            exports, imports, growth = [], [], []
            gzipped = 0
            for run in range(options.runs):
                before = rss_bytes(pid)
                peak = [before]
                start = time.perf_counter()
                arn = conn.dynamodb("ExportTableToPointInTime", {
                    "TableArn": table["TableArn"], "S3Bucket": "bench",
                    "S3Prefix": f"run{run}"})["ExportDescription"]["ExportArn"]
                done = wait(conn, "DescribeExport", "ExportArn", arn,
                            ("ExportDescription", "ExportStatus"), pid, peak)
                exports.append(time.perf_counter() - start)
                growth.append(peak[0] - before)
                if done["ExportStatus"] != "COMPLETED" or done["ItemCount"] != options.items:
                    raise RuntimeError(f"export ended {done}")
                data = os.path.join(s3_dir, "bench", f"run{run}", "AWSDynamoDB",
                                    arn.rsplit("/", 1)[1], "data")
                gzipped = sum(os.path.getsize(os.path.join(data, f)) for f in os.listdir(data))

                start = time.perf_counter()
                arn = conn.dynamodb("ImportTable", {
                    "S3BucketSource": {"S3Bucket": "bench", "S3KeyPrefix":
                                       os.path.relpath(data, os.path.join(s3_dir, "bench")) + "/"},
                    "InputFormat": "DYNAMODB_JSON", "InputCompressionType": "GZIP",
                    "TableCreationParameters": dict(definition, TableName=f"imported-{run}")
                })["ImportTableDescription"]["ImportArn"]
                done = wait(conn, "DescribeImport", "ImportArn", arn,
                            ("ImportTableDescription", "ImportStatus"), pid, [0])
                imports.append(time.perf_counter() - start)
                if done["ImportStatus"] != "COMPLETED" or done["ImportedItemCount"] != options.items:
                    raise RuntimeError(f"import ended {done}")
                conn.dynamodb("DeleteTable", {"TableName": f"imported-{run}"})
            print(summary("export", exports, options.items, table_bytes))
            print(summary("import", imports, options.items, table_bytes))
            print(f"gzipped data files: {gzipped / 1e6:.1f} MB; server memory during an export: "
                  f"+{max(growth) / 1e6:.1f} MB at most over its "
                  f"{rss_bytes(pid) / 1e6:.0f} MB")
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
