"""Benchmark of the Swiss engine on simulated events (a script, not a test).

    .venv/bin/python benchmarks/pairing.py            # 100, 1,000 and 10,000 players
    .venv/bin/python benchmarks/pairing.py --quick    # 100 and 1,000 only

Per size: median and worst time to pair a round and to compute standings, peak memory
(tracemalloc, measured on a separate run of the last round), rematches, pair-downs and repeat
byes over the event, and the pair-downs of each round beside the summary's lower bound (the
parity walk of the score groups, counting each player passed down once: no pairing can go
below it, so every round must be at or above it).
At 1,000 players a straightforward ``networkx.max_weight_matching`` over every table (given
the engine's bye; fewest rematches, then fewest pair-downs) pairs a few rounds of the same
event, with its pair-down count and the speed ratio. A sweep of events of up to 300 players
and 10 rounds compares every round with the same reference and prints any round where the
engine has more pair-downs or rematches, or where the engine or the reference goes below the
lower bound. Targets: a 10,000-player round paired in at most 1 s (median), standings in at
most 0.5 s, no avoidable rematch, no second bye, pair-downs equal to the reference and never
below the bound, cost growing close to n log n.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import (
    Entrant,
    MatchResult,
    PlayerRecord,
    RoundPairings,
    ScoringConfig,
    StandingRow,
    TiebreakProfile,
    compute_standings,
    pair_round,
    player_records,
)

ROUNDS = {100: 7, 1_000: 10, 10_000: 15}
NX_SIZE = 1_000


@dataclass
class EventStats:
    size: int
    rounds: int
    pair_times: list[float] = field(default_factory=list)
    standings_times: list[float] = field(default_factory=list)
    pair_cpu: list[float] = field(default_factory=list)
    standings_cpu: list[float] = field(default_factory=list)
    rematches: int = 0
    avoidable_rematches: int = 0
    pair_downs: int = 0
    repeat_byes: int = 0
    byes: int = 0
    dropped: int = 0
    peak_bytes: int = 0
    round_pair_downs: list[int] = field(default_factory=list)
    round_bounds: list[int] = field(default_factory=list)
    snapshots: dict[int, tuple[list[PlayerRecord], RoundPairings]] = field(default_factory=dict)


def random_results(pairing: RoundPairings, rng: random.Random) -> list[MatchResult]:
    results: list[MatchResult] = []
    for table in pairing.pairings:
        a, b = table.players
        roll = rng.random()
        if roll < 0.04:
            results.append(MatchResult((a, b), winner=None, games=(1, 1, 1)))
        elif roll < 0.52:
            results.append(MatchResult((a, b), winner=a, games=(2, rng.choice((0, 1)), 0)))
        else:
            results.append(MatchResult((a, b), winner=b, games=(rng.choice((0, 1)), 2, 0)))
    if pairing.bye is not None:
        results.append(MatchResult((pairing.bye.player,), bye=True))
    return results


def run_event(size: int, rounds: int, seed: int, keep: set[int]) -> EventStats:
    rng = random.Random(seed)
    stats = EventStats(size, rounds)
    entrants = [Entrant(f"p{i:05d}") for i in range(size)]
    results: list[list[MatchResult]] = []
    profile = TiebreakProfile.mtr()
    scoring = ScoringConfig()
    standings = compute_standings(entrants, results, profile=profile, scoring=scoring, seed=seed)
    for rnd in range(1, rounds + 1):
        records = list(player_records(entrants, results, scoring=scoring, standings=standings))
        start, cpu = time.perf_counter(), time.process_time()
        pairing = pair_round(records, round_number=rnd, seed=seed + rnd, config=scoring)
        stats.pair_times.append(time.perf_counter() - start)
        stats.pair_cpu.append(time.process_time() - cpu)
        if rnd in keep:
            stats.snapshots[rnd] = (records, pairing)
        stats.round_pair_downs.append(pairing.summary.pair_downs)
        stats.round_bounds.append(pairing.summary.pair_downs_lower_bound)
        active = [r for r in records if not r.dropped]
        max_met = max(len(r.opponents) for r in active)
        stats.rematches += len(pairing.summary.rematches)
        if len(active) >= 2 * max_met + 3:  # Dirac: a rematch-free pairing exists
            stats.avoidable_rematches += len(pairing.summary.rematches)
        stats.pair_downs += pairing.summary.pair_downs
        stats.repeat_byes += pairing.summary.repeat_byes
        stats.byes += pairing.summary.byes
        results.append(random_results(pairing, rng))
        # A few drops each round (about 1%).
        entrants = [
            Entrant(e.id, dropped=True) if not e.dropped and rng.random() < 0.01 else e
            for e in entrants
        ]
        start, cpu = time.perf_counter(), time.process_time()
        standings = compute_standings(
            entrants, results, profile=profile, scoring=scoring, seed=seed
        )
        stats.standings_times.append(time.perf_counter() - start)
        stats.standings_cpu.append(time.process_time() - cpu)
    stats.dropped = sum(e.dropped for e in entrants)
    # Peak memory of one more round (pairing and standings), traced separately because
    # tracemalloc slows everything down.
    records = list(player_records(entrants, results, scoring=scoring, standings=standings))
    tracemalloc.start()
    pair_round(records, round_number=rounds + 1, seed=seed, config=scoring)
    compute_standings(entrants, results, profile=profile, scoring=scoring, seed=seed)
    stats.peak_bytes = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return stats


def reference_counts(
    records: list[PlayerRecord], bye: str | None, config: ScoringConfig
) -> tuple[int, int]:
    """(rematches, pair-downs) of a general matching of every table but ``bye``'s."""
    import networkx as nx  # dev-only, allowed here and in the tests only

    active = [r for r in records if not r.dropped and r.id != bye]
    points = {r.id: r.match_points(config) for r in active}
    met: dict[str, set[str]] = {r.id: set() for r in active}
    for r in active:
        for o in r.opponents:
            if o in met:
                met[r.id].add(o)
                met[o].add(r.id)
    scale = len(active) + 1
    graph = nx.Graph()
    ids = [r.id for r in active]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            fresh = b not in met[a]
            same = points[a] == points[b]
            graph.add_edge(a, b, weight=scale * scale * fresh + scale * same + 1)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    rematches = sum(1 for a, b in matching if b in met[a])
    return rematches, sum(1 for a, b in matching if points[a] != points[b])


