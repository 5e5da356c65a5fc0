"""Benchmark of the Swiss engine on simulated events (a script, not a test).

    .venv/bin/python benchmarks/pairing.py            # 100, 1,000 and 10,000 players
    .venv/bin/python benchmarks/pairing.py --quick    # 100 and 1,000 only

Per size: median and worst time to pair a round and to compute standings, peak memory
(tracemalloc, measured on a separate run of the last round), rematches, pair-downs and repeat
byes over the event; at 1,000 players a straightforward networkx.max_weight_matching over all
unplayed pairs on a few rounds of the same event, with the speed ratio. Targets: a
10,000-player round paired in at most 1 s (median), standings in at most 0.5 s, no avoidable
rematch, no second bye, cost growing close to n log n.
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
    snapshots: list[list[PlayerRecord]] = field(default_factory=list)


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
        if rnd in keep:
            stats.snapshots.append(records)
        start, cpu = time.perf_counter(), time.process_time()
        pairing = pair_round(records, round_number=rnd, seed=seed + rnd, config=scoring)
        stats.pair_times.append(time.perf_counter() - start)
        stats.pair_cpu.append(time.process_time() - cpu)
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


def networkx_round(records: list[PlayerRecord], config: ScoringConfig) -> tuple[float, int]:
    """Pair a round with max_weight_matching over every unplayed pair; (seconds, unpaired)."""
    import networkx as nx  # dev-only, allowed here and only here

    active = [r for r in records if not r.dropped]
    points = {r.id: r.match_points(config) for r in active}
    met = {r.id: set(r.opponents) for r in active}
    top = max(points.values(), default=0)
    start = time.perf_counter()
    graph = nx.Graph()
    ids = [r.id for r in active]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if b not in met[a]:
                graph.add_edge(a, b, weight=(top + 1) ** 2 - (points[a] - points[b]) ** 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    elapsed = time.perf_counter() - start
    return elapsed, len(active) - 2 * len(matching)


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
        "--nx-rounds", type=int, default=2, help="rounds of the 1,000 event paired by networkx"
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
    nx_keep = {2, ROUNDS[NX_SIZE]} if args.nx_rounds >= 2 else {2}
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
            ok_pair = statistics.median(stats.pair_times) <= 1.0
            ok_stand = statistics.median(stats.standings_times) <= 0.5
            print(
                f"  targets      : pairing <= 1 s median: {'PASS' if ok_pair else 'FAIL'};"
                f" standings <= 0.5 s median: {'PASS' if ok_stand else 'FAIL'}"
            )
        if size == NX_SIZE:
            ours: list[float] = []
            theirs: list[float] = []
            for records in stats.snapshots:
                start = time.perf_counter()
                result = pair_round(records, round_number=5, seed=1, config=ScoringConfig())
                ours.append(time.perf_counter() - start)
                elapsed, unpaired = networkx_round(records, ScoringConfig())
                theirs.append(elapsed)
                print(
                    f"  networkx     : {fmt_ms(elapsed)} for one round "
                    f"(engine {fmt_ms(ours[-1])}, rematches {len(result.summary.rematches)},"
                    f" networkx unpaired {unpaired})"
                )
            ratio = statistics.median(theirs) / statistics.median(ours)
            print(f"  SPEED RATIO  : engine is {ratio:,.0f}x faster than networkx at 1,000")
        print()
    scaling(
        [250, 500, 1_000, 2_000] if args.quick else [1_000, 2_000, 4_000, 8_000, 16_000], args.seed
    )
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
