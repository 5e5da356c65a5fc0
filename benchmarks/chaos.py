"""A bounded fault suite on a private stack (``make chaos``): no fault loses an
acknowledged report.

Starts ``benchmarks/stack.py`` (its own PostgreSQL, Redis, gunicorn, one Celery worker; never the
machine's shared servers), builds an event of ``2 × --tables`` players with API tokens (the
``SETUP`` of ``benchmarks/load.py``) and starts round 1. Then four faults, each during a storm
of result reports and confirmations on its own share of the tables (``--concurrency`` threads,
the mix of ``load.py``: report + confirm, both report, 5 % disputes, 7 % sent twice):

1. ``kill -9`` of one gunicorn worker mid-storm (the master starts another);
2. Redis stopped (SIGKILL) mid-storm and started again (empty) a few seconds later;
3. the database's connections terminated (``pg_terminate_backend`` on the private cluster)
   three times mid-storm;
4. the Celery worker killed (``kill -9``, its pool too) while PDF jobs render, started again;
   the sweeper (``manage.py sweep_jobs``, short ``JOB_RESEND_SECONDS`` / ``JOB_STALE_SECONDS``)
   puts the lost jobs back, and every PDF ends done.

A request that got no answer or a 5xx is sent again afterwards with the same
``Idempotency-Key``, as a phone would. After each fault the suite checks that every request
that got a 2xx is in the database (its report row, by reporter and key), that every 5xx on the
API was a JSON 503 with ``Retry-After`` (none other), and the invariants of req 7 (``CHECK`` of
``load.py``: one confirmed result per undisputed match, none for a disputed one, no duplicate
versions or keys, audit rows equal reports). Prints a summary; exit 1 when anything broke.

``python benchmarks/chaos.py [--tables 240] [--workers 3] [--concurrency 16]``

``--smoke`` (``.ci/run``, bounded there at 120 s): the same four faults and the same checks on a
smaller world (60 tables, 2 web workers, 8 threads, 3 PDF jobs; an option given beside it
still wins), about a minute on two cores. The full run is ``make chaos`` (docs/testing.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import CHECK, SETUP, _django, _request
from players import mint
from players import tables as round_tables
from stack import Stack, _pg_bin

SEEN = r"""
import json, sys
import django
django.setup()
from tournaments.models import ResultReport

wanted = json.loads(sys.argv[1])
keys = set(
    ResultReport.objects.exclude(idempotency_key="").values_list("idempotency_key", flat=True)
)
print(json.dumps({"missing": [key for key in wanted if key not in keys]}))
"""

PDFS = r"""
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from tournaments.services import print_job_request

event, count = int(sys.argv[1]), int(sys.argv[2])
organiser = get_user_model().objects.get(username="load-organiser")
kinds = ["pairings_by_name", "pairings_by_table", "match_slips"]
ids = [
    print_job_request(event_id=event, kind=kinds[n % 3], by=organiser,
                      base_url="https://to.example.org").pk
    for n in range(count)
]
print(json.dumps({"ids": ids}))
"""

PDF_STATE = r"""
import json, sys
import django
django.setup()
from django.db.models import Count
from tournaments.models import PrintJob

