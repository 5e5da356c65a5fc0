"""Benchmark of the pure rules engine (a script; pytest does not collect it).

    .venv/bin/python benchmarks/engine.py [--seconds 5] [--games 300] [--rounds 5] [--seed 1]

Plays random legal games with the real ZUTOMAYO CARD cards from SHARED_DIR/data/zutomayo/cards.json
(falling back to the repository's invented test cards) on one core, and prints:

* games per second: a random legal game generated and played to its end by the engine, with the
  full event log (every event's rules, before/after values and state digest); the median of the
  rounds (each round's rate is printed too);
* the median time to replay one complete recorded game with the plug-in's ``replay`` and render the
  report (JSON), without claims and with claims: with claims the replay captures the state after
  every step and answers each claim, re-running the game under every alternative of each
  ambiguity it consulted (a judge's dispute);

each with its ratio to the target (1,000 games per second without card effects running by
themselves, as before effects ran by themselves; 500 with them; 5 ms per replay with claims). "With
effects": the engine runs every automated card's effect by itself (``cardeffects``) and the other
cards with effects get random typed primitives; "without": ``auto_effects=False``, random typed
primitives only (comparable with the runs from before effects ran by themselves). The replays are of
games with effects.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judging.engine.core.events import Event  # noqa: E402
from judging.engine.core.report import Report  # noqa: E402
from judging.engine.registry import plugin  # noqa: E402

REAL_CARDS = ROOT.parent / "shared" / "data" / "zutomayo" / "cards.json"
INVENTED_CARDS = ROOT / "tests" / "judging" / "engine" / "invented_cards.json"
TARGET_GAMES_PER_SECOND = 1000.0
TARGET_GAMES_PER_SECOND_EFFECTS = 500.0
TARGET_REPLAY_MS = 5.0


class PlayedGame(Protocol):
    """A random game as the engine played it."""

    @property
    def data(self) -> dict[str, Any]: ...

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def turns(self) -> int: ...


@runtime_checkable
class ZutomayoEngine(Protocol):
    """What this benchmark asks of the ZUTOMAYO CARD plug-in beyond ``GamePlugin``: card effects
    that run by themselves can be switched off (``auto_effects``), and a random game comes with
    the events the engine made while playing it."""

    def cards_from_list(self, rows: Sequence[Any]) -> object: ...

    def play_random(
        self, rng: random.Random, cards: object, *, auto_effects: bool = True
    ) -> PlayedGame: ...

    def replay(
        self, record: Any, *, cards: object | None, lang: str, auto_effects: bool = True
    ) -> Report: ...


def engine() -> ZutomayoEngine:
    """The ZUTOMAYO CARD plug-in, from the registry (the benchmark imports no game module)."""
    found: object = plugin("zutomayo")  # a GamePlugin, checked for the extras below
    if not isinstance(found, ZutomayoEngine):
        raise SystemExit("the zutomayo plug-in has no play_random / auto_effects")
    return found


ZUTOMAYO = engine()


def load_cards() -> tuple[object, int, str]:
    path = REAL_CARDS if REAL_CARDS.exists() else INVENTED_CARDS
    rows = json.loads(path.read_text(encoding="utf-8"))
    return ZUTOMAYO.cards_from_list(rows), len(rows), str(path)


def with_claims(data: dict[str, Any], turns: int) -> dict[str, Any]:
    """The record with the claims of a typical dispute: the time of day and the attacks of the
    last turn, an HP after the first battle, and the result."""
    last = max(1, turns)
    claimed = dict(data)
    claimed["claims"] = [
        {"party": "A", "at": f"T{last}/5.2.4", "path": "chronos.time", "value": "night"},
        {"party": "B", "at": f"T{last}/5.2.8", "path": "battle.attack", "value": [30, 30]},
        {"party": "A", "at": "T1/5.1.4", "path": "players[0].hp", "value": 100},
        {"party": "B", "at": f"T{last}", "path": "result.winner", "value": 1},
    ]
    return claimed


def replay_times(
    records: list[dict[str, Any]], cards: object, *, auto_effects: bool = True
) -> list[float]:
    """CPU seconds to replay each record and render its JSON report."""
    timings: list[float] = []
    for record in records:
        t0 = time.process_time()
        report = ZUTOMAYO.replay(record, cards=cards, lang="en", auto_effects=auto_effects)
        report.to_json()
        timings.append(time.process_time() - t0)
    return timings


def describe(name: str, timings: list[float]) -> float:
    median_ms = statistics.median(timings) * 1000
    p95_ms = sorted(timings)[int(len(timings) * 0.95)] * 1000
    print(f"replay {name} (JSON report): median {median_ms:.2f} ms, p95 {p95_ms:.2f} ms "
          f"(target {TARGET_REPLAY_MS:.0f} ms; ratio {TARGET_REPLAY_MS / median_ms:.1f}x "
          "under target)")  # fmt: skip
    return median_ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the games/s run")
    parser.add_argument("--games", type=int, default=300, help="games for the replay medians")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the games/s run (odd)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = args.rounds if args.rounds % 2 else args.rounds + 1
    cards, count, source = load_cards()
    print(f"cards: {count} from {source}")
    rng = random.Random(args.seed)
    for _ in range(50):  # warm-up
        ZUTOMAYO.play_random(rng, cards)

    # CPU time of this process (time.process_time) on one core: the machine is shared, and
    # wall-clock time would also count other processes. The median of the rounds, not the best.
    modes = (("without effects", False, TARGET_GAMES_PER_SECOND),
             ("with effects", True, TARGET_GAMES_PER_SECOND_EFFECTS))  # fmt: skip
    for label, auto, target in modes:
        rates: list[float] = []
        games = events = turns = auto_events = 0
        for _ in range(rounds):
            round_games = 0
            start = time.process_time()
            deadline = start + args.seconds / rounds
            while time.process_time() < deadline:
                generated = ZUTOMAYO.play_random(rng, cards, auto_effects=auto)
                round_games += 1
                events += len(generated.events)
                turns += generated.turns
                auto_events += sum(1 for e in generated.events if e.param("auto"))
            rates.append(round_games / (time.process_time() - start))
            games += round_games
        per_second = statistics.median(rates)
        print(f"{label}: games played: {games}; {turns / games:.1f} turns, {events / games:.0f} "
              f"events and {auto_events / games:.1f} automatic effect events per game; rounds: "
              f"{', '.join(f'{r:,.0f}' for r in rates)} games/s")  # fmt: skip
        print(f"{label}: games per second (median of {rounds} rounds; one core, CPU time, full "
              f"event log): {per_second:,.0f} (target {target:,.0f}; "
              f"ratio {per_second / target:.2f})")  # fmt: skip

    generated_games = [ZUTOMAYO.play_random(rng, cards) for _ in range(args.games)]
    plain = [g.data for g in generated_games]
    claimed = [with_claims(g.data, g.turns) for g in generated_games]
    timings = replay_times(plain, cards)
    describe("without claims", timings)
    describe("with claims (checkpoints on, every claim answered)", replay_times(claimed, cards))
    plain_games = [ZUTOMAYO.play_random(rng, cards, auto_effects=False) for _ in range(args.games)]
    describe(
        "with claims, without effects (as before effects ran by themselves)",
        replay_times([with_claims(g.data, g.turns) for g in plain_games], cards,
                     auto_effects=False),
    )  # fmt: skip
    t0 = time.process_time()
    for record in plain[:100]:
        ZUTOMAYO.replay(record, cards=cards, lang="en").to_text("en")
    text_ms = (time.process_time() - t0) * 1000 / min(100, len(plain))
    print(f"replay with the judge-facing text report: mean {text_ms:.2f} ms")
    replayed_per_second = len(timings) / sum(timings)
    print(f"recorded games replayed per second (with JSON report): {replayed_per_second:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
