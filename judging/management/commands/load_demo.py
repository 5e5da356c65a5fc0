"""``manage.py load_demo``: cards, rules, demo accounts and demo events. Safe to run again.

It lives in ``judging``, the top layer, because it fills every app (cards, events, rules).
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from cardpool.importers import records_from_text
from cardpool.services import card_import
from judging.games import judge_games
from judging.models import JudgeCase
from judging.services import judge_case_open, record_parse, rules_import, ruling_compute
from tournaments.demo.simulation import SimulationSettings, simulate_event
from tournaments.models import Event, Match, Registration, Round
from tournaments.services import (
    event_copy,
    event_create,
    event_role_grant,
    event_set_status,
    registration_create,
    result_report,
)

DEMO_CARDS = Path(__file__).resolve().parents[3] / "cardpool" / "demo" / "zutomayo-demo-cards.json"
DEMO_EVENT_NAME = "ZUTOMAYO CARD Demo Championship"
DEMO_CASE_TITLE = "Was it night on turn 3? (demo)"
#: A shipped example record (a worked time-of-day dispute, with its invented
#: cards): the demo case replays it so a judge sees a ruling at once.
DEMO_CASE_RECORD = Path(__file__).resolve().parents[2] / "examples" / "time-of-day-dispute.json"
LIVE_EVENT_NAME = "ZUTOMAYO CARD Demo Open (live)"
FINISHED_EVENT_NAME = "ZUTOMAYO CARD Nagoya Autumn Cup"
NEXT_EVENT_NAME = "ZUTOMAYO CARD Spring Championship"
CONTACT = "demo-organiser@example.com"
#: Events to come, for the directory: (name, game, days from today, status, fields).
UPCOMING_EVENTS: tuple[tuple[str, str, int, str, dict[str, Any]], ...] = (
    (
        "Azuki TCG Los Angeles Open", "azuki", 40, Event.Status.REGISTRATION_OPEN,
        {"start_time": dt.time(10, 0), "time_zone": "America/Los_Angeles",
         "venue": "Little Tokyo Game Center", "region": "California", "capacity": 48,
         "entry_fee": "US$15", "contact": "azuki-la@example.com"},
    ),
    (
        "ZTRIKE Kyoto Meetup", "ztrike", 3, Event.Status.REGISTRATION_CLOSED,
        {"start_time": dt.time(18, 30), "time_zone": "Asia/Tokyo", "venue": "Kyoto Card Cafe",
         "region": "Kyoto", "capacity": 16, "entry_fee": "500 yen",
         "contact": "@ztrike_kyoto (X)"},
    ),
    (
        "ZUTOMAYO CARD London Friendly", "zutomayo", 21, Event.Status.REGISTRATION_OPEN,
        {"start_time": dt.time(14, 0), "time_zone": "Europe/London",
         "venue": "Camden Games Room", "region": "London", "capacity": 24,
         "entry_fee": "Free", "contact": "london-zutomayo@example.com"},
    ),
)  # fmt: skip
DEMO_ACCOUNTS = (
    ("organiser", "demo-organiser-pass", "Olivia Organiser"),
    ("judge", "demo-judge-pass", "Jun Judge"),
    ("player1", "demo-player-pass", "Aoi Player"),
    ("player2", "demo-player-pass", "Ren Player"),
    ("player3", "demo-player-pass", "Mio Player"),
    ("player4", "demo-player-pass", "Sora Player"),
)


class Command(BaseCommand):
    help = "Load demo data: the card pool, demo accounts and one demo event (idempotent)."

    def _import(self, game: str, path: Path, *, is_demo: bool) -> None:
        records = records_from_text(path.read_text(encoding="utf-8"), filename=path.name)
        summary = card_import(game_slug=game, records=records, source=path.name, is_demo=is_demo)
        label = "invented demo set" if is_demo else "real card data"
        self.stdout.write(
            f"cards ({game}, {label}): {summary.created} created, {summary.updated} updated, "
            f"{summary.unchanged} unchanged"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for game in judge_games():
            # The shared folder's real cards, else the game's invented demo set (if it has one),
            # so the deck check and the judge pages have cards.
            real = Path(settings.SHARED_DIR) / "data" / game.slug / "cards.json"
            demo = DEMO_CARDS.with_name(f"{game.slug}-demo-cards.json")
            if real.exists():
                self._import(game.slug, real, is_demo=False)
            elif demo.exists():
                self._import(game.slug, demo, is_demo=True)
        with transaction.atomic():
            self._accounts_and_event()
        self._rules()
        self._demo_case()
        self._live_event()
        self._directory_events()
        self.stdout.write("demo accounts (username / password):")
        for username, password, full_name in DEMO_ACCOUNTS:
            self.stdout.write(f"  {username:<10} {password:<22} {full_name}")

    def _rules(self) -> None:
        rules = Path(settings.SHARED_DIR) / "rules"
        documents = [
            (game.slug, doc.slug, doc.version, doc.file)
            for game in judge_games()
            for doc in game.documents
        ]
        for game, slug, version, name in documents:
            if (rules / name).exists():
                summary = rules_import(
                    game=game, slug=slug, version=version,
                    text=(rules / name).read_text(encoding="utf-8"), source_name=name,
                )  # fmt: skip
                self.stdout.write(f"rules: {summary.document} ({summary.clauses} clauses)")

    def _demo_case(self) -> None:
        """A judge case on the demo event with the example record replayed (once)."""
        event = Event.objects.filter(name=DEMO_EVENT_NAME).first()
        if event is None or JudgeCase.objects.filter(event=event, title=DEMO_CASE_TITLE).exists():
            return
        judge = get_user_model().objects.get(username="judge")
        with transaction.atomic():
            case = judge_case_open(event_id=event.pk, by=judge, title=DEMO_CASE_TITLE)
            record = record_parse(DEMO_CASE_RECORD.read_bytes())
            ruling_compute(case_id=case.pk, by=judge, record=record)
        self.stdout.write(f"demo judge case: /judging/cases/{case.pk}/")

    def _live_event(self) -> None:
        """A second demo event, simulated through the services and left running in round 3."""
        if Event.objects.filter(name=LIVE_EVENT_NAME).exists():
            return
        result = simulate_event(
            SimulationSettings(
                game="zutomayo", players=24, rounds=5, top_cut=8, stop_after_round=2,
                name=LIVE_EVENT_NAME,
                event_fields={
                    "venue": "Umeda Card Lounge", "region": "Osaka",
                    "start_time": dt.time(11, 0), "entry_fee": "1,500 yen",
                    "contact": CONTACT, "capacity": 32,
                },
            ),
            rng=random.Random(2026),  # noqa: S311 - demo data, not security
            log=lambda line: None,
        )  # fmt: skip
        event = Event.objects.get(pk=result.event_id)
        organiser = get_user_model().objects.get(username="organiser")
        judge = get_user_model().objects.get(username="judge")
        event_role_grant(event=event, user=organiser, role="organiser", granted_by=None)
        event_role_grant(event=event, user=judge, role="judge", granted_by=None)
        event_role_grant(event=event, user=judge, role="head_judge", granted_by=None)
        self.stdout.write(f"live demo event: {event.name} (id {event.pk}), round 3 running")
        self._disputed_match(event)

    def _disputed_match(self, event: Event) -> None:
        """The running round's last table reported two ways (each player says they won): a
        match in dispute on the judge desk, for the demo judge to settle."""
        round_obj = Round.objects.filter(event=event).order_by("-number").first()
        match = (
            Match.objects.filter(round=round_obj, is_bye=False)
            .select_related("player_a__user", "player_b__user")
            .order_by("-table")
            .first()
        )
        if round_obj is None or match is None or match.player_b is None:
            return
        users = (match.player_a.user, match.player_b.user)
        if users[0] is None or users[1] is None:
            return
        result_report(match_id=match.pk, user=users[0], wins_a=1, wins_b=0)
        result_report(match_id=match.pk, user=users[1], wins_a=0, wins_b=1)
        self.stdout.write(
            f"disputed match: round {round_obj.number}, table {match.table} "
            f"(judge desk: /events/{event.pk}/judge/)"
        )

    def _accounts_and_event(self) -> None:
        user_model = get_user_model()
        users = {}
        for username, password, full_name in DEMO_ACCOUNTS:
            user = user_model.objects.filter(username=username).first()
            if user is None:
                first, _, last = full_name.partition(" ")
                user = user_model.objects.create_user(
                    username=username, password=password, first_name=first, last_name=last
                )
            users[username] = user
        event = Event.objects.filter(name=DEMO_EVENT_NAME).first()
        if event is None:
            event = event_create(
                name=DEMO_EVENT_NAME,
                game_slug="zutomayo",
                date=timezone.localdate() + dt.timedelta(days=14),
                venue="Demo Hall, Shibuya",
                capacity=64,
                created_by=users["organiser"],
                status=Event.Status.REGISTRATION_OPEN,
                start_time=dt.time(13, 0),
                time_zone="Asia/Tokyo",
                region="Tokyo",
                entry_fee="1,000 yen, paid at the desk",
                contact=CONTACT,
            )
            event_role_grant(event=event, user=users["judge"], role="judge", granted_by=None)
        for username, _, full_name in DEMO_ACCOUNTS[2:]:
            user = users[username]
            if not Registration.objects.filter(event=event, user=user).exists():
                registration_create(event=event, user=user, display_name=full_name)
        self.stdout.write(f"demo event: {event.name} (id {event.pk})")

    def _directory_events(self) -> None:
        """More events for the directory: a finished one (in the past), events to come in other
        regions and zones, and a draft copy of the championship (listed only for its staff)."""
        organiser = get_user_model().objects.get(username="organiser")
        if not Event.objects.filter(name=FINISHED_EVENT_NAME).exists():
            result = simulate_event(
                SimulationSettings(
                    game="zutomayo", players=8, rounds=3, top_cut=0, name=FINISHED_EVENT_NAME,
                    event_fields={
                        "date": timezone.localdate() - dt.timedelta(days=30),
                        "venue": "Sakae Hobby Base", "region": "Nagoya",
                        "start_time": dt.time(12, 0), "entry_fee": "800 yen",
                        "contact": CONTACT, "capacity": 16,
                    },
                ),
                rng=random.Random(2025),  # noqa: S311 - demo data, not security
                log=lambda line: None,
            )  # fmt: skip
            finished = Event.objects.get(pk=result.event_id)
            event_role_grant(event=finished, user=organiser, role="organiser", granted_by=None)
        for name, game, days, status, fields in UPCOMING_EVENTS:
            if Event.objects.filter(name=name).exists():
                continue
            event = event_create(
                name=name,
                game_slug=game,
                date=timezone.localdate() + dt.timedelta(days=days),
                created_by=organiser,
                status=Event.Status.REGISTRATION_OPEN,
                **fields,
            )
            if status != Event.Status.REGISTRATION_OPEN:
                event_set_status(event_id=event.pk, by=organiser, status=status)
        championship = Event.objects.get(name=DEMO_EVENT_NAME)
        if not Event.objects.filter(name=NEXT_EVENT_NAME).exists():
            event_copy(
                actor=organiser,
                event_id=championship.pk,
                name=NEXT_EVENT_NAME,
                date=championship.date + dt.timedelta(days=91),
            )
        self.stdout.write("directory events: finished, upcoming in three zones, a draft copy")
