"""What one request costs in server time, measured in process, to find
where a report's cost goes.

``benchmarks/load.py`` measures the whole stack over HTTP, where the machine's other load is part
of every figure. This script calls the production WSGI application itself (every middleware,
the production settings: database sessions, API tokens, gzip, a broker for the outbox), one
request at a time, interleaving the kinds of request in each run, so that whatever else the
machine does falls on every kind alike and cancels out of the ratios to the yardstick.

For each kind it prints the median server time over ``--runs`` runs, its ratio to the
yardstick's (``/yardstick``: one row by primary key) and its query count:

- the yardstick;
- a 304 to a conditional poll of each live page (the pairings and standings pages' live
  regions, by htmx) and API read (a round's pairings, the standings);
- a 200 to a poll that has no tag (the API pairings, gzip; the pairings page's live region);
- a report (a player's first report of a match), a confirmation (the opponent's ``confirm/``)
  and a both-report (the opponent reports the same score, which confirms it), each with an
  API token and an ``Idempotency-Key``; and a retry of a report with the same key (a replay).

The event is built once (``--prepare``): 512 checked-in players with API tokens, round 1
paired and started, as ``benchmarks/load.py`` builds it, in a database of its own (PostgreSQL
``zto_cheap`` on the machine's server by default; ``--database-url`` for another, SQLite too).
Each run first takes back the reports of the previous run (its reports, audit entries,
notifications and outbox rows), so the same tables report again.

``--profile report|confirm|both|replay|poll``: cProfile of that request instead (``--runs``
requests), the functions that take the time, by cumulative time.

``python benchmarks/request_cost.py --prepare`` once, then ``python benchmarks/request_cost.py
[--runs 60]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORLD = ROOT / "var" / "request_cost_world.json"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/zto_cheap"
#: A Redis database of this benchmark's own on the machine's server (cache and broker; nothing
#: consumes the broker's queue here: the outbox rows stay queued, as with a late worker).
DEFAULT_REDIS = "redis://127.0.0.1:6379/12"
PLAYERS = 512


def _environment(args: argparse.Namespace) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    os.environ.setdefault("SECRET_KEY", "request-cost-benchmark-" + "x" * 40)
    os.environ["DATABASE_URL"] = args.database_url
    os.environ["REDIS_URL"] = args.redis_url
    os.environ.setdefault("CACHE_KEY_PREFIX", "zto_cheap")
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
    os.environ.setdefault("LOG_LEVEL", "WARNING")


def _create_database(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        path = Path(parts.path[1:]) if parts.path.startswith("//") else ROOT / parts.path[1:]
        path.unlink(missing_ok=True)
        return
    name = parts.path.strip("/")
    if not name.startswith("zto_"):
        raise SystemExit(f"refusing to drop {name!r}: use a database of your own (zto_<name>)")
    base = ["-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 5432)]
    base += ["-U", parts.username or "postgres"]
    subprocess.run(["dropdb", *base, "--if-exists", name], check=True)  # noqa: S607
    subprocess.run(["createdb", *base, name], check=True)  # noqa: S607


def _prepare(players: int) -> dict[str, Any]:
    """The event of ``benchmarks/load.py``: ``players`` checked in, with API tokens, round 1
    paired and started."""
    import datetime as dt
    import secrets

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.utils import timezone

    from core.models import ApiToken
    from core.tokens import token_hash
    from tournaments.models import Event, Match
    from tournaments.services import event_create, registration_create, round_pair, round_start
    from tournaments.services.registration import registration_check_in

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    user_model = get_user_model()
    organiser = user_model.objects.create_user(username="cost-organiser", password="cost-pw-12345")  # noqa: S106
    password = make_password("cost-pass-123456")
    user_model.objects.bulk_create(
        [user_model(username=f"cost{n}", password=password) for n in range(players)],
        batch_size=1000,
    )
    users = list(user_model.objects.filter(username__regex=r"^cost[0-9]+$"))
    keys = {user.pk: secrets.token_hex(20) for user in users}
    expires = timezone.now() + dt.timedelta(days=365)
    ApiToken.objects.bulk_create(
        [
            ApiToken(
                user=user,
                key_hash=token_hash(keys[user.pk]),
                prefix=keys[user.pk][:8],
                expires_at=expires,
            )
            for user in users
        ],
        batch_size=1000,
    )
    event = event_create(
        name="Cost Open", game_slug="zutomayo", date=dt.date(2027, 1, 10), created_by=organiser
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTRATION_OPEN)
    event.refresh_from_db()
    for n, user in enumerate(users):
        registration = registration_create(
            event=event, user=user, display_name=f"Player {n:04d}", by=organiser
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
    # The measured players submit no decklists: they are paired all the same.
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=7, unlisted="pair")
    round_start(round_id=round_obj.pk, by=organiser)
    matches = (
        Match.objects.filter(round=round_obj, is_bye=False)
        .select_related("player_a", "player_b")
        .order_by("table")
    )
    tables = [
        {"match": m.pk, "a": keys[m.player_a.user_id], "b": keys[m.player_b.user_id]}
        for m in matches
        if m.player_b is not None and m.player_a.user_id and m.player_b.user_id
    ]
    return {"event": event.pk, "round": round_obj.pk, "number": round_obj.number, "tables": tables}


def _reset(world: dict[str, Any]) -> None:
    """Take back what earlier runs stored: the round's reports and what they wrote beside."""
    from core.models import AuditEntry, OutboxJob
    from tournaments.models import ResultReport

    ResultReport.objects.filter(match__round_id=world["round"]).delete()
    AuditEntry.objects.filter(action__startswith="tournaments.result.").delete()
    OutboxJob.objects.all().delete()  # no worker here: every row is this benchmark's


