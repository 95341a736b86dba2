#!/usr/bin/env python3
"""Measures how ddblocal's cost grows with the table (issue 25): GetItem and Query at 10,000,
100,000 and 1,000,000 items.

Each size gets its own ddblocal (default flags but bench.py's --log-level warn, pinned to core 0;
wrk and this driver on core 1), bench.py's table (pk/sk strings, GSI gsi1 KEYS_ONLY) and items of
~1 KB loaded through BatchWriteItem of 25 on --connections connections, ten items to a partition:
the million-item table spreads over 100,000 partitions, and at every size a Query page (Limit 10)
reads one whole partition. All servers stay up side by side, then bench/workload.lua's `get` and
`query` run on each size back to back, so that load from other processes on the machine hits the
sizes alike, for --rounds rounds; each size keeps its best run.

Reported per size: the preload rate (items/s), successful requests/s with p99 latency, and RSS
per item (VmRSS after the load minus VmRSS with the empty table, per item). A second server per
size then loads the same items into a table without gsi1, to show what the index entries take.
--plot draws throughput and RSS per item against table size as an SVG; --markdown writes the
table. `make bench-scale` runs it; it is not part of `make test`.
"""

import argparse
import os
import time

# bench/bench.py, beside this file: the server process, wrk, the table and the bulk load.
import bench

ITEMS_PER_PARTITION = 10
WORKLOADS = {"get": "GetItem", "query": "Query"}
# Issue 25's targets: each workload's share of its smallest-table figure at the largest size.
SHARE_TARGETS = {"get": 0.90, "query": 0.85}
KIB_PER_ITEM_TARGET = 1.1


