#!/usr/bin/env python3
"""Times CreateBackup, RestoreTableFromBackup and RestoreTableToPointInTime at 100,000 items, and
measures what point-in-time recovery's history costs per write.

Starts build/ddblocal (or --ddblocal) on a free 127.0.0.1 port, creates one table (pk string key,
one GSI on "g" projecting ALL) and loads --items items of about --item-bytes bytes each, as
bench/admin_bench.py does. Then, each --runs times:
- backup:  CreateBackup of the loaded table;
- restore: RestoreTableFromBackup of the first backup into a new table (deleted again after the
           run), and 64 PutItems on the restored table, which share the backup's items until each
           write copies the shard it lands in;
Then point-in-time recovery: --pitr-writes PutItems (overwrites of loaded items) with PITR off,
then the same with PITR on, each timed, with the server's resident memory before and after the PITR
run (VmRSS, /proc): the growth per write is the history's cost. Then RestoreTableToPointInTime to
the moment before those writes (the copy, then the undo of every write), --runs times.
Each figure is the time the client sees for the one call (median, min and max) with the server's
CPU time meanwhile. With --data-dir the server runs durable (--sync always), where a backup and a
restored table are each one synced log record holding their items.
`make bench-backup` runs it; `make bench` runs it after the throughput benchmark.
"""

import argparse
import sys

# bench/admin_bench.py, beside this file.
from admin_bench import (TABLE, add_common_arguments, loaded_server, put_64, summary,
                         timed)


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def overwrite(conn, count, tag):
    for i in range(count):
        conn.dynamodb("PutItem", {"TableName": TABLE, "Item": {
            "pk": {"S": f"item-{i * 7 % 100_000:08d}"}, "g": {"S": "group-0000"},
            "n": {"N": str(i)}, "d": {"S": tag * 160}}})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument("--pitr-writes", type=int, default=20_000)
    options = parser.parse_args()

    with loaded_server(options, "ddblocal-backup-bench-") as (process, conn, table):
        pid = process.pid
        backups, restores, writes = [], [], []
        arns = []
        for _ in range(options.runs):
            answer = {}
            backups.append(timed(pid, lambda: answer.update(conn.dynamodb(
                "CreateBackup", {"TableName": TABLE, "BackupName": "bench"}))))
            arns.append(answer["BackupDetails"]["BackupArn"])
        for run in range(options.runs):
            target = f"restored-{run}"
            restores.append(timed(pid, lambda: conn.dynamodb("RestoreTableFromBackup", {
                "TargetTableName": target, "BackupArn": arns[0]})))
            restored = conn.dynamodb("DescribeTable", {"TableName": target})["Table"]
            if restored["ItemCount"] != options.items:
                raise RuntimeError(f"restored {restored['ItemCount']} items")
            writes.append(timed(pid, lambda: put_64(conn, run, target)))
            conn.dynamodb("DeleteTable", {"TableName": target})
        print(summary("CreateBackup", backups))
        print(summary("RestoreTableFromBackup", restores))
        print(summary("64 puts after restore", writes))

        count = options.pitr_writes
        off = timed(pid, lambda: overwrite(conn, count, "a"))
        conn.dynamodb("UpdateContinuousBackups", {
            "TableName": TABLE,
            "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True}})
        conn.admin("POST", "clock", {"advanceSeconds": 10})
        before = conn.admin("GET", "clock")[1]["epochSeconds"]
        conn.admin("POST", "clock", {"advanceSeconds": 10})
        rss_before = rss_bytes(pid)
        on = timed(pid, lambda: overwrite(conn, count, "b"))
        rss_after = rss_bytes(pid)
        print(f"{count} PutItems, PITR off   {off[0]:6.2f} s ({count / off[0]:7.0f}/s)   "
              f"on {on[0]:6.2f} s ({count / on[0]:7.0f}/s)")
        print(f"PITR history: {(rss_after - rss_before) / count:6.0f} bytes of resident memory "
              f"per write of a {table['TableSizeBytes'] // options.items}-byte item "
              f"({(rss_after - rss_before) / 2**20:.1f} MiB for {count} writes)")
        conn.admin("POST", "clock", {"advanceSeconds": 600})
        pitr = []
        for run in range(options.runs):
            target = f"pitr-{run}"
            pitr.append(timed(pid, lambda: conn.dynamodb("RestoreTableToPointInTime", {
                "SourceTableName": TABLE, "TargetTableName": target,
                "RestoreDateTime": before})))
            item = conn.dynamodb("GetItem", {"TableName": target,
                                             "Key": {"pk": {"S": "item-00000000"}}})["Item"]
            if item["d"]["S"][0] != "a":
                raise RuntimeError(f"point-in-time restore kept a later write: {item}")
            conn.dynamodb("DeleteTable", {"TableName": target})
        print(summary("RestoreTableToPointInTime", pitr)
              + f"   ({count} writes undone)")


if __name__ == "__main__":
    sys.exit(main())
