"""A 2,000-player event on the production topology (``make scale-out``), to
show the topology works end to end.

On loopback, every process private (``benchmarks/stack.py``, its own directory and ports; never
the machine's shared servers or the system's nginx service):

- one PostgreSQL and one Redis;
- two web nodes: two gunicorn processes (``--workers`` sync workers each) on two ports;
- nginx in front of them as the load balancer (``deploy/nginx.conf.template``: ``least_conn``,
  ``X-Forwarded-For`` / ``X-Forwarded-Proto``; the nodes run with ``TRUSTED_PROXY_HOPS=1``);
- two Celery workers and exactly one Celery beat.

The event: ``--players`` players registered and checked in (the ``SETUP`` of
``benchmarks/load.py``, through the services), round 1 paired and started. Then, every request
through nginx and the API: each round's tables report (half report + confirm, half both players
report the same score; 7 % of the reports sent twice with the same ``Idempotency-Key``) at
``--concurrency``; the organiser completes the round, pairs the next and starts it (API token);
after ``--rounds`` rounds the organiser finishes the event and reads the standings. Prints
the throughput per round, which node answered how much, and checks the invariants of req 7
(``CHECK`` of ``load.py``) over every match of the event.

``python benchmarks/scale_out.py [--players 2000] [--rounds 11] [--workers 2] [--concurrency 32]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import CHECK, SETUP, Timings, _django, _request, _run, _table_job
from players import mint
from players import tables as round_tables
from stack import Stack


def _organiser(base: str, token: str, method: str, path: str, body: object = None) -> int:
    status, _, _ = _request(
        base, method, path, headers={"Authorization": f"Token {token}"}, body=body
    )
    return status


def _upstreams(stack: Stack) -> Counter[str]:
    """Requests per web node, from nginx's access log (``$upstream_addr``)."""
    assert stack.dir is not None
    log = stack.dir / "nginx" / "logs" / "upstream.log"
    names = {f"127.0.0.1:{stack.ports[name]}": name
             for name in (*stack.web_names, *stack.read_names)}  # fmt: skip
    counts: Counter[str] = Counter()
    if log.exists():
        for line in log.read_text().splitlines():
            for address in line.replace(",", " ").split():
                counts[names.get(address, address)] += 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description="a 2,000-player event on two web nodes")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--read-workers",
        type=int,
        default=1,
        help="each node's read pool (GET and HEAD, from nginx)",
    )
    parser.add_argument("--concurrency", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(9)
    started = time.perf_counter()
    print(
        f"== private topology: nginx -> 2 web nodes (gunicorn x{args.workers} each, and a "
        f"read pool x{args.read_workers} each), "
        "2 Celery workers, 1 beat, PostgreSQL, Redis",
        flush=True,
    )
    stack = Stack(
        workers=args.workers, web_nodes=2, celery_workers=2, beat=True, nginx=True,
        read_workers=args.read_workers,
        extra_env={"TRUSTED_PROXY_HOPS": "1"},
    )  # fmt: skip
    with stack:
        base = stack.web_url
        print(f"   load balancer {base}; nodes " + ", ".join(
            stack.node_url(name) for name in stack.web_names), flush=True)  # fmt: skip
        print(f"== registering {args.players} players (services), round 1 paired", flush=True)
        world = _django(stack, SETUP, str(args.players))
        event = int(str(world["event"]))
        keys, token = mint(stack, event)
        matches: list[int] = []
        failures: list[str] = []
        statuses: Counter[int] = Counter()
        print(
            f"{'round':>5} {'tables':>6} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7}"
        )
        for number in range(1, args.rounds + 1):
            tables = round_tables(stack, event, number, keys)
            matches += [int(str(table["match"])) for table in tables]
            out = Timings()
            jobs = [
                _table_job(
                    base, event, table, "confirm" if rng.random() < 0.5 else "both",
                    rng.random() < 0.07, out,
                )
                for table in tables
            ]  # fmt: skip
            seconds = _run(jobs, args.concurrency)
            statuses.update(out.statuses)
            print(
                f"{number:>5} {len(tables):>6} {len(out.seconds):>8} "
                f"{len(out.seconds) / seconds:7.1f} {statistics.median(out.seconds) * 1000:7.1f} "
                f"{out.p(0.99) * 1000:7.1f}",
                flush=True,
            )
            prefix = f"/api/v1/events/{event}/"
            status = _organiser(base, token, "POST", f"{prefix}rounds/{number}/complete/")
            if status != 200:
                failures.append(f"round {number} complete: {status}")
                break
            if number == args.rounds:
                break
            status = _organiser(base, token, "POST", f"{prefix}rounds/", {"seed": number})
            if status != 201:
                failures.append(f"round {number + 1} pair: {status}")
                break
            status = _organiser(base, token, "POST", f"{prefix}rounds/{number + 1}/start/")
            if status != 200:
                failures.append(f"round {number + 1} start: {status}")
                break
        finish = _organiser(base, token, "POST", f"/api/v1/events/{event}/finish/")
        standings = _organiser(base, token, "GET", f"/api/v1/events/{event}/standings/")
        check = _django(stack, CHECK, json.dumps([]), json.dumps(matches))
        nodes = _upstreams(stack)
        beats = [name for name in stack.pids if name == "beat"]
    total = time.perf_counter() - started
    print()
    print(f"report/confirm statuses {dict(sorted(statuses.items()))}")
    print(f"event finish {finish}, standings {standings}")
    print(f"requests per web node (nginx upstream log): {dict(sorted(nodes.items()))}")
    print(f"beat processes: {len(beats)}; Celery workers: {len(stack.celery_names)}")
    print(f"invariants: {json.dumps(check)}")
    ok = (
        not failures
        and finish == 200
        and standings == 200
        and all(200 <= code < 300 for code in statuses)
        and all(nodes.get(name, 0) > 0 for name in stack.web_names)  # both web nodes served
        and not check["undisputed_without_one_confirmed"]
        and check["duplicate_versions"] == 0
        and check["duplicate_keys"] == 0
        and check["reports"] == check["audit_rows"]
    )
    for failure in failures:
        print(f"BROKEN: {failure}")
    print(f"scale-out: {total:.0f} s; {'invariants hold' if ok else 'SOMETHING BROKE'}")
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