def partitions(items):
    return max(items // ITEMS_PER_PARTITION, 1)


def start_loaded(args, items, gsi=True):
    """A fresh ddblocal holding `items` items; returns (server, figures of its load)."""
    server = bench.Ddblocal(args)
    server.start(threads=None)
    try:
        bench.create_table(server, gsi=gsi)
        time.sleep(0.5)
        idle = server.rss_kib()
        loaded, rate, _ = bench.load(server, items, args.connections, args.load_cap,
                                     partitions=partitions(items))
        server.wait_idle()
        rss = server.rss_kib()
    except BaseException:
        server.stop()
        raise
    if loaded < items:
        raise RuntimeError(f"loaded only {loaded:,} of {items:,} items in {args.load_cap} s")
    return server, {"items": items, "partitions": partitions(items), "items_per_s": rate,
                    "idle_rss_kib": idle, "rss_kib": rss, "kib_per_item": (rss - idle) / items}


def measure(args):
    """Every size's figures, smallest first."""
    sizes = [{"items": n} for n in sorted(args.sizes)]
    running = []
    try:
        for size in sizes:
            bench.log(f"loading {size['items']:,} items")
            server, figures = start_loaded(args, size["items"])
            running.append(server)
            size.update(figures)
            bench.log(f"  {figures['items_per_s']:,.0f} items/s, "
                      f"{figures['kib_per_item']:.3f} KiB per item")
        for round_number in range(args.rounds):
            for workload in WORKLOADS:
                for size, server in zip(sizes, running):
                    server.wait_idle()
                    r = bench.wrk(server.port, workload, args.seconds, args.connections,
                                  size["items"], partitions=size["partitions"])
                    bench.log(f"  round {round_number + 1} {workload} at {size['items']:,}: "
                              f"{r['ok_per_s']:,.0f}/s p99 {bench.fmt_ms(r['p99_us'])} ms "
                              f"errors {r['bad']}")
                    size["errors"] = size.get("errors", 0) + r["bad"]
                    # Other processes on the machine only ever slow a run down, so each size
                    # keeps its best round.
                    if workload not in size or r["ok_per_s"] > size[workload]["ok_per_s"]:
                        size[workload] = r
    finally:
        for server in running:
            server.stop()
    for size in sizes:
        bench.log(f"loading {size['items']:,} items into a table without gsi1")
        server, figures = start_loaded(args, size["items"], gsi=False)
        server.stop()
        size["kib_per_item_no_gsi"] = figures["kib_per_item"]
    return sizes


def share(size, base, workload):
    return size[workload]["ok_per_s"] / base[workload]["ok_per_s"]


def report(sizes, args):
    """The figures and the targets as Markdown lines."""
    base, top = sizes[0], sizes[-1]
    lines = [f"Best of {args.rounds} rounds of {args.seconds} s per workload and size, wrk -t1 "
             f"-c{args.connections}; ratios are of the {base['items']:,}-item figure:", "",
             "| items | partitions | preload | GetItem (p99) | ratio | Query (p99) | ratio | "
             "RSS after load | RSS per item | without gsi1 |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for s in sizes:
        lines.append(
            f"| {s['items']:,} | {s['partitions']:,} | {bench.fmt_rate(s['items_per_s'])} items/s "
            f"| {bench.fmt_rate_p99(s['get'])} | {share(s, base, 'get') * 100:.0f} % "
            f"| {bench.fmt_rate_p99(s['query'])} | {share(s, base, 'query') * 100:.0f} % "
            f"| {s['rss_kib'] / 1024:,.1f} MiB | {s['kib_per_item']:.2f} KiB "
            f"| {s['kib_per_item_no_gsi']:.2f} KiB |")
    errors = sum(s["errors"] for s in sizes)
    if errors:
        lines += ["", f"Note: {errors} requests failed over all rounds; the figures count "
                      "successes only."]
    lines += ["", "| target | measured | status |", "|---|---|---|"]
    for workload, target in SHARE_TARGETS.items():
        x = share(top, base, workload)
        lines.append(f"| {WORKLOADS[workload]} at {top['items']:,} items >= {target * 100:.0f} % "
                     f"of {base['items']:,} | {x * 100:.0f} % "
                     f"({bench.fmt_rate(top[workload]['ok_per_s'])}/s vs "
                     f"{bench.fmt_rate(base[workload]['ok_per_s'])}/s) | "
                     f"{'met' if x >= target else 'NOT met'} |")
    kib = top["kib_per_item"]
    lines.append(f"| RSS per item at {top['items']:,} <= {KIB_PER_ITEM_TARGET} KiB | "
                 f"{kib:.2f} KiB ({top['kib_per_item_no_gsi']:.2f} without gsi1) | "
                 f"{'met' if kib <= KIB_PER_ITEM_TARGET else 'NOT met'} |")
    return lines


def size_label(items):
    for unit, name in ((1000000, "M"), (1000, "k")):
        if items >= unit and items % unit == 0:
            return f"{items // unit:,}{name}"
    return f"{items:,}"


def plot(sizes, path):
    """Throughput above, RSS per item below, both against table size on a log axis."""
    try:
        import matplotlib
    except ImportError:
        raise SystemExit("--plot needs matplotlib: Debian's python3-matplotlib (bench/install.sh), "
                         "imported by Debian's python3")
    matplotlib.use("Agg")
    from matplotlib import pyplot
    matplotlib.rcParams.update({"svg.hashsalt": "ddblocal", "svg.fonttype": "none"})

    items = [s["items"] for s in sizes]
    figure, (top, bottom) = pyplot.subplots(2, 1, sharex=True, figsize=(7, 6),
                                            gridspec_kw={"height_ratios": [3, 2]})
    for workload, name in WORKLOADS.items():
        line, = top.plot(items, [s[workload]["ok_per_s"] for s in sizes], marker="o", label=name)
        target = SHARE_TARGETS[workload]
        top.axhline(sizes[0][workload]["ok_per_s"] * target, color=line.get_color(),
                    linestyle="--", linewidth=0.8, label=f"{target * 100:.0f} % of {name} "
                    f"at {size_label(items[0])}")
    top.set_ylim(bottom=0)
    top.set_ylabel("requests/s (one core)")
    top.set_title("ddblocal as the table grows (items of ~1 KB, 10 per partition)")
    top.legend(loc="lower left")
    top.grid(True, alpha=0.3)
    bottom.plot(items, [s["kib_per_item"] for s in sizes], marker="o", color="tab:green",
                label="with gsi1 (KEYS_ONLY)")
    bottom.plot(items, [s["kib_per_item_no_gsi"] for s in sizes], marker="o",
                color="tab:purple", label="without gsi1")
    bottom.axhline(KIB_PER_ITEM_TARGET, color="grey", linestyle="--",
                   label=f"target ({KIB_PER_ITEM_TARGET} KiB)")
    bottom.set_ylim(bottom=0)
    bottom.set_ylabel("RSS per item (KiB)")
    bottom.set_xlabel("items in the table")
    bottom.set_xscale("log")
    bottom.set_xticks(items, [size_label(n) for n in items])
    bottom.minorticks_off()
    bottom.legend(loc="lower right")
    bottom.grid(True, alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, format="svg", metadata={"Date": None})


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ddblocal", default=os.path.join(bench.REPO, "build", "ddblocal"))
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("BENCH_SECONDS", "8")))
    parser.add_argument("--sizes", default="10000,100000,1000000",
                        help="items per table, each a multiple of 50; the smallest is the "
                             "reference")
    parser.add_argument("--rounds", type=int, default=3,
                        help="times each workload runs on each size; the best run counts")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--load-cap", type=int, default=120,
                        help="seconds a preload may take")
    parser.add_argument("--plot", help="write the plot to this SVG file")
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()
    args.sizes = [int(n) for n in args.sizes.split(",") if n]
    if len(args.sizes) < 2 or any(n % 50 for n in args.sizes):
        parser.error("--sizes needs two or more sizes, each a multiple of 50")
    args.workloads = list(WORKLOADS)  # bench.create_table reads it

    # The driver polls and parses on the load generator's core, never on the server's.
    os.sched_setaffinity(0, {int(bench.CLIENT_CORE)})
    started = time.time()
    sizes = measure(args)
    lines = report(sizes, args)
    lines += ["", f"Machine: {bench.machine_facts()}. Run took {time.time() - started:.0f} s."]
    print("\n".join(lines))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")
    if args.plot:
        plot(sizes, args.plot)


if __name__ == "__main__":
    main()
