"""A whole event run through the services, for ``simulate_event``, the demo and the tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from cardpool.models import Card
from core.errors import ConflictError
from core.services import user_get_or_create
from tournaments.models import Event, Match, Registration, Round, RoundSnapshot
from tournaments.pairing import games_to_win
from tournaments.services import (
    decklist_submit,
    event_create,
    event_finish,
    event_role_grant,
    event_set_status,
    registration_check_in,
    registration_create,
    registration_drop,
    result_confirm,
    result_enter_by_judge,
    result_report,
    round_complete,
    round_pair,
    round_start,
    topcut_start,
)

FIRST_NAMES = (
    "Aoi", "Ren", "Mio", "Sora", "Haru", "Yui", "Kai", "Rin", "Nao", "Emi", "Taro", "Saki",
    "Riku", "Hina", "Yuto", "Mei", "Sota", "Koharu", "Itsuki", "Akari",
)  # fmt: skip
LAST_NAMES = (
    "Sato", "Suzuki", "Takahashi", "Tanaka", "Ito", "Watanabe", "Yamamoto", "Nakamura",
    "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Yamaguchi", "Matsumoto", "Inoue",
)  # fmt: skip


@dataclass(frozen=True)
class SimulationSettings:
    game: str = "zutomayo"
    players: int = 16
    rounds: int | None = None
    top_cut: int | None = None
    stop_after_round: int | None = None
    name: str | None = None
    dispute_rate: float = 0.05
    drop_rate: float = 0.03
    #: More of the event's fields for ``event_create`` (date, venue, region, start time...).
    event_fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class SimulationResult:
    event_id: int
    status: str
    standings: list[dict[str, object]] = field(default_factory=list)


def _legal_deck(game: str, rng: random.Random) -> str | None:
    """A legal ZUTOMAYO list from the pool: ten different cards, two each, mostly characters."""
    if game != "zutomayo":
        return None
    characters = list(
        Card.objects.filter(game__slug=game, card_type="character").values_list("code", flat=True)
    )
    others = list(
        Card.objects.filter(game__slug=game)
        .exclude(card_type="character")
        .values_list("code", flat=True)
    )
    if len(characters) < 6 or len(characters) + len(others) < 10:
        return None
    picks = rng.sample(characters, 6) + rng.sample(others or characters, 4)
    if len(set(picks)) < 10:
        picks = rng.sample(characters, 10)
    return "\n".join(f"2 {code}" for code in picks)


def _play_match(
    match: Match, *, judge: User, rng: random.Random, best_of: int, draws: bool, dispute: float
) -> None:
    user_a, user_b = match.player_a.user, match.player_b.user if match.player_b else None
    roll = rng.random()
    needed = games_to_win(best_of)
    if draws and roll < 0.04:
        score = (0, 0, 1) if best_of == 1 else (1, 1, 1)
    elif roll < 0.52:
        score = (needed, rng.randint(0, needed - 1), 0)
    else:
        score = (rng.randint(0, needed - 1), needed, 0)
    if user_a is None or user_b is None:
        result_enter_by_judge(match_id=match.pk, judge=judge, wins_a=score[0], wins_b=score[1],
                              draws=score[2])  # fmt: skip
        return
    result_report(match_id=match.pk, user=user_a, wins_a=score[0], wins_b=score[1], draws=score[2])
    if rng.random() < dispute:
        wrong = (score[1], score[0], score[2]) if score[0] != score[1] else (needed, 0, 0)
        result_report(match_id=match.pk, user=user_b, wins_a=wrong[0], wins_b=wrong[1],
                      draws=wrong[2])  # fmt: skip
        result_enter_by_judge(
            match_id=match.pk, judge=judge, wins_a=score[0], wins_b=score[1], draws=score[2],
            reason="both players asked; slips checked",
        )  # fmt: skip
    else:
        result_confirm(match_id=match.pk, user=user_b)


def _play_round(round_obj: Round, event: Event, judge: User, rng: random.Random,
                settings: SimulationSettings) -> None:  # fmt: skip
    best_of = event.top_cut_best_of if round_obj.stage == Round.Stage.TOP_CUT else event.best_of
    draws = event.draws_allowed and round_obj.stage == Round.Stage.SWISS
    matches = Match.objects.filter(round=round_obj, is_bye=False).select_related(
        "player_a__user", "player_b__user"
    )
    for match in matches:
        _play_match(match, judge=judge, rng=rng, best_of=best_of, draws=draws,
                    dispute=settings.dispute_rate)  # fmt: skip


def simulate_event(
    settings: SimulationSettings, *, rng: random.Random, log: Callable[[str], object] = print
) -> SimulationResult:
    tag = f"{rng.randrange(16**6):06x}"
    organiser = user_get_or_create(username=f"sim-organiser-{tag}", password=None,
                                   full_name="Simulated Organiser")  # fmt: skip
    judge = user_get_or_create(username=f"sim-judge-{tag}", password=None, full_name="Sim Judge")
    structure: dict[str, Any] = {"status": Event.Status.REGISTRATION_OPEN}
    if settings.rounds is not None:
        structure["swiss_rounds"] = settings.rounds
    if settings.top_cut is not None:
        structure["top_cut"] = settings.top_cut
    elif settings.players >= 8:
        structure["top_cut"] = 8 if settings.players >= 16 else 4
    details = {"date": timezone.localdate(), "venue": "Simulation Hall", **settings.event_fields}
    event = event_create(
        name=settings.name or f"Simulated {settings.game} event {tag}",
        game_slug=settings.game,
        created_by=organiser,
        **details,
        **structure,
    )
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    registrations: list[Registration] = []
    decklists = 0
    for index in range(settings.players):
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)} {index + 1}"
        # The simulated players are Japanese (their names): their mail is in Japanese.
        user = user_get_or_create(
            username=f"sim-{tag}-{index + 1}", password=None, full_name=name, language="ja"
        )
        registration = registration_create(event=event, user=user, display_name=name, by=user)
        registrations.append(registration)
        deck = _legal_deck(settings.game, rng)
        if deck is not None:
            decklist_submit(registration_id=registration.pk, submitted_by=user, data=deck)
            decklists += 1
    log(f"registered {len(registrations)} players, {decklists} decklists")
    event_set_status(event_id=event.pk, by=organiser, status=Event.Status.REGISTRATION_CLOSED)
    for registration in registrations:
        registration_check_in(registration_id=registration.pk, by=organiser)
    while True:
        try:
            # Some simulated players submit no list (as some real ones forget): they play.
            round_obj = round_pair(
                event_id=event.pk, by=organiser, seed=rng.randrange(1, 2**31), unlisted="pair"
            )
        except ConflictError as exc:  # the services say when Swiss is over
            if exc.code != "swiss_complete":
                raise
            break
        round_start(round_id=round_obj.pk, by=organiser)
        if settings.stop_after_round is not None and round_obj.number > settings.stop_after_round:
            log(f"round {round_obj.number} paired and running: stopping here (live demo)")
            return SimulationResult(event_id=event.pk, status="running")
        _play_round(round_obj, event, judge, rng, settings)
        round_complete(round_id=round_obj.pk, by=organiser)
        summary = round_obj.summary
        log(
            f"round {round_obj.number}: {summary.get('pairs')} tables, "
            f"{summary.get('pair_downs')} pair-downs, "
            f"{len(summary.get('rematches', []))} rematches"
        )
        _random_drops(registrations, rng, settings.drop_rate / 2)
    last_swiss = Round.objects.filter(event=event).order_by("-number").first()
    standings = RoundSnapshot.objects.get(round=last_swiss).standings if last_swiss else []
    event.refresh_from_db()
    if event.top_cut and len(standings) >= event.top_cut:
        _play_top_cut(event, organiser, judge, rng, settings)
        log(f"top {event.top_cut} played")
    event_finish(event_id=event.pk, by=organiser)
    return SimulationResult(event_id=event.pk, status="finished", standings=standings)


def _random_drops(registrations: list[Registration], rng: random.Random, rate: float) -> None:
    for registration in registrations:
        if rng.random() < rate and registration.user is not None:
            registration.refresh_from_db()
            if registration.status == "checked_in":
                registration_drop(registration_id=registration.pk, by=registration.user)


def _play_top_cut(
    event: Event, organiser: User, judge: User, rng: random.Random, settings: SimulationSettings
) -> None:
    round_obj = topcut_start(event_id=event.pk, by=organiser)
    while True:
        round_start(round_id=round_obj.pk, by=organiser)
        _play_round(round_obj, event, judge, rng, settings)
        round_complete(round_id=round_obj.pk, by=organiser)
        if round_obj.matches.count() == 1:
            return
        round_obj = round_pair(event_id=event.pk, by=organiser)
