#!/usr/bin/env python3
"""Writes the link order of ddblocal's code and read-only data (server/ddblocal.order).

  make code-order    # python3 bench/code_order.py --ddblocal build/ddblocal

Runs ddblocal twice (default flags, in memory) under valgrind's lackey, which reports every
instruction and every load, and names the input sections (-ffunction-sections, -fdata-sections)
that held them, from the link map gold wrote beside the binary (build/ddblocal.map):
1. the code that a few requests of each common kind ran (CreateTable, PutItem, GetItem, UpdateItem,
   Query, Scan, batches, transactions, DeleteItem, errors), but for that of 2.;
2. the code that ran to start, answer one ListTables and idle for the 2 s after it (what an idle
   server keeps resident: issue 25 measures it then);
3. the constants, jump tables, vtables and typeinfo that 2. read.
gold's --section-ordering-file (CMakeLists.txt) places the sections a file lists after the others
of their output section, in the file's order: 2. then ends .text, next to the string constants
.rodata starts with, and what an idle server touched sits on a few pages instead of ~40 places
spread over 8 MB (see "Idle memory" in docs/PERFORMANCE.md). Each group is sorted by name, so that
a rerun on the same sources changes few lines; the linker ignores a name no input has.
"""

import argparse
import bisect
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

# The idle measurement's wait after the first answer (issue 25).
IDLE_SECONDS = 2
# Sections that hold a whole object's code or data (objects built without -ffunction-sections, or
# a part of GCC's hot/cold split): their names do not say which function they hold.
UNSPLIT = {".text", ".text.unlikely", ".text.startup", ".text.hot", ".text.exit", ".rodata",
           ".data.rel.ro", ".data.rel.ro.local"}
# Output sections whose order matters for idle memory: code and the read-only data the kernel
# maps from the file (writable data is copied on write, .bss is anonymous).
ORDERED = {".text", ".rodata", ".data.rel.ro", ".data.rel.ro.local"}
# The file's last line: gold places the sections of .rodata that the file does not name after
# those it names, so that the constants 3. lists follow the string constants (which gold merges and
# places first, whatever the file says) instead of ending .rodata, 0.3 MB away.
RODATA_AFTER = ".rodata*"


class LackeyServer(bench.Server):
    """ddblocal as users start it (no flags but the address), under lackey."""

    name = "ddblocal"

    def __init__(self, args, log):
        super().__init__(args)
        self.log = log

    def command(self, port):
        return ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={self.log}",
                self.args.ddblocal, "--host", "127.0.0.1", "--port", str(port)]


def requests(port):
    """A few requests of each common kind, errors included."""
    table = "order"

    def call(operation, body):
        bench.call(port, operation, body)

    call("CreateTable", {
        "TableName": table, "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"}
                                 for n in ("pk", "sk", "gpk")],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "gsi1", "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]})
    call("DescribeTable", {"TableName": table})
    call("ListTables", {})
    for i in range(5):
        item = {"pk": {"S": f"p{i % 2}"}, "sk": {"S": f"s{i}"}, "gpk": {"S": "g"},
                "n": {"N": str(i * 1.5)}, "b": {"B": "AAEC"}, "l": {"L": [{"BOOL": True}]},
                "m": {"M": {"x": {"NULL": True}}}, "ss": {"SS": ["a", "b"]}}
        call("PutItem", {"TableName": table, "Item": item})
        call("GetItem", {"TableName": table, "Key": {"pk": item["pk"], "sk": item["sk"]}})
        call("GetItem", {"TableName": table, "Key": {"pk": {"S": "none"}, "sk": item["sk"]},
                         "ConsistentRead": True})
        call("UpdateItem", {"TableName": table, "Key": {"pk": item["pk"], "sk": item["sk"]},
                            "UpdateExpression": "SET #c = if_not_exists(#c, :z) + :one",
                            "ConditionExpression": "attribute_exists(pk)",
                            "ExpressionAttributeNames": {"#c": "count"},
                            "ExpressionAttributeValues": {":z": {"N": "0"}, ":one": {"N": "1"}},
                            "ReturnValues": "ALL_NEW"})
        call("Query", {"TableName": table,
                       "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
                       "ExpressionAttributeValues": {":p": item["pk"], ":s": {"S": "s"}},
                       "ScanIndexForward": i % 2 == 0, "Limit": 3})
        call("Query", {"TableName": table, "IndexName": "gsi1",
                       "KeyConditionExpression": "gpk = :g",
                       "ExpressionAttributeValues": {":g": {"S": "g"}}})
        call("Scan", {"TableName": table, "Limit": 2})
        call("BatchWriteItem", {"RequestItems": {table: [
            {"PutRequest": {"Item": {"pk": {"S": "b"}, "sk": {"S": f"{i}-{j}"}}}}
            for j in range(3)]}})
        call("BatchGetItem", {"RequestItems": {table: {"Keys": [
            {"pk": {"S": "b"}, "sk": {"S": f"{i}-{j}"}} for j in range(3)]}}})
        call("TransactWriteItems", {"TransactItems": [
            {"Put": {"TableName": table, "Item": {"pk": {"S": "t"}, "sk": {"S": f"{i}"}}}},
            {"Update": {"TableName": table, "Key": {"pk": item["pk"], "sk": item["sk"]},
                        "UpdateExpression": "REMOVE ss"}}]})
        call("TransactGetItems", {"TransactItems": [
            {"Get": {"TableName": table, "Key": {"pk": {"S": "t"}, "sk": {"S": f"{i}"}}}}]})
        call("DeleteItem", {"TableName": table, "Key": {"pk": {"S": "t"}, "sk": {"S": f"{i}"}},
                            "ReturnValues": "ALL_OLD"})
        # ConditionalCheckFailedException, ValidationException, ResourceNotFoundException.
        call("PutItem", {"TableName": table, "Item": item,
                         "ConditionExpression": "attribute_not_exists(pk)"})
        call("GetItem", {"TableName": table, "Key": {"pk": item["pk"]}})
        call("GetItem", {"TableName": "missing", "Key": {"pk": item["pk"]}})


