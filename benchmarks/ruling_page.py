"""How fast the judge's ruling page renders for a 10-turn game with claims (a
judge at the table waits for it).

A throw-away SQLite database is migrated, the invented demo cards and (when the shared folder is
beside the checkout) the ground rules and Japanese basic rules are imported, a random legal game of
10 turns with 10 claims is replayed into a case, and the page is fetched through Django's test
client (the whole stack: middleware, route guard, selectors, presenter, templates) in English and
Japanese. Prints the median of the rounds, the ratio to the 300 ms target and the queries per page.
Run: .venv/bin/python benchmarks/ruling_page.py [--rounds 30]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TARGET_MS = 300.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="ruling-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    # No setup_test_environment: its instrumented template rendering copies every context for
    # the test client, which a real request does not pay.
    call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["testserver"]

    from django.contrib.auth import get_user_model

    from cardpool.importers import records_from_text
    from cardpool.services import card_import
    from judging.engine.registry import plugin
    from judging.management.commands.load_demo import DEMO_CARDS
    from judging.selectors import engine_cards
    from judging.services import judge_case_open, ruling_compute
    from tournaments.services import event_create, event_role_grant

    real = Path(settings.SHARED_DIR) / "data" / "zutomayo" / "cards.json"
    pool = real if real.exists() else DEMO_CARDS  # the real pool: 425 cards in the autocomplete
    records = records_from_text(pool.read_text(encoding="utf-8"), filename=pool.name)
    card_import(game_slug="zutomayo", records=records, source="benchmark", is_demo=pool != real)
    rules = Path(settings.SHARED_DIR) / "rules"
    for slug, version, name in (("ground-rules", "1.0.1", "zutomayo-ground-rules-1.0.1.en.txt"),
                                ("basic-rules", "1", "zutomayo-basic-rules.ja.txt")):  # fmt: skip
        if (rules / name).exists():
            call_command("import_rules", "--game", "zutomayo", "--version", version,
                         "--document", slug, str(rules / name), stdout=StringIO())  # fmt: skip
    user_model = get_user_model()
    organiser = user_model.objects.create_user("bench-organiser", password="x")  # noqa: S106 - a throw-away database
    judge = user_model.objects.create_user("bench-judge", password="x")  # noqa: S106 - a throw-away database
    import datetime as dt

    event = event_create(name="Benchmark Cup", game_slug="zutomayo", date=dt.date(2026, 12, 1),
                         venue="Hall", capacity=16, created_by=organiser)  # fmt: skip
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    zutomayo = plugin("zutomayo")
    if zutomayo is None:
        raise SystemExit("no ZUTOMAYO CARD plug-in")
    cards = engine_cards(game="zutomayo")
    cards_in_pool = len(records)
    seed = 2026
    while True:  # the first seed whose random game lasts 10 turns (its first 10, as played)
        record: Any = zutomayo.random_game(random.Random(seed), cards=cards)
        if len(record["turns"]) >= 10:
            break
        seed += 1
    record["turns"] = list(record["turns"])[:10]
    turns = len(record["turns"])
    paths = ("players[0].hp", "players[1].hp", "chronos.time", "battle.winner", "medal")
    record["claims"] = [
        {"party": str(i % 2), "at": f"T{1 + i % turns}", "path": paths[i % len(paths)],
         "value": 50 if "hp" in paths[i % len(paths)] else (0 if "winner" in paths[i % len(paths)]
                                                          else "night")}
        for i in range(10)
    ]  # fmt: skip
    record["claims"][4]["value"] = 3  # the medal's mark
    case = judge_case_open(event_id=event.pk, by=judge, title="Benchmark case")
    ruling_compute(case_id=case.pk, by=judge, record=record)
    client = Client()
    client.force_login(judge)
    url = f"/judging/cases/{case.pk}/"
    for lang in ("en", "ja"):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"the page answered {response.status_code}")
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        counted = len(queries.captured_queries)
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        median = statistics.median(times)
        if os.environ.get("PROFILE"):
            import cProfile
            import pstats

            profiler = cProfile.Profile()
            profiler.runcall(client.get, url)
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        print(
            f"ruling page ({lang}), {turns} turns, 10 claims, {cards_in_pool} cards: "
            f"median {median:6.1f} ms over {args.rounds} rounds, {counted} queries, "
            f"{len(response.content) / 1024:.0f} KiB "
            f"(target {TARGET_MS:.0f} ms; ratio {TARGET_MS / median:.1f}x under)"
        )


if __name__ == "__main__":
    main()
