"""Benchmark of the ZTRIKE judge assist (a script; pytest does not collect it).

    .venv/bin/python benchmarks/ztrike.py [--seconds 3] [--games 500] [--rounds 5] [--seed 1]

Replays complete random games (generated beforehand from the invented demo cards, legal decks)
with the plug-in's ``replay`` on one core: record parsing, every round and the result (the
events are built only when a report asks for them). "replay + JSON report" also renders the whole
report, which replays the game once more with its events. Prints the median games per second over
the rounds and the ratio to the target (5,000 games per second).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judging.engine.registry import plugin  # noqa: E402

CARDS = ROOT / "cardpool" / "demo" / "ztrike-demo-cards.json"
TARGET = 5000.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ztrike = plugin("ztrike")
    if ztrike is None:
        raise SystemExit("no ZTRIKE plug-in")
    rng = random.Random(args.seed)
    # the cards come from the database, as on the judge pages: the records do not carry them
    catalogue = ztrike.cards_from_list(json.loads(CARDS.read_text(encoding="utf-8")))
    records: list[Any] = [ztrike.random_game(rng, cards=catalogue) for _ in range(args.games)]
    played = statistics.mean(len(r["rounds"]) for r in records)
    for label, render in (("replay", False), ("replay + JSON report", True)):
        rates = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            for record in records:
                report = ztrike.replay(record, cards=catalogue, lang="en")
                if render:
                    report.to_json()
            rates.append(len(records) / (time.perf_counter() - start))
        median = statistics.median(rates)
        print(
            f"ztrike {label}: median {median:,.0f} games/s ({played:.1f} rounds per game), "
            f"ratio to target {median / TARGET:.2f}x  rounds: "
            + ", ".join(f"{r:,.0f}" for r in rates)
        )


if __name__ == "__main__":
    main()