ids = json.loads(sys.argv[1])
rows = PrintJob.objects.filter(pk__in=ids)
print(json.dumps({
    "statuses": dict(rows.values_list("status").annotate(n=Count("id")).values_list("status", "n")),
    "without_pdf": rows.filter(status="done", pdf__isnull=True).count(),
    "attempts": dict(rows.values_list("attempts").annotate(n=Count("id"))
                     .values_list("attempts", "n")),
}))
"""


#: ``make chaos``: every fault on a quarter-thousand tables.
FULL = {"tables": 240, "workers": 3, "concurrency": 16, "pdfs": 12}
#: ``--smoke``: the same faults and checks, a smaller world (each fault still has 20 tables).
SMOKE = {"tables": 60, "workers": 2, "concurrency": 8, "pdfs": 3}


@dataclass
class Step:
    token: str
    path: str
    body: dict[str, int]
    key: str
    is_report: bool


@dataclass
class Table:
    match: int
    steps: list[Step]
    done: int = 0  # steps answered (2xx or 4xx) so far


@dataclass
class Record:
    statuses: Counter[int] = field(default_factory=Counter)
    bad_5xx: list[str] = field(default_factory=list)  # a 5xx that is not a JSON 503 + Retry-After
    two_xx_keys: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _tables(world: dict[str, object], rng: random.Random) -> tuple[list[Table], list[int]]:
    event = world["event"]
    tables, disputed = [], []
    for row in world["tables"]:  # type: ignore[attr-defined]
        prefix = f"/api/v1/events/{event}/matches/{row['match']}/"
        roll = rng.random()
        kind = "dispute" if roll < 0.05 else ("both" if roll < 0.525 else "confirm")
        key = uuid.uuid4().hex
        steps = [Step(row["a"], prefix + "report/", {"wins_a": 1, "wins_b": 0}, key, True)]
        if rng.random() < 0.07:  # the same report sent twice
            steps.append(Step(row["a"], prefix + "report/", {"wins_a": 1, "wins_b": 0}, key, True))
        if kind == "confirm":
            steps.append(Step(row["b"], prefix + "confirm/", {}, uuid.uuid4().hex, False))
        else:
            score = {"wins_a": 0, "wins_b": 1} if kind == "dispute" else {"wins_a": 1, "wins_b": 0}
            steps.append(Step(row["b"], prefix + "report/", score, uuid.uuid4().hex, True))
        if kind == "dispute":
            disputed.append(int(row["match"]))
        tables.append(Table(int(row["match"]), steps))
    return tables, disputed


def _drive(base: str, table: Table, record: Record) -> None:
    """Send the table's remaining steps in order; stop at the first without an answer."""
    while table.done < len(table.steps):
        step = table.steps[table.done]
        headers = {"Authorization": f"Token {step.token}", "Idempotency-Key": step.key}
        status, answer, _ = _request(base, "POST", step.path, headers=headers, body=step.body)
        with record.lock:
            record.statuses[status] += 1
            if 500 <= status < 599 and not (
                status == 503
                and answer.get("Retry-After")
                and answer.get("Content-Type", "").startswith("application/json")
            ):
                record.bad_5xx.append(f"{status} {step.path} {answer.get('Content-Type')}")
            if 200 <= status < 300 and step.is_report:
                record.two_xx_keys.append(step.key)
        if status >= 500:
            return  # sent again later with the same key
        table.done += 1


def _storm(
    base: str, tables: list[Table], record: Record, concurrency: int, fault: Callable[[], None]
) -> float:
    """Drive the tables at ``concurrency`` while ``fault`` runs in a thread; then send again
    (same keys) what got no answer, until every table is answered or a minute has passed."""
    started = time.perf_counter()
    thread = threading.Thread(target=fault)
    thread.start()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        list(pool.map(lambda table: _drive(base, table, record), tables))
    thread.join()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        left = [table for table in tables if table.done < len(table.steps)]
        if not left:
            break
        time.sleep(1)
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            list(pool.map(lambda table: _drive(base, table, record), left))
    return time.perf_counter() - started