# --- calling the application -------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float
    queries: int
    cpu: float


@dataclass
class Caller:
    """The production WSGI application, called in process, timed from the call to the closed
    body (``request_finished`` included), with the number of queries it ran."""

    application: Any
    count: list[int] = field(default_factory=lambda: [0])
    show: bool = False

    def __call__(
        self,
        method: str,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        body: object = None,
    ) -> Answer:
        data = b"" if body is None else json.dumps(body).encode()
        path, _, query = path.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SCRIPT_NAME": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "443",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_X_FORWARDED_PROTO": "https",
            "HTTP_X_FORWARDED_FOR": "127.0.0.1",
            "wsgi.url_scheme": "https",
            "wsgi.input": io.BytesIO(data),
            "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0),
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if body is not None:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(data))
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        seen: dict[str, Any] = {}

        def start_response(status: str, response_headers: list[tuple[str, str]], *_: Any) -> None:
            seen["status"] = int(status.split()[0])
            seen["headers"] = dict(response_headers)

        before = self.count[0]
        cpu = time.process_time()
        started = time.perf_counter()
        result = self.application(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu
        return Answer(
            seen["status"], seen["headers"], content, seconds, self.count[0] - before, cpu
        )

    @contextmanager
    def counting(self) -> Iterator[None]:
        from django.db import connection

        def wrapper(
            execute: Callable[..., Any], sql: str, params: Any, many: bool, ctx: Any
        ) -> Any:
            self.count[0] += 1
            if self.show:
                print(f"  SQL {sql[:600]}")
            return execute(sql, params, many, ctx)

        with connection.execute_wrapper(wrapper):
            yield


# --- the requests measured ---------------------------------------------------------------------


@dataclass
class Kind:
    """One kind of request: its timings (seconds), query counts and statuses."""

    name: str
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, answer: Answer) -> None:
        self.seconds.append(answer.seconds)
        self.cpu.append(answer.cpu)
        self.queries.append(answer.queries)
        self.statuses[answer.status] = self.statuses.get(answer.status, 0) + 1


