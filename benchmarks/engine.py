"""Benchmark of the pure rules engine (a script; pytest does not collect it).

    .venv/bin/python benchmarks/engine.py [--seconds 5] [--games 300] [--seed 1]

Plays random legal games with the real ZUTOMAYO CARD cards from ../shared/data/zutomayo/cards.json
(falling back to the repository's invented test cards) on one core, and prints:

* games per second: a random legal game generated and played to its end by the engine, with the
  full event log (every event's rules, before/after values and state digest);
* the median time to replay one complete recorded game with ``replay_record`` and render the
  report (JSON), i.e. what ``manage.py judge_replay`` costs per game;

each with its ratio to the target (1,000 games per second; 5 ms per replay with report).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judging.engine import CardCatalogue, random_game, replay_record  # noqa: E402

REAL_CARDS = ROOT.parent / "shared" / "data" / "zutomayo" / "cards.json"
INVENTED_CARDS = ROOT / "tests" / "judging" / "engine" / "invented_cards.json"
TARGET_GAMES_PER_SECOND = 1000.0
TARGET_REPLAY_MS = 5.0


def load_cards() -> tuple[CardCatalogue, str]:
    path = REAL_CARDS if REAL_CARDS.exists() else INVENTED_CARDS
    return CardCatalogue.from_dicts(json.loads(path.read_text(encoding="utf-8"))), str(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the games/s run")
    parser.add_argument("--games", type=int, default=300, help="games for the replay median")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cards, source = load_cards()
    print(f"cards: {len(cards.cards)} from {source}")
    rng = random.Random(args.seed)
    for _ in range(50):  # warm-up
        random_game(rng, cards)

    # CPU time of this process (time.process_time) on one core, best of three rounds: the machine
    # is shared, and wall-clock time would also count other processes.
    rates: list[float] = []
    games = events = turns = 0
    for _ in range(3):
        round_games = 0
        start = time.process_time()
        deadline = start + args.seconds / 3
        while time.process_time() < deadline:
            generated = random_game(rng, cards)
            round_games += 1
            events += len(generated.events)
            turns += generated.turns
        rates.append(round_games / (time.process_time() - start))
        games += round_games
    per_second = max(rates)
    print(f"games played: {games}; {turns / games:.1f} turns and {events / games:.0f} events "
          f"per game; rounds: {', '.join(f'{r:,.0f}' for r in rates)} games/s")  # fmt: skip
    print(f"games per second (one core, CPU time, full event log): {per_second:,.0f} "
          f"(target {TARGET_GAMES_PER_SECOND:,.0f}; "
          f"ratio {per_second / TARGET_GAMES_PER_SECOND:.2f})")  # fmt: skip

    records = [random_game(rng, cards).record for _ in range(args.games)]
    timings: list[float] = []
    for record in records:
        t0 = time.process_time()
        report = replay_record(record)
        report.to_json()
        timings.append(time.process_time() - t0)
    median_ms = statistics.median(timings) * 1000
    p95_ms = sorted(timings)[int(len(timings) * 0.95)] * 1000
    print(f"replay of one full game with report (JSON): median {median_ms:.2f} ms, "
          f"p95 {p95_ms:.2f} ms (target {TARGET_REPLAY_MS:.0f} ms; "
          f"ratio {TARGET_REPLAY_MS / median_ms:.1f}x under target)")  # fmt: skip
    t0 = time.process_time()
    for record in records[:100]:
        replay_record(record).to_text("en")
    text_ms = (time.process_time() - t0) * 1000 / min(100, len(records))
    print(f"replay with the judge-facing text report: mean {text_ms:.2f} ms")
    replayed_per_second = len(timings) / sum(timings)
    print(f"recorded games replayed per second (with JSON report): {replayed_per_second:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
