"""The runnable examples under examples/ run end to end against the real ddblocal binary: each
script exits 0 and prints the results its data model implies."""

import os
import subprocess
import sys
import unittest

from . import server as harness

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples")
TIMEOUT_SECONDS = 60


SERVER = harness.ModuleServer()
setUpModule = SERVER.start


class ExamplesTest(unittest.TestCase):

    def run_example(self, script, expected_lines):
        path = os.path.normpath(os.path.join(EXAMPLES, script))
        result = subprocess.run(
            [sys.executable, path, "--endpoint-url", SERVER.endpoint],
            capture_output=True, text=True, timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
        self.assertEqual(result.returncode, 0,
                         f"{script} exited {result.returncode}\nstdout:\n{result.stdout}\n"
                         f"stderr:\n{result.stderr}")
        lines = result.stdout.splitlines()
        for line in expected_lines:
            self.assertIn(line, lines, f"{script} did not print {line!r}; stdout:\n{result.stdout}")

    def test_leaderboard(self):
        """leaderboard.py lists matches newest first, the season top 3, the new leader and a handle lookup."""
        self.run_example("leaderboard.py", [
            "matches newest first: OK",
            "top 3: link, midna, zelda",
            "new leader: ganon",
            "handle midna -> PLAYER#p5",
            "leaderboard example: all checks passed",
        ])

    def test_leaderboard_multi_attribute(self):
        """leaderboard_multi_attribute.py ranks runs on a GSI keyed by four real attributes."""
        self.run_example("leaderboard_multi_attribute.py", [
            "top 3: p2, p1, p5",
            "numeric order without padding: OK",
            "threshold: 4 runs",
            "time window: PLAYER#p4",
            "paging: 5 runs in 3 pages",
            "gap refused: OK",
            "leaderboard_multi_attribute example: all checks passed",
        ])

    def test_store(self):
        """store.py places orders transactionally, keeps the sparse index in step and finds an order's customer."""
        self.run_example("store.py", [
            "duplicate order cancelled, orderCount still 2",
            "customer orders newest first: OK",
            "order o200 has 3 line items",
            "completed order left the sparse index",
            "order o200 belongs to CUSTOMER#c2",
            "store example: all checks passed",
        ])

    def test_music(self):
        """music.py reads ranges across item types, an overloaded GSI, merged shards and an optimistic lock."""
        self.run_example("music.py", [
            "Kid A tracks 1-2: OK",
            "range across item types: 2 albums + artist",
            "albums of 1997: Portishead, OK Computer",
            "top rock: Paranoid Android, Weird Fishes, Airbag",
            "stale update rejected, retry succeeded: version 3, followers 15",
            "music example: all checks passed",
        ])


if __name__ == "__main__":
    unittest.main()
