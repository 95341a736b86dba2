"""Once its heap passes 64 MiB, the real ddblocal binary takes transparent huge pages for new memory
(server/huge_pages), so that a large table's reads miss the TLB less; a server below that keeps
4 KiB pages and its small resident size."""

import os
import time
import unittest

from . import server as harness

THP_MODE = "/sys/kernel/mm/transparent_hugepage/enabled"
ITEM_BYTES = 300 * 1024
# How often the server checks its heap (server/huge_pages.h), plus a margin.
CHECK_SECONDS = 1.5


def thp_mode():
    """The kernel's transparent huge page mode (always, madvise or never), None if it has none."""
    try:
        with open(THP_MODE) as f:
            return f.read().split("[")[1].split("]")[0]
    except (OSError, IndexError):
        return None


def anon_huge_kib(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("AnonHugePages:"):
                return int(line.split()[1])
    raise AssertionError("smaps_rollup has no AnonHugePages line")


def maps_mimalloc(pid):
    with open(f"/proc/{pid}/maps") as f:
        return "mimalloc" in f.read()


class HugePages(unittest.TestCase):
    def setUp(self):
        mode = thp_mode()
        if mode not in ("madvise", "always"):
            self.skipTest(f"transparent huge pages are {mode or 'absent'} on this kernel")
        self.server = harness.Server().start()
        self.addCleanup(self.server.stop)
        if not maps_mimalloc(self.server.process.pid):
            self.skipTest("this build has no mimalloc (a sanitizer build): no huge page switch")
        self.mode = mode
        self.client = self.server.client()
        self.table = harness.create_table(self.client, harness.unique_table_name("huge"),
                                          ("pk", "S"))
        self.written = 0

    def write(self, count):
        for _ in range(count):
            self.client.put_item(TableName=self.table, Item={
                "pk": {"S": f"item{self.written:05d}"},
                "data": {"S": chr(ord("a") + self.written % 26) * ITEM_BYTES}})
            self.written += 1

    def test_a_heap_past_64_mib_takes_huge_pages_for_what_comes_next(self):
        pid = self.server.process.pid
        self.write(40)  # 12 MB
        time.sleep(CHECK_SECONDS)
        if self.mode == "madvise":
            # With THP on madvise only, nothing is huge until the server asks for it.
            self.assertEqual(anon_huge_kib(pid), 0)
        self.write(260)  # 90 MB in all: past the threshold
        time.sleep(CHECK_SECONDS)
        self.write(100)  # 30 MB in segments taken after the switch
        self.assertGreater(anon_huge_kib(pid), 0)
        item = self.client.get_item(TableName=self.table, Key={"pk": {"S": "item00399"}})["Item"]
        self.assertEqual(item["data"]["S"], chr(ord("a") + 399 % 26) * ITEM_BYTES)


if __name__ == "__main__":
    unittest.main()