def _psql(stack: Stack, sql: str) -> str:
    port = str(stack.ports["postgres"])
    done = subprocess.run(
        [str(_pg_bin() / "psql"), "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "zto",
         "-tAc", sql],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.stdout.strip()


def _check(stack: Stack, tables: list[Table], disputed: list[int], record: Record) -> list[str]:
    """What broke (empty: nothing)."""
    problems = []
    unanswered = sum(table.done < len(table.steps) for table in tables)
    if unanswered:
        problems.append(f"{unanswered} tables never answered")
    if record.bad_5xx:
        problems.append(f"{len(record.bad_5xx)} 5xx other than a JSON 503: {record.bad_5xx[:3]}")
        errors = [
            line for line in stack.log("web").splitlines()
            if line.startswith(("django.", "psycopg.", "redis.", "Internal Server Error"))
        ]  # fmt: skip
        problems.append(f"the web log says: {errors[-4:]}")
    seen = _django(stack, SEEN, json.dumps(sorted(set(record.two_xx_keys))))
    missing = cast(list[str], seen["missing"])
    if missing:
        problems.append(f"{len(missing)} 2xx reports missing from the database: {missing[:5]}")
    check = _django(
        stack, CHECK, json.dumps(disputed), json.dumps([table.match for table in tables])
    )
    if (
        check["undisputed_without_one_confirmed"]
        or check["disputed_with_a_confirmed"]
        or check["duplicate_versions"]
        or check["duplicate_keys"]
        or check["reports"] != check["audit_rows"]
    ):
        problems.append(f"invariants broken: {json.dumps(check)[:400]}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description="faults on a private stack")
    parser.add_argument("--tables", type=int)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--concurrency", type=int)
    parser.add_argument("--pdfs", type=int)
    parser.add_argument("--smoke", action="store_true", help="the per-commit preset (.ci/run)")
    args = parser.parse_args()
    preset = SMOKE if args.smoke else FULL
    for name, value in preset.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    print(f"== {'smoke' if args.smoke else 'full'} run: {vars(args)}", flush=True)
    rng = random.Random(8)
    suite_started = time.perf_counter()
    extra = {"JOB_RESEND_SECONDS": "2", "JOB_STALE_SECONDS": "5"}
    print(f"== private stack: gunicorn x{args.workers}, PostgreSQL, Redis, Celery", flush=True)
    results: list[tuple[str, float, Record, list[str]]] = []
    with Stack(workers=args.workers, extra_env=extra) as stack:
        base = stack.web_url
        print(f"== building {args.tables} tables ({2 * args.tables} players)", flush=True)
        world = _django(stack, SETUP, str(2 * args.tables))
        keys, _organiser = mint(stack, int(str(world["event"])))
        world["tables"] = round_tables(stack, int(str(world["event"])), 1, keys)
        tables, disputed = _tables(world, rng)
        share = len(tables) // 3
        shares = [tables[:share], tables[share : 2 * share], tables[2 * share :]]

        def kill_a_web_worker() -> None:
            time.sleep(0.5)
            os.kill(stack.children("web")[0], 9)

        def redis_down_and_up() -> None:
            time.sleep(0.5)
            stack.kill("redis")
            time.sleep(4)
            stack.restart("redis")

        def terminate_connections() -> None:
            for _ in range(3):
                time.sleep(0.7)
                _psql(
                    stack,
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = 'zto' AND pid <> pg_backend_pid()",
                )

        faults = [
            ("kill -9 of a web worker", kill_a_web_worker),
            ("Redis stopped and restarted", redis_down_and_up),
            ("database connections terminated x3", terminate_connections),
        ]
        for (name, fault), share_tables in zip(faults, shares, strict=True):
            print(f"== {name}: {len(share_tables)} tables", flush=True)
            record = Record()
            seconds = _storm(base, share_tables, record, args.concurrency, fault)
            time.sleep(1)
            results.append((name, seconds, record, _check(stack, share_tables, disputed, record)))

        print(f"== Celery worker killed during {args.pdfs} PDF jobs", flush=True)
        started = time.perf_counter()
        asked = _django(stack, PDFS, str(world["event"]), str(args.pdfs))
        time.sleep(0.3)
        stack.kill("celery")
        time.sleep(1)
        stack.restart("celery")
        state: dict[str, object] = {}
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            stack.manage("sweep_jobs")
            state = _django(stack, PDF_STATE, json.dumps(asked["ids"]))
            if state["statuses"] == {"done": args.pdfs}:
                break
            time.sleep(2)
        problems = []
        if state.get("statuses") != {"done": args.pdfs} or state.get("without_pdf"):
            problems.append(f"PDF jobs not all done: {state}")
        record = Record()
        record.statuses.update({200: args.pdfs})
        results.append(("Celery worker killed during PDFs", time.perf_counter() - started,
                        record, problems))  # fmt: skip
        pdf_attempts = state.get("attempts")
        final = _check(stack, tables, disputed, Record())

    total = time.perf_counter() - suite_started
    print()
    print(f"{'fault':<38} {'seconds':>7}  statuses / result")
    ok = not final
    for name, seconds, record, problems in results:
        statuses = dict(sorted(record.statuses.items()))
        print(f"{name:<38} {seconds:7.1f}  {statuses}")
        if record.two_xx_keys:
            answered = len(set(record.two_xx_keys))
            print(f"    {answered} reports answered 2xx, looked up in the database")
        for problem in problems:
            print(f"    BROKEN: {problem}")
        ok = ok and not problems
    print(f"PDF attempts per job: {pdf_attempts} (a job whose worker died runs again, once done)")
    print(f"whole event after every fault: {final or 'invariants hold'}")
    print(f"suite: {total:.0f} s; {'every check holds' if ok else 'SOMETHING BROKE'}")
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