class Polls:
    """Conditional polls that keep each address's latest tag, as a phone does."""

    def __init__(self, call: Caller) -> None:
        self.call = call
        self.tags: dict[str, str] = {}

    def poll(self, path: str, headers: dict[str, str], kind: Kind, tries: int = 3) -> None:
        """A 304 timed into ``kind``; a 200 (the content moved, a write of this run) only
        refreshes the tag, and the poll is sent again."""
        for _ in range(tries):
            sent = dict(headers)
            if path in self.tags:
                sent["If-None-Match"] = self.tags[path]
            answer = self.call("GET", path, headers=sent)
            if answer.status == 304:
                kind.add(answer)
                return
            if answer.status != 200 or "ETag" not in answer.headers:
                raise RuntimeError(f"{path}: {answer.status} {answer.body[:300]!r}")
            self.tags[path] = answer.headers["ETag"]


def _writer(call: Caller, world: dict[str, Any]) -> Callable[..., Answer]:
    def write(table: dict[str, Any], side: str, verb: str, body: object, key: str) -> Answer:
        path = f"/api/v1/events/{world['event']}/matches/{table['match']}/{verb}/"
        headers = {"Authorization": f"Token {table[side]}", "Idempotency-Key": key}
        answer = call("POST", path, headers=headers, body=body)
        if answer.status not in (200, 201):
            raise RuntimeError(f"{path}: {answer.status} {answer.body[:300]!r}")
        return answer

    return write


def _measure(call: Caller, world: dict[str, Any], runs: int) -> list[Kind]:
    event, number = world["event"], world["number"]
    tables = world["tables"]
    if len(tables) < 2 * runs:
        raise SystemExit(f"{len(tables)} tables: at most --runs {len(tables) // 2}")
    gzip = {"Accept-Encoding": "gzip"}
    htmx = {**gzip, "HX-Request": "true"}
    api_round = f"/api/v1/events/{event}/rounds/{number}/"
    api_standings = f"/api/v1/events/{event}/standings/"
    page_pairings = f"/events/{event}/rounds/{number}/pairings/"
    page_standings = f"/events/{event}/standings/"
    kinds = {
        name: Kind(name)
        for name in (
            "yardstick",
            "304 API pairings",
            "304 API standings",
            "304 pairings page (htmx)",
            "304 standings page (htmx)",
            "304 pairings page (whole)",
            "200 API pairings (gzip)",
            "200 pairings page (htmx)",
            "report",
            "report retry (replay)",
            "confirmation",
            "both-report",
        )
    }
    polls = Polls(call)
    write = _writer(call, world)
    score = {"wins_a": 1, "wins_b": 0}
    for _ in range(3):  # warm every path once (imports, templates, the connection)
        call("GET", "/yardstick")
        polls.poll(api_round, gzip, Kind("warm"))
        call("GET", page_pairings, headers=htmx)
    for run in range(runs):
        kinds["yardstick"].add(call("GET", "/yardstick"))
        polls.poll(api_round, gzip, kinds["304 API pairings"])
        polls.poll(api_standings, gzip, kinds["304 API standings"])
        polls.poll(page_pairings, htmx, kinds["304 pairings page (htmx)"])
        polls.poll(page_standings, htmx, kinds["304 standings page (htmx)"])
        polls.poll(page_pairings + "?whole", gzip, kinds["304 pairings page (whole)"])
        kinds["200 API pairings (gzip)"].add(call("GET", api_round, headers=gzip))
        kinds["200 pairings page (htmx)"].add(call("GET", page_pairings, headers=htmx))
        first, second = tables[2 * run], tables[2 * run + 1]
        key = uuid.uuid4().hex
        kinds["report"].add(write(first, "a", "report", score, key))
        kinds["report retry (replay)"].add(write(first, "a", "report", score, key))
        kinds["confirmation"].add(write(first, "b", "confirm", {}, uuid.uuid4().hex))
        kinds["yardstick"].add(call("GET", "/yardstick"))
        kinds["report"].add(write(second, "a", "report", score, uuid.uuid4().hex))
        kinds["both-report"].add(write(second, "b", "report", score, uuid.uuid4().hex))
    return list(kinds.values())