def sweep(events: int, seed: int) -> None:
    """Events of up to 300 players and 10 rounds, every round against the reference."""
    print(f"== sweep: {events} events of 20-300 players, 6-10 rounds, every round v networkx")
    rng = random.Random(seed)
    scoring = ScoringConfig()
    rounds_seen = above = below = 0
    for event in range(events):
        size = 300 if event == 0 else rng.randint(20, 300)
        rounds = rng.randint(6, 10) if event else 10
        entrants = [Entrant(f"s{i:03d}") for i in range(size)]
        results: list[list[MatchResult]] = []
        profile = TiebreakProfile.mtr()
        standings: tuple[StandingRow, ...] = ()
        worst = ""
        for rnd in range(1, rounds + 1):
            if rnd == 3:
                entrants += [Entrant(f"late{i}", late_rounds_missed=2) for i in range(2)]
            records = list(player_records(entrants, results, scoring=scoring, standings=standings))
            pairing = pair_round(records, round_number=rnd, seed=seed + rnd, config=scoring)
            bye = pairing.bye.player if pairing.bye else None
            rematches, pair_downs = reference_counts(records, bye, scoring)
            ours = (len(pairing.summary.rematches), pairing.summary.pair_downs)
            rounds_seen += 1
            if ours > (rematches, pair_downs):
                above += 1
                worst += f" round {rnd}: {ours} v reference {(rematches, pair_downs)};"
            bound = pairing.summary.pair_downs_lower_bound
            if min(ours[1], pair_downs) < bound:
                below += 1
                worst += f" round {rnd}: below the bound {bound};"
            results.append(random_results(pairing, rng))
            entrants = [
                Entrant(e.id, dropped=True, late_rounds_missed=e.late_rounds_missed)
                if not e.dropped and rng.random() < 0.03
                else e
                for e in entrants
            ]
            standings = compute_standings(
                entrants, results, profile=profile, scoring=scoring, seed=seed
            )
        print(f"  {size:>4} players, {rounds:>2} rounds:{worst or ' every round equal'}")
    print(f"  ROUNDS ABOVE THE REFERENCE: {above} of {rounds_seen}")
    print(f"  ROUNDS BELOW THE LOWER BOUND (engine or reference): {below} of {rounds_seen}")
    print()