def trace(args, scratch, name, run):
    """(code, data): the addresses of the instructions ddblocal ran and of the memory it read,
    from its start to the end of `run(port)` and IDLE_SECONDS more."""
    log = os.path.join(scratch, name)
    server = LackeyServer(args, log)
    try:
        server.start(cores="0,1")
        if run:
            run(server.port)
        time.sleep(IDLE_SECONDS)
    finally:
        # Killed rather than stopped: the code that stops the server runs once, at the end.
        server.process.kill()
        server.process.wait()
    code, data = set(), set()
    with open(log) as f:
        for line in f:
            # "I  0401ab70,3" (an instruction), " L 1fff0005e8,8" (a load), " M ..." (a modify).
            if line.startswith("I "):
                code.add(int(line[3:line.index(",")], 16))
            elif line.startswith(" L ") or line.startswith(" M "):
                data.add(int(line[3:line.index(",")], 16))
    os.remove(log)
    return code, data


def input_sections(map_path):
    """(address, size, name) of each input section of ORDERED's output sections in gold's link
    map, sorted. A long name stands on its own line, its address, size and file on the next; an
    output section starts at the line's first column."""
    sections = []
    output = name = None
    with open(map_path) as f:
        for line in f:
            fields = line.split()
            if not line.startswith(" "):
                output = fields[0] if fields else None
                continue
            if output not in ORDERED:
                continue
            if fields and fields[0].startswith("."):
                name, fields = fields[0], fields[1:]
            if name and len(fields) >= 2 and fields[0].startswith("0x"):
                sections.append((int(fields[0], 16), int(fields[1], 16), name))
                name = None
    sections.sort()
    return sections


def section_names(addresses, sections):
    """The names of the sections that hold `addresses`, but for UNSPLIT's."""
    starts = [s[0] for s in sections]
    names = set()
    for address in addresses:
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < sections[i][0] + sections[i][1]:
            names.add(sections[i][2])
    return names - UNSPLIT


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ddblocal", default=os.path.join(bench.REPO, "build", "ddblocal"))
    parser.add_argument("--map", help="gold's link map of --ddblocal (default: its path + .map)")
    parser.add_argument("--out", default=os.path.join(bench.REPO, "server", "ddblocal.order"))
    args = parser.parse_args()
    sections = input_sections(args.map or args.ddblocal + ".map")
    with tempfile.TemporaryDirectory(prefix="ddb-code-order-") as scratch:
        idle_code, idle_data = trace(args, scratch, "idle", None)
        busy_code, _ = trace(args, scratch, "busy", requests)
    idle = section_names(idle_code, sections)
    busy = section_names(busy_code, sections) - idle
    data = section_names(idle_data, sections)
    if min(len(idle), len(busy), len(data)) < 50:
        sys.exit(f"only {len(idle)}, {len(busy)} and {len(data)} sections: was {args.ddblocal} "
                 "built with -ffunction-sections, -fdata-sections and this map?")
    with open(args.out, "w") as f:
        f.write("".join(name + "\n" for name in sorted(busy) + sorted(idle) + sorted(data)))
        f.write(RODATA_AFTER + "\n")
    print(f"{args.out}: {len(idle)} code sections to start and idle, {len(busy)} more for "
          f"requests, {len(data)} of read-only data")


if __name__ == "__main__":
    main()
