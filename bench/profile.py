#!/usr/bin/env python3
"""Profiles ddblocal under bench workloads.

  python3 bench/profile.py --ddblocal build/ddblocal get put              # perf: top symbols
  python3 bench/profile.py --ddblocal build/ddblocal --callgrind get put  # instructions/request
  python3 bench/profile.py --flamegraph docs/flamegraph-getitem.svg get    # an SVG flame graph

perf samples cpu-clock (this VM has no hardware counters) and prints the share of each binary and
the top symbols. --callgrind runs ddblocal under valgrind's callgrind, zeroes the counters after the
table is loaded, and prints the instructions executed per request: a figure that does not move
with the load other processes put on the machine, for before/after comparisons. --flamegraph records
call stacks (`perf record --call-graph dwarf`: the Release build keeps no frame pointers) and draws
them with bench/flamegraph.py.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ddblocal", default=os.path.join(bench.REPO, "build", "ddblocal"))
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--scale", type=int, default=10000)
    parser.add_argument("--partitions", type=int, default=bench.PARTITIONS,
                        help="partition key values the items spread over")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--flamegraph", metavar="SVG",
                        help="draw a flame graph of the (single) workload into SVG")
    parser.add_argument("--keep", metavar="DIR",
                        help="with --callgrind: keep the dumps in DIR (for callgrind_annotate)")
    parser.add_argument("workloads", nargs="+")
    args = parser.parse_args()
    if args.flamegraph and len(args.workloads) != 1:
        parser.error("--flamegraph takes one workload")
    os.sched_setaffinity(0, {int(bench.CLIENT_CORE)})
    for workload in args.workloads:
        if args.callgrind:
            callgrind(args, workload)
            continue
        server = bench.Ddblocal(args)
        server.start()
        scratch = tempfile.mkdtemp(prefix="ddb-bench-perf-")
        data = os.path.join(scratch, f"{workload}.data")
        try:
            bench.create_table(server)
            bench.load(server, args.scale, args.connections, 90, partitions=args.partitions)
            server.wait_idle()
            # Stacks unwound from 16 KiB of stack copied per sample: a lower rate keeps perf's own
            # work (on wrk's core) from slowing the load.
            stacks = (["--call-graph", "dwarf,16384", "-F", "999"] if args.flamegraph
                      else ["-F", "4000"])
            perf = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", *stacks,
                                     "-p", str(server.process.pid), "-o", data])
            result = bench.wrk(server.port, workload, args.seconds, args.connections, args.scale,
                               partitions=args.partitions)
            perf.send_signal(2)
            perf.wait()
        finally:
            server.stop()
        print(f"== {workload}: {result['ok_per_s']:,.0f} ok/s, p50 {result['p50_us']} us, "
              f"errors {result['bad']}")
        for sort in () if args.flamegraph else ("dso", "symbol"):
            out = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", sort,
                                  "--stdio", "--percent-limit", "0.7"],
                                 capture_output=True, text=True).stdout
            rows = [line for line in out.splitlines() if line.strip() and not line.startswith("#")]
            print("\n".join(rows[:args.top]))
            print()
        if args.flamegraph:
            draw(data, args.flamegraph, f"ddblocal {workload}: {result['ok_per_s']:,.0f} ok/s, "
                 f"wrk -c{args.connections}, server on one core (perf, cpu-clock, 999 Hz)")
        shutil.rmtree(scratch)


def draw(data, path, title):
    script = subprocess.Popen(["perf", "script", "-i", data, "-F", "comm,ip,sym,dso",
                               "--no-inline"], stdout=subprocess.PIPE, text=True,
                              errors="replace")
    with open(path, "w") as out:
        subprocess.run([sys.executable, os.path.join(bench.HERE, "flamegraph.py"),
                        "--title", title], stdin=script.stdout, stdout=out, check=True)
    script.wait()
    print(f"flame graph: {path}")


class CallgrindDdblocal(bench.Ddblocal):
    """ddblocal under callgrind, writing its dumps into the directory `scratch`."""

    def __init__(self, args, scratch):
        super().__init__(args)
        self.scratch = scratch

    def command(self, port):
        self.out = os.path.join(self.scratch, f"callgrind.{port}.out")
        return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={self.out}"] + \
            super().command(port)


def callgrind(args, workload):
    scratch = tempfile.mkdtemp(prefix="ddb-bench-callgrind-")
    server = CallgrindDdblocal(args, scratch)
    server.start()
    try:
        bench.create_table(server)
        bench.load(server, args.scale, args.connections, 300, partitions=args.partitions)
        server.wait_idle()
        subprocess.run(["callgrind_control", "-z", str(server.process.pid)], check=True,
                       capture_output=True)
        result = bench.wrk(server.port, workload, args.seconds, args.connections, args.scale,
                           partitions=args.partitions)
        server.wait_idle()
        subprocess.run(["callgrind_control", "-d", str(server.process.pid)], check=True,
                       capture_output=True)
    finally:
        server.stop()
    dumps = sorted(f for f in os.listdir(scratch) if f.startswith(os.path.basename(server.out)))
    total = 0
    for name in dumps:
        path = os.path.join(scratch, name)
        if name != os.path.basename(server.out):
            with open(path) as f:
                for line in f:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        total = max(total, int(line.split()[1]))
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            os.replace(path, os.path.join(args.keep, f"{workload}.{name}"))
    shutil.rmtree(scratch)
    print(f"== {workload}: {result['requests']:,} requests, {result['bad']} errors, "
          f"{total / max(result['requests'], 1):,.0f} instructions/request (callgrind)")


if __name__ == "__main__":
    main()
