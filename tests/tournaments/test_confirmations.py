"""Nothing destructive on one tap: every destructive action asks first,
on a page without script; the POST without the confirmation is refused and changes nothing; the
dashboard offers only what the event's state allows; a dropped player comes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from core.models import AuditEntry, Notification
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, Penalty, Registration, ResultReport, Round
from tournaments.selectors.actions import event_actions_available
from tournaments.services import (
    event_finish,
    penalty_record,
    registration_create,
    registration_drop,
    registration_undrop,
)

pytestmark = pytest.mark.django_db

#: What an event not yet over always offers: the player list's actions, and cancelling it.
PLAYER_ACTIONS = {"add_player", "import", "check_in", "drop", "undrop", "cancel"}


def _client(user: Any, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@dataclass
class Setup:
    """One destructive action, ready: who asks, where, with what, and whether it was done."""

    user: Any
    url: str
    data: dict[str, Any]
    done: Callable[[], bool]
    get: bool = True  # its button leads to a GET confirmation page


def _event(kit: TournamentKit, **fields: Any) -> tuple[Event, list[Registration]]:
    fields.setdefault("top_cut", 2)
    event = kit.event(name="Confirm Cup", swiss_rounds=1, **fields)
    return event, kit.players(event, 4)


def _finish(kit: TournamentKit) -> Setup:
    # Every round played (no top cut): the usual question; an unplayed final asks otherwise
    # (``test_organiser_screens``).
    event, _players = _event(kit, top_cut=0)
    kit.play(kit.pair(event))

    def done() -> bool:
        return Event.objects.get(pk=event.pk).status == Event.Status.FINISHED

    return Setup(kit.organiser, f"/events/{event.pk}/manage/finish/", {}, done)


def _cancel(kit: TournamentKit) -> Setup:
    event, _players = _event(kit)

    def done() -> bool:
        return Event.objects.get(pk=event.pk).status == Event.Status.CANCELLED

    return Setup(kit.organiser, f"/events/{event.pk}/manage/cancel/", {}, done)


def _topcut(kit: TournamentKit) -> Setup:
    event, _players = _event(kit)
    kit.play(kit.pair(event))

    def done() -> bool:
        return Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT).exists()

    return Setup(kit.organiser, f"/events/{event.pk}/manage/topcut/", {}, done)


def _repair(kit: TournamentKit) -> Setup:
    event, _players = _event(kit)
    round_obj = kit.pair(event)
    before = round_obj.seed

    def done() -> bool:
        return AuditEntry.objects.filter(action="tournaments.round.repaired").exists() and (
            Round.objects.get(pk=round_obj.pk).seed != before
        )

    url = f"/events/{event.pk}/manage/repair/"
    return Setup(kit.organiser, url, {"round": round_obj.pk, "reason": "late arrival"}, done)


def _drop_by_organiser(kit: TournamentKit) -> Setup:
    event, players = _event(kit)
    target = players[0]

    def done() -> bool:
        return Registration.objects.get(pk=target.pk).status == Registration.Status.DROPPED

    url = f"/events/{event.pk}/manage/drop/"
    return Setup(kit.organiser, url, {"registration": target.pk}, done)


def _drop_self(kit: TournamentKit) -> Setup:
    event, players = _event(kit)
    target = players[1]

    def done() -> bool:
        return Registration.objects.get(pk=target.pk).status == Registration.Status.DROPPED

    return Setup(target.user, f"/events/{event.pk}/drop/", {}, done)


def _concede(kit: TournamentKit) -> Setup:
    event, _players = _event(kit)
    match = kit.matches(kit.pair(event))[0]

    def done() -> bool:
        return ResultReport.objects.filter(match=match).exists()

    return Setup(kit.user_a(match), f"/events/matches/{match.pk}/", {"action": "concede"}, done)


def _disqualify(kit: TournamentKit) -> Setup:
    event, players = _event(kit)
    target = players[2]

    def done() -> bool:
        # The judge only proposes it (no judge acts alone); the player stays in until a second
        # person says.
        proposed = Penalty.objects.filter(registration=target, status="pending").exists()
        return proposed and Registration.objects.get(pk=target.pk).status == "checked_in"

    data = {"player": target.display_name, "infraction": "cheating", "penalty": "disqualification"}
    return Setup(kit.judge, f"/events/{event.pk}/judge/penalty/", data, done, get=False)


def _decide_disqualification(kit: TournamentKit, decision: str) -> Setup:
    event, players = _event(kit)
    target = players[2]
    proposal = penalty_record(
        registration_id=target.pk, judge=kit.judge, infraction="cheating",
        penalty="disqualification",
    )  # fmt: skip
    status = {"confirm": Registration.Status.DISQUALIFIED, "withdraw": "checked_in"}[decision]

    def done() -> bool:
        proposal.refresh_from_db()
        return proposal.status != "pending" and (
            Registration.objects.get(pk=target.pk).status == status
        )

    url = f"/events/{event.pk}/judge/disqualifications/{proposal.pk}/{decision}/"
    return Setup(kit.organiser, url, {}, done, get=False)


#: (action, how to set it up, the question in English, in Japanese)
DESTRUCTIVE: list[tuple[str, Callable[[TournamentKit], Setup], str, str]] = [
    ("finish", _finish, "Finish Confirm Cup?", "「Confirm Cup」を終了しますか？"),
    ("cancel", _cancel, "Cancel Confirm Cup?", "「Confirm Cup」を中止しますか？"),
    ("topcut", _topcut, "Cut to the top 2?", "上位2名のトップカットに進みますか？"),
    ("repair", _repair, "Pair round 1 again?", "第1回戦の対戦表を作り直しますか？"),
    (
        "drop by the organiser",
        _drop_by_organiser,
        "Drop Player 01 from Confirm Cup?",
        "Player 01さんを「Confirm Cup」からドロップさせますか？",
    ),
    ("drop oneself", _drop_self, "Drop from Confirm Cup?", "「Confirm Cup」からドロップしますか？"),
    ("concede", _concede, "Concede round 1, table 1?", "第1回戦・1卓の対戦を投了しますか？"),
    (
        "propose a disqualification",
        _disqualify,
        "Propose to disqualify Player 03?",
        "Player 03さんの失格を提案しますか？",
    ),
    (
        "confirm a disqualification",
        lambda kit: _decide_disqualification(kit, "confirm"),
        "Confirm the disqualification of Player 03?",
        "Player 03さんの失格を確定しますか？",
    ),
    (
        "withdraw a disqualification",
        lambda kit: _decide_disqualification(kit, "withdraw"),
        "Withdraw the disqualification of Player 03?",
        "Player 03さんの失格の提案を取り下げますか？",
    ),
]
IDS = [row[0] for row in DESTRUCTIVE]


@pytest.mark.parametrize(("action", "setup", "question", "_ja"), DESTRUCTIVE, ids=IDS)
def test_a_destructive_post_without_confirmation_is_refused_and_changes_nothing(
    kit: TournamentKit, action: str, setup: Callable[[TournamentKit], Setup], question: str,
    _ja: str,
) -> None:  # fmt: skip
    ready = setup(kit)
    audited = AuditEntry.objects.count()
    response = _client(ready.user).post(ready.url, ready.data)
    assert response.status_code == 400, action
    page = response.content.decode()
    assert "Nothing was done yet: this needs your confirmation." in page
    assert question in page
    assert not ready.done()
    assert AuditEntry.objects.count() == audited
    # The page's "Yes" carries the form again, with the confirmation.
    assert 'name="confirm" value="yes"' in page
    for name, value in ready.data.items():
        assert f'name="{name}" value="{value}"' in page


@pytest.mark.parametrize(("action", "setup", "question", "_ja"), DESTRUCTIVE, ids=IDS)
def test_a_destructive_action_is_done_once_confirmed(
    kit: TournamentKit, action: str, setup: Callable[[TournamentKit], Setup], question: str,
    _ja: str,
) -> None:  # fmt: skip
    ready = setup(kit)
    response = _client(ready.user).post(ready.url, {**ready.data, "confirm": "yes"})
    assert response.status_code == 302, action
    assert ready.done()


@pytest.mark.parametrize(("action", "setup", "question", "question_ja"), DESTRUCTIVE, ids=IDS)
def test_the_confirmation_page_says_what_happens_in_english_and_japanese(
    kit: TournamentKit, action: str, setup: Callable[[TournamentKit], Setup], question: str,
    question_ja: str,
) -> None:  # fmt: skip
    ready = setup(kit)
    for language, expected, cancel in (("en", question, "Cancel"), ("ja", question_ja, "やめる")):
        client = _client(ready.user, language)
        if ready.get:
            response = client.get(ready.url, ready.data)
            assert response.status_code == 200, (action, language)
        else:
            response = client.post(ready.url, ready.data)
        page = response.content.decode()
        assert f"<h1>{expected}</h1>" in page, (action, language)
        assert cancel in page
        assert "<script>" not in page
        assert " onclick=" not in page
    assert not ready.done()


def test_the_consequences_are_spelled_out(kit: TournamentKit) -> None:
    ready = _finish(kit)
    page = _client(ready.user).get(ready.url).content.decode()
    assert "Finishing cannot be undone." in page
    assert "Yes, finish the event" in page
    ja = _client(ready.user, "ja").get(ready.url).content.decode()
    assert "終了は取り消せません。" in ja
    assert "はい、大会を終了します" in ja


def test_a_get_of_a_one_tap_action_is_not_allowed(kit: TournamentKit) -> None:
    event, _players = _event(kit)
    response = _client(kit.organiser).get(f"/events/{event.pk}/manage/pair/")
    assert response.status_code == 405
    assert not Round.objects.filter(event=event).exists()


def test_the_dashboard_links_destructive_buttons_to_their_confirmation(
    kit: TournamentKit,
) -> None:
    event, players = _event(kit)
    page = _client(kit.organiser).get(f"/events/{event.pk}/manage/").content.decode()
    drop = f'<form method="get" action="/events/{event.pk}/manage/drop/"'
    assert drop in page
    assert f'<form method="post" action="/events/{event.pk}/manage/pair/"' in page
    detail = _client(players[0].user).get(f"/events/{event.pk}/").content.decode()
    assert f'<form method="get" action="/events/{event.pk}/drop/">' in detail


# --- what still applies --------------------------------------------------------------------------


def _round(status: str, *, number: int = 1, stage: str = "swiss", **summary: int) -> Round:
    return Round(number=number, status=status, stage=stage, summary=summary)


def _event_in(status: str, *, top_cut: int = 0, published: bool = False) -> Event:
    return Event(status=status, swiss_rounds=3, top_cut=top_cut, decklists_published=published)


# Lists are not published before the event runs (they may still change)
BEFORE = PLAYER_ACTIONS | {"pair"}
STATES: list[tuple[str, Event, Round | None, set[str]]] = [
    ("draft", _event_in("draft"), None, BEFORE | {"open"}),
    ("registration open", _event_in("registration_open"), None, BEFORE | {"close"}),
    ("registration closed", _event_in("registration_closed"), None, BEFORE | {"open"}),
    (
        "round paired",
        _event_in("running"),
        _round("paired"),
        PLAYER_ACTIONS | {"publish_lists", "start", "extend", "complete", "repair", "swap"},
    ),
    (
        "clock running",
        _event_in("running", published=True),
        _round("in_progress"),
        PLAYER_ACTIONS | {"pause", "extend", "complete"},
    ),
    (
        "clock paused",
        _event_in("running", published=True),
        _round("paused"),
        PLAYER_ACTIONS | {"resume", "extend", "complete"},
    ),
    (
        "a Swiss round complete, more to come",
        _event_in("running", top_cut=8, published=True),
        _round("complete", number=2),
        PLAYER_ACTIONS | {"pair", "finish"},
    ),
    (
        "the last Swiss round complete, with a top cut",
        _event_in("running", top_cut=8, published=True),
        _round("complete", number=3),
        PLAYER_ACTIONS | {"topcut", "finish"},
    ),
    (
        "the last Swiss round complete, no top cut",
        _event_in("running", published=True),
        _round("complete", number=3),
        PLAYER_ACTIONS | {"finish"},
    ),
    (
        "a top-cut round paired",
        _event_in("running", top_cut=8, published=True),
        _round("paired", number=4, stage="top_cut", bracket_round=1, bracket_rounds=3),
        PLAYER_ACTIONS | {"start", "extend", "complete", "swap"},
    ),
    (
        "a top-cut quarter-final complete",
        _event_in("running", top_cut=8, published=True),
        _round("complete", number=4, stage="top_cut", bracket_round=1, bracket_rounds=3),
        PLAYER_ACTIONS | {"pair", "finish"},
    ),
    (
        "the final complete",
        _event_in("running", top_cut=8, published=True),
        _round("complete", number=6, stage="top_cut", bracket_round=3, bracket_rounds=3),
        PLAYER_ACTIONS | {"finish"},
    ),
    ("finished", _event_in("finished", top_cut=8), _round("complete", number=3), {"publish_lists"}),
    ("finished, lists out", _event_in("finished", published=True), _round("complete"), set()),
    ("cancelled", _event_in("cancelled"), None, {"publish_lists"}),
]


@pytest.mark.parametrize(
    ("state", "event", "last_round", "expected"), STATES, ids=[row[0] for row in STATES]
)
def test_available_actions_follow_the_events_state(
    state: str, event: Event, last_round: Round | None, expected: set[str]
) -> None:
    assert event_actions_available(event=event, last_round=last_round) == expected


def test_after_the_finish_the_dashboard_offers_no_pairing_cut_or_new_player(
    kit: TournamentKit,
) -> None:
    event, players = _event(kit)
    kit.play(kit.pair(event))
    organiser = _client(kit.organiser)
    page = organiser.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Pair the next round" not in page  # the one Swiss round is played
    assert "Cut to the top" in page
    assert "Finish the event" in page
    event_finish(event_id=event.pk, by=kit.organiser)
    page = organiser.get(f"/events/{event.pk}/manage/").content.decode()
    for gone in ("Pair the next round", "Cut to the top", "Finish the event",
                 "Add a player", "Check in", ">Drop<", "Complete the round"):  # fmt: skip
        assert gone not in page, gone
    assert "Publish decklists" in page
    assert "Export" in page
    assert "Print" in page
    for action, data in (("pair", {}), ("add_player", {"display_name": "Late"}),
                         ("topcut", {"confirm": "yes"})):  # fmt: skip
        response = organiser.post(f"/events/{event.pk}/manage/{action}/", data)
        assert response.status_code == 409, action
        assert "that does not apply to the event any more" in response.content.decode()
    assert not Registration.objects.filter(event=event, display_name="Late").exists()
    player_page = _client(players[0].user).get(f"/events/{event.pk}/").content.decode()
    assert "Drop from the event" not in player_page
    assert not Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT).exists()


# --- coming back after a drop ---------------------------------------------------------------------


def test_a_dropped_player_registers_again_while_registration_is_open(
    kit: TournamentKit, make_user: Any
) -> None:
    event = kit.event(name="Return Cup")
    user = make_user("returner")
    client = _client(user)
    assert client.post(f"/events/{event.pk}/register/").status_code == 302
    first = Registration.objects.get(event=event, user=user)
    assert client.post(f"/events/{event.pk}/drop/", {"confirm": "yes"}).status_code == 302
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Register again" in page
    assert client.post(f"/events/{event.pk}/register/").status_code == 302
    again = Registration.objects.get(event=event, user=user)
    assert again.pk == first.pk
    assert again.status == Registration.Status.REGISTERED
    assert again.dropped_after_round is None
    assert AuditEntry.objects.filter(
        action="tournaments.registration.reentered", object_id=str(first.pk)
    ).exists()


def test_a_dropped_player_cannot_register_again_once_registration_closes(
    kit: TournamentKit, make_user: Any
) -> None:
    event = kit.event(name="Closed Cup")
    user = make_user("late")
    registration = registration_create(event=event, user=user, display_name="Late", by=user)
    registration_drop(registration_id=registration.pk, by=user)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTRATION_CLOSED)
    response = _client(user).post(f"/events/{event.pk}/register/")
    assert response.status_code == 409
    assert Registration.objects.get(pk=registration.pk).status == Registration.Status.DROPPED


def test_a_disqualified_player_cannot_register_again(kit: TournamentKit, make_user: Any) -> None:
    event = kit.event(name="DQ Cup")
    user = make_user("cheat")
    registration = registration_create(event=event, user=user, display_name="Cheat", by=user)
    Registration.objects.filter(pk=registration.pk).update(status="disqualified")
    assert _client(user).post(f"/events/{event.pk}/register/").status_code == 409
    assert Registration.objects.get(pk=registration.pk).status == "disqualified"


def test_an_undropped_player_is_paired_again_with_the_missed_rounds_as_losses(
    kit: TournamentKit,
) -> None:
    event = kit.event(name="Undrop Cup", swiss_rounds=3)
    players = kit.players(event, 5)
    back = players[0]
    round_one = kit.pair(event)
    registration_drop(registration_id=back.pk, by=kit.organiser)  # dropped after round 1
    kit.play(round_one)
    round_two = kit.pair(event)
    seated = set(Match.objects.filter(round=round_two).values_list("player_a_id", "player_b_id"))
    assert all(back.pk not in pair for pair in seated)
    kit.play(round_two)
    response = _client(kit.organiser).post(
        f"/events/{event.pk}/manage/undrop/", {"registration": back.pk, "reason": "came back"}
    )
    assert response.status_code == 302
    back.refresh_from_db()
    assert back.status == Registration.Status.CHECKED_IN
    assert back.late_rounds_missed == 1  # round 2, missed while dropped
    assert AuditEntry.objects.filter(
        action="tournaments.registration.undropped", reason="came back"
    ).exists()
    round_three = kit.pair(event)
    assert Match.objects.filter(round=round_three, player_a=back).exists() or (
        Match.objects.filter(round=round_three, player_b=back).exists()
    )
    rows = kit.standings(kit.play(round_three))
    wins, losses, draws = map(int, kit.row_of(rows, back)["record"].split("-"))
    assert (wins + losses + draws, losses >= 1) == (3, True)  # round 2 counts, as a loss


def test_a_drop_cannot_be_undone_after_the_event_finishes(kit: TournamentKit) -> None:
    event = kit.event(name="Over Cup", swiss_rounds=1)
    players = kit.players(event, 4)
    round_one = kit.pair(event)
    registration_drop(registration_id=players[0].pk, by=kit.organiser)
    kit.play(round_one)
    event_finish(event_id=event.pk, by=kit.organiser)
    with pytest.raises(Exception, match="a drop can be undone only until it finishes"):
        registration_undrop(registration_id=players[0].pk, by=kit.organiser, reason="oops")
    assert Registration.objects.get(pk=players[0].pk).status == Registration.Status.DROPPED


def test_a_penalty_below_disqualification_needs_no_confirmation(kit: TournamentKit) -> None:
    event, players = _event(kit)
    data = {"player": players[0].display_name, "infraction": "slow play", "penalty": "warning"}
    response = _client(kit.judge).post(f"/events/{event.pk}/judge/penalty/", data)
    assert response.status_code == 302
    assert Penalty.objects.filter(registration=players[0], penalty="warning").exists()


def test_cancelling_tells_the_players_and_closes_everything(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any, mailoutbox: Any
) -> None:
    # Req 7 "the event changed or was cancelled" and req 9: the organiser cancels on the
    # dashboard (after confirming); each registered player with an account is notified.
    event, players = _event(kit)
    client = Client()
    client.force_login(kit.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/events/{event.pk}/manage/cancel/", {"confirm": "yes"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.CANCELLED
    told = set(
        Notification.objects.filter(kind="event_cancelled").values_list("recipient", flat=True)
    )
    assert told == {p.user_id for p in players if p.user_id}
    assert event_actions_available(event=event, last_round=None) <= {"publish_lists"}
    again = client.post(f"/events/{event.pk}/manage/pair/")
    assert again.status_code == 409


def test_the_api_cancels_for_organisers_only(kit: TournamentKit) -> None:
    event, _players = _event(kit)
    client = Client()
    client.force_login(kit.judge)
    url = f"/api/v1/events/{event.pk}/status/"
    assert client.post(url, {"status": "cancelled"}, "application/json").status_code == 403
    client.force_login(kit.organiser)
    assert client.post(url, {"status": "cancelled"}, "application/json").status_code == 200
    assert Event.objects.get(pk=event.pk).status == Event.Status.CANCELLED
