"""``benchmarks/engine.py`` reports medians, and the replay with claims as well as without.

The benchmark runs several rounds: it must report their median, not the best one, and time the
replay of a recorded game both without claims and with claims (checkpoints captured and every
claim answered, the judge's case). A short run in a subprocess checks what it prints.
"""

from __future__ import annotations

import re
import subprocess
import sys

from .conftest import REPO_ROOT

BENCHMARK = REPO_ROOT / "benchmarks" / "engine.py"


def test_the_benchmark_reports_medians_with_and_without_claims() -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCHMARK), "--seconds", "0.5", "--games", "12"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    rounds = re.search(r"rounds: ([\d,]+(?:, [\d,]+)+) games/s", out)
    assert rounds, out
    rates = sorted(int(r.replace(",", "")) for r in rounds.group(1).split(", "))
    assert len(rates) % 2 == 1, "an odd number of rounds has one median"
    median = re.search(r"games per second \(median of \d+ rounds[^)]*\): ([\d,]+)", out)
    assert median, out
    assert int(median.group(1).replace(",", "")) == rates[len(rates) // 2]
    assert re.search(r"replay without claims[^\n]*: median [\d.]+ ms", out), out
    assert re.search(r"replay with claims[^\n]*: median [\d.]+ ms", out), out
    assert out.count("ratio") >= 3, "each target is reported with its ratio"
