"""The runnable examples under examples/ run end to end against the real ddblocal binary: each
script exits 0 and prints the results its data model implies."""

import os
import shutil
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

    def test_pytest_suite_with_snapshots_and_faults(self):
        """test_orders_isolated.py, a pytest suite of an application's own code, passes: snapshots
        isolate its tests, fault injection drives its BatchWriteItem retry loop."""
        python = pytest_python()
        self.assertIsNotNone(python, "no python3 with pytest (Debian's python3-pytest)")
        path = os.path.normpath(os.path.join(EXAMPLES, "test_orders_isolated.py"))
        result = subprocess.run(
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", path],
            capture_output=True, text=True, timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL,
            env={**os.environ, "DDBLOCAL_ENDPOINT": SERVER.endpoint})
        self.assertEqual(result.returncode, 0, f"pytest failed:\n{result.stdout}\n{result.stderr}")
        self.assertIn("5 passed", result.stdout)


def pytest_python():
    """An interpreter that has pytest: this one, or Debian's (python3-pytest installs it there when
    python3 on the PATH is another installation)."""
    for python in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if python and subprocess.run([python, "-c", "import pytest, boto3"],
                                     capture_output=True).returncode == 0:
            return python
    return None


if __name__ == "__main__":
    unittest.main()