def scaling(sizes: list[int], seed: int) -> None:
    """Time round 6 of events of growing size and fit the exponent of the growth."""
    print("== scaling: round 6 of events of growing size (best of 3 runs)")
    print("      size     pairing   standings   pairing/(n log n)")
    profile = TiebreakProfile.mtr()
    points: list[tuple[int, float, float]] = []
    for size in sizes:
        rng = random.Random(seed)
        entrants = [Entrant(f"p{i:05d}") for i in range(size)]
        results: list[list[MatchResult]] = []
        for rnd in range(1, 6):
            records = player_records(entrants, results)
            results.append(random_results(pair_round(records, round_number=rnd, seed=rnd), rng))
        standings = compute_standings(entrants, results, profile=profile, seed=seed)
        records = player_records(entrants, results, standings=standings)
        pair_best = stand_best = math.inf
        for _ in range(3):
            start = time.perf_counter()
            pair_round(records, round_number=6, seed=seed)
            pair_best = min(pair_best, time.perf_counter() - start)
            start = time.perf_counter()
            compute_standings(entrants, results, profile=profile, seed=seed)
            stand_best = min(stand_best, time.perf_counter() - start)
        points.append((size, pair_best, stand_best))
        per = pair_best / (size * math.log2(size)) * 1e9
        print(f"  {size:>8,} {fmt_ms(pair_best)} {fmt_ms(stand_best)}   {per:8.1f} ns")
    (n0, p0, s0), (n1, p1, s1) = points[0], points[-1]
    grow = math.log(n1 / n0)
    nlogn = math.log((n1 * math.log2(n1)) / (n0 * math.log2(n0))) / grow
    print(
        f"  fitted exponent {n0:,} -> {n1:,}: pairing n^{math.log(p1 / p0) / grow:.2f}, "
        f"standings n^{math.log(s1 / s0) / grow:.2f}  (n log n = n^{nlogn:.2f}, n^2 = n^2.00)"
    )
    print()


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 players only")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--nx-rounds",
        type=int,
        default=3,
        help="rounds of the 1,000 event also paired by networkx (about 1.5 min each)",
    )
    parser.add_argument(
        "--sweep-events", type=int, default=6, help="events in the sweep against networkx"
    )
    args = parser.parse_args()
    sizes = [100, 1_000] if args.quick else [100, 1_000, 10_000]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {sys.version.split()[0]}, seed {args.seed}, {os.cpu_count()} CPUs, "
        f"load average {load:.2f} at start (wall times suffer when the machine is busy)"
    )
    print()
    all_stats: list[EventStats] = []
    last = ROUNDS[NX_SIZE]
    count = max(1, min(args.nx_rounds, last - 1))
    nx_keep = {2 + round(k * (last - 2) / max(count - 1, 1)) for k in range(count)}
    for size in sizes:
        rounds = ROUNDS[size]
        stats = run_event(size, rounds, args.seed, nx_keep if size == NX_SIZE else set())
        all_stats.append(stats)
        print(f"== {size:,} players, {rounds} rounds ({stats.dropped} dropped by the end)")
        print(
            f"  pair a round : median {fmt_ms(statistics.median(stats.pair_times))}   "
            f"worst {fmt_ms(max(stats.pair_times))}   "
            f"(CPU median {fmt_ms(statistics.median(stats.pair_cpu))})"
        )
        print(
            f"  standings    : median {fmt_ms(statistics.median(stats.standings_times))}   "
            f"worst {fmt_ms(max(stats.standings_times))}   "
            f"(CPU median {fmt_ms(statistics.median(stats.standings_cpu))})"
        )
        print(f"  peak memory  : {stats.peak_bytes / 2**20:9.1f} MiB (one round + standings)")
        print(
            f"  rematches    : {stats.rematches} ({stats.avoidable_rematches} avoidable)   "
            f"pair-downs: {stats.pair_downs} ({stats.pair_downs / rounds:.1f} per round)   "
            f"byes: {stats.byes}, second byes: {stats.repeat_byes}"
        )
        if size == 10_000:
            pair_ratio = statistics.median(stats.pair_times) / 1.0
            stand_ratio = statistics.median(stats.standings_times) / 0.5
            print(
                f"  targets      : pairing <= 1 s median: {'PASS' if pair_ratio <= 1 else 'FAIL'}"
                f" ({pair_ratio:.2f}x the target; CPU "
                f"{statistics.median(stats.pair_cpu) / 1.0:.2f}x);"
                f" standings <= 0.5 s median: {'PASS' if stand_ratio <= 1 else 'FAIL'}"
                f" ({stand_ratio:.2f}x; CPU {statistics.median(stats.standings_cpu) / 0.5:.2f}x)"
            )
        print("  round          " + "".join(f"{r:>5}" for r in range(1, rounds + 1)))
        print("  pair-downs     " + "".join(f"{x:>5}" for x in stats.round_pair_downs))
        print("  lower bound    " + "".join(f"{x:>5}" for x in stats.round_bounds))
        pairs = list(zip(stats.round_pair_downs, stats.round_bounds, strict=True))
        under = sum(count < bound for count, bound in pairs)
        at = sum(count == bound for count, bound in pairs)
        print(
            f"  LOWER BOUND  : pair-downs >= bound every round: {'PASS' if not under else 'FAIL'}"
            f"; at the bound in {at} of {rounds} rounds"
        )
        if size == NX_SIZE:
            ours: list[float] = []
            theirs: list[float] = []
            equal = True
            for rnd, (records, pairing) in sorted(stats.snapshots.items()):
                start = time.perf_counter()
                pair_round(records, round_number=rnd, seed=args.seed + rnd, config=ScoringConfig())
                ours.append(time.perf_counter() - start)
                bye = pairing.bye.player if pairing.bye else None
                start = time.perf_counter()
                rematches, pair_downs = reference_counts(records, bye, ScoringConfig())
                theirs.append(time.perf_counter() - start)
                mine = (len(pairing.summary.rematches), pairing.summary.pair_downs)
                equal = equal and mine == (rematches, pair_downs)
                print(
                    f"  networkx     : round {rnd:>2}: pair-downs {pair_downs} (engine "
                    f"{mine[1]}, lower bound {pairing.summary.pair_downs_lower_bound}), "
                    f"rematches {rematches} (engine {mine[0]}), {fmt_ms(theirs[-1])} "
                    f"(engine {fmt_ms(ours[-1])})"
                )
            ratio = statistics.median(theirs) / statistics.median(ours)
            print(
                f"  REFERENCE    : pair-downs and rematches equal to networkx: "
                f"{'PASS' if equal else 'FAIL'}; engine is {ratio:,.0f}x faster at 1,000"
            )
        print()
    scaling(
        [250, 500, 1_000, 2_000] if args.quick else [1_000, 2_000, 4_000, 8_000, 16_000], args.seed
    )
    sweep(2 if args.quick else args.sweep_events, args.seed)
    base = all_stats[0]
    base_cost = statistics.median(base.pair_times)
    base_stand = statistics.median(base.standings_times)
    print("== growth of the whole events (median over their rounds; rounds differ by size)")
    print("  size      pairing   standings   n log n      n^2")
    for stats in all_stats:
        n = stats.size
        nlogn = (n * math.log2(n)) / (base.size * math.log2(base.size))
        n2 = (n / base.size) ** 2
        pair_ratio = statistics.median(stats.pair_times) / base_cost
        stand_ratio = statistics.median(stats.standings_times) / base_stand
        print(f"  {n:>6,} {pair_ratio:9.1f}x {stand_ratio:10.1f}x {nlogn:9.1f}x {n2:9.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