def _print(kinds: list[Kind], runs: int) -> None:
    yard = statistics.median(kinds[0].seconds)
    yard_cpu = statistics.median(kinds[0].cpu)
    print(
        f"{'request':28} {'wall':>8} {'× yard':>7} {'cpu':>8} {'× yard':>7} {'queries':>7}"
        f"  statuses  (medians of {runs} runs)"
    )
    for kind in kinds:
        median = statistics.median(kind.seconds)
        cpu = statistics.median(kind.cpu)
        shown = "/".join(str(q) for q in sorted(set(kind.queries)))
        statuses = ",".join(f"{s}×{n}" for s, n in sorted(kind.statuses.items()))
        print(
            f"{kind.name:28} {median * 1000:6.2f}ms {median / yard:6.2f}× {cpu * 1000:6.2f}ms"
            f" {cpu / yard_cpu:6.2f}× {shown:>7}  {statuses}"
        )


def _profile(call: Caller, world: dict[str, Any], what: str, runs: int, show: bool) -> None:
    tables = world["tables"]
    write = _writer(call, world)
    score = {"wins_a": 1, "wins_b": 0}
    api_round = f"/api/v1/events/{world['event']}/rounds/{world['number']}/"
    # COST_POLL_PATH: another address to poll ("{event}" and "{number}" filled in)
    api_round = os.environ.get("COST_POLL_PATH", api_round).format(**world)
    polls = Polls(call)
    polls.poll(api_round, {}, Kind("warm"))
    call("GET", "/yardstick")
    profiler = cProfile.Profile()
    call.show = False
    shown = show
    for run in range(runs):
        call.show = shown and run == runs - 1
        table = tables[run]
        key = uuid.uuid4().hex
        if what == "poll":
            profiler.enable()
            polls.poll(api_round, {}, Kind("poll"))
            profiler.disable()
            continue
        if what in ("report", "replay"):
            if what == "replay":
                write(table, "a", "report", score, key)
            profiler.enable()
            write(table, "a", "report", score, key)
            profiler.disable()
            continue
        write(table, "a", "report", score, uuid.uuid4().hex)
        profiler.enable()
        if what == "confirm":
            write(table, "b", "confirm", {}, key)
        else:
            write(table, "b", "report", score, key)
        profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(os.environ.get("COST_SORT", "cumulative")).print_stats(70)
    if os.environ.get("COST_CALLERS"):
        stats.print_callers(os.environ["COST_CALLERS"])
    print(out.getvalue())


def main() -> int:
    parser = argparse.ArgumentParser(description="server time per request, in process")
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--prepare", action="store_true", help="build the event first")
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument(
        "--database-url", default=os.environ.get("COST_DATABASE_URL", DEFAULT_DATABASE)
    )
    parser.add_argument("--redis-url", default=os.environ.get("COST_REDIS_URL", DEFAULT_REDIS))
    parser.add_argument("--profile", choices=("report", "confirm", "both", "replay", "poll"))
    parser.add_argument("--sql", action="store_true", help="print the SQL of each profiled request")
    args = parser.parse_args()
    _environment(args)
    if args.prepare:
        _create_database(args.database_url)
    import django

    django.setup()
    from django.core.wsgi import get_wsgi_application

    if args.prepare:
        started = time.perf_counter()
        world = _prepare(args.players)
        WORLD.parent.mkdir(parents=True, exist_ok=True)
        WORLD.write_text(json.dumps(world))
        print(f"prepared {args.players} players in {time.perf_counter() - started:.0f} s")
    world = json.loads(WORLD.read_text())
    _reset(world)
    call = Caller(get_wsgi_application(), show=args.sql)
    with call.counting():
        if args.profile:
            _profile(call, world, args.profile, args.runs, args.sql)
        else:
            kinds = _measure(call, world, args.runs)
            _print(kinds, args.runs)
    _reset(world)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
