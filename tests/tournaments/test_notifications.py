"""Each event service tells the right people the right kind of notification, on commit only
(each kind its person can switch off); players without an account get nothing. The announcements
page per role, and the due decklist reminders (the command run twice sends once)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from core.models import Notification
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Decklist, Event, Match, Registration
from tournaments.notifications import players as notify
from tournaments.services import (
    announcement_create,
    event_update,
    penalty_record,
    registration_create,
    registration_drop,
    result_enter_by_judge,
    result_report,
    round_complete,
    topcut_start,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    """``with committed():`` runs the block, then its on-commit callbacks, as a commit would."""

    @contextmanager
    def run() -> Iterator[None]:
        with django_capture_on_commit_callbacks(execute=True):
            yield

    return run


def kinds_of(user: Any) -> list[str]:
    return sorted(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_registration_confirmed_on_commit_not_before(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any
) -> None:
    event = kit.event()
    player = kit.user()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        registration_create(event=event, user=player, display_name="Aoi", by=player)
    assert not Notification.objects.exists()  # nothing inside the transaction
    assert len(callbacks) == 1
    callbacks[0]()
    notification = Notification.objects.get(recipient=player)
    assert notification.kind == notify.REGISTRATION_CONFIRMED
    assert notification.params == {"event": "Service Open", "date": "2026-12-20"}
    assert notification.url == f"/events/{event.pk}/"


def test_waiting_list_gets_nothing_until_promoted(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event(capacity=2)
    first, second, waiting_user = kit.user(), kit.user(), kit.user()
    with committed():
        mine = registration_create(event=event, user=first, display_name="A", by=first)
        registration_create(event=event, user=second, display_name="B", by=second)
        waiting = registration_create(
            event=event, user=waiting_user, display_name="C", by=waiting_user
        )
    assert waiting.status == Registration.Status.WAITLISTED
    assert kinds_of(waiting_user) == []
    with committed():
        registration_drop(registration_id=mine.pk, by=first)
    assert kinds_of(waiting_user) == [notify.WAITLIST_PROMOTED]


def test_a_player_without_an_account_gets_nothing(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event()
    with committed():
        registration_create(event=event, user=None, display_name="Walk-in", by=kit.organiser)
    assert not Notification.objects.exists()


def test_round_paired_tells_table_and_opponent_or_bye(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event()
    players = kit.players(event, 3)
    with committed():
        round_obj = kit.pair(event)
    matches = list(Match.objects.filter(round=round_obj).select_related("player_a", "player_b"))
    for match in matches:
        if match.player_b is None:
            bye = Notification.objects.get(recipient=match.player_a.user)
            assert bye.kind == notify.ROUND_BYE
            assert bye.params["round"] == 1
            continue
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            row = Notification.objects.get(recipient=me.user)
            assert row.kind == notify.ROUND_PAIRED
            assert row.params == {
                "event": "Service Open",
                "round": 1,
                "table": match.table,
                "opponent": them.display_name,
            }
            assert row.url == f"/events/{event.pk}/me/"
    # Each of the three got exactly one (the confirmations were not committed in kit.players).
    assert Notification.objects.count() == len(players)


def test_opponent_report_disputes_and_judge_decisions(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event()
    kit.players(event, 2)
    round_obj = kit.pair(event)
    match = kit.matches(round_obj)[0]
    a, b = kit.user_a(match), kit.user_b(match)
    with committed():
        result_report(match_id=match.pk, user=a, wins_a=1, wins_b=0)
    assert kinds_of(a) == []
    reported = Notification.objects.get(recipient=b)
    assert reported.kind == notify.RESULT_REPORTED
    assert reported.params["score"] == "0-1"  # b's wins first
    assert reported.params["opponent"] == match.player_a.display_name
    assert reported.url == f"/events/matches/{match.pk}/"

    with committed():
        result_report(match_id=match.pk, user=b, wins_a=0, wins_b=1)
    assert kinds_of(a) == [notify.RESULT_DISPUTED]
    assert kinds_of(b) == [notify.RESULT_DISPUTED, notify.RESULT_REPORTED]

    with committed():
        result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0)
    decision_a = Notification.objects.get(recipient=a, kind=notify.JUDGE_DECISION)
    decision_b = Notification.objects.get(recipient=b, kind=notify.JUDGE_DECISION)
    assert decision_a.params["score"] == "1-0"
    assert decision_b.params["score"] == "0-1"


def test_matching_reports_confirm_without_a_new_notification(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event()
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    with committed():
        kit.report_both(match, (1, 0, 0))
    assert Notification.objects.filter(kind=notify.RESULT_REPORTED).count() == 1
    assert not Notification.objects.exclude(kind=notify.RESULT_REPORTED).exists()


def test_a_penalty_tells_the_player(kit: TournamentKit, committed: Callable[[], Any]) -> None:
    event = kit.event()
    registration = kit.register(event, "Aoi")
    with committed():
        penalty_record(
            registration_id=registration.pk,
            judge=kit.judge,
            infraction="Drawing extra cards",
            penalty="game loss",
        )
    row = Notification.objects.get(recipient=registration.user)
    assert row.kind == notify.PENALTY_RECORDED
    assert row.params["penalty"] == {"en": "a game loss", "ja": "ゲームの敗北"}


def test_top_cut_tells_those_who_made_it(kit: TournamentKit, committed: Callable[[], Any]) -> None:
    event = kit.event(swiss_rounds=1, top_cut=2)
    players = kit.players(event, 4)
    round_obj = kit.play(kit.pair(event), complete=False)
    round_complete(round_id=round_obj.pk, by=kit.organiser)
    winners = {m.player_a.user_id for m in kit.matches(round_obj)}  # a_wins
    with committed():
        topcut_start(event_id=event.pk, by=kit.organiser)
    made = set(
        Notification.objects.filter(kind=notify.TOP_CUT).values_list("recipient_id", flat=True)
    )
    assert made == winners
    assert len(made) == 2
    assert {row.params["cut"] for row in Notification.objects.filter(kind=notify.TOP_CUT)} == {2}
    assert len(players) == 4


def test_event_change_of_venue_tells_players_but_a_new_name_does_not(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event(venue="Hall A")
    player = kit.register(event, "Aoi").user
    dropped = kit.register(event, "Gone")
    registration_drop(registration_id=dropped.pk, by=kit.organiser)
    with committed():
        event_update(event_id=event.pk, by=kit.organiser, changes={"name": "Renamed Open"})
    assert not Notification.objects.exists()
    with committed():
        event_update(event_id=event.pk, by=kit.organiser, changes={"venue": "Hall B"})
    row = Notification.objects.get(recipient=player)
    assert row.kind == notify.EVENT_CHANGED
    assert row.params["venue"] == "Hall B"
    assert row.params["when"] == "2026-12-20 10:00 (Asia/Tokyo)"
    assert kinds_of(dropped.user) == []
    with committed():
        event_update(event_id=event.pk, by=kit.organiser, changes={"date": dt.date(2026, 12, 27)})
    assert kinds_of(player) == [notify.EVENT_CHANGED, notify.EVENT_CHANGED]


def test_cancellation_tells_the_players(kit: TournamentKit, committed: Callable[[], Any]) -> None:
    # No service cancels an event yet: event_set_status calls this helper once one may.
    event = kit.event()
    player = kit.register(event, "Aoi").user
    with committed():
        notify.event_status_changed(event)  # not cancelled: nothing
    assert not Notification.objects.exists()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.CANCELLED)
    event.refresh_from_db()
    with committed():
        notify.event_status_changed(event)
    assert kinds_of(player) == [notify.EVENT_CANCELLED]


def test_announcement_goes_to_every_player_and_shows_on_the_event_page(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    event = kit.event()
    players = [kit.register(event, name).user_id for name in ("Aoi", "Ren")]
    with committed():
        announcement = announcement_create(
            event_id=event.pk, by=kit.organiser, text="Round 1 starts at 10:30."
        )
    for player in players:
        row = Notification.objects.get(recipient_id=player)
        assert row.kind == notify.ANNOUNCEMENT
        assert row.params["text"] == "Round 1 starts at 10:30."
        assert row.dedupe_key == f"{player}:announcement:announcement{announcement.pk}"
    page = Client().get(f"/events/{event.pk}/").content.decode()
    assert "Round 1 starts at 10:30." in page


def test_announcement_page_per_role(kit: TournamentKit) -> None:
    event = kit.event()
    player = kit.user()
    registration_create(event=event, user=player, display_name="Aoi", by=player)
    path = f"/events/{event.pk}/announcements/"
    assert Client().get(path).status_code == 302  # log in first
    as_player = Client()
    as_player.force_login(player)
    assert as_player.get(path).status_code == 403
    assert as_player.post(path, {"text": "hi"}).status_code == 403
    as_judge = Client()
    as_judge.force_login(kit.judge)
    assert as_judge.get(path).status_code == 403
    organiser = Client()
    organiser.force_login(kit.organiser)
    assert organiser.get(path).status_code == 200
    assert organiser.post(path, {"text": "   "}).status_code == 400
    response = organiser.post(path, {"text": "Lunch break until 13:00."})
    assert response.status_code == 302
    assert "Lunch break until 13:00." in organiser.get(path).content.decode()


def test_announcement_service_refuses_others_and_empty_text(kit: TournamentKit) -> None:
    from core.errors import InvalidInputError, PermissionDeniedError

    event = kit.event()
    with pytest.raises(PermissionDeniedError):
        announcement_create(event_id=event.pk, by=kit.judge, text="hello")
    with pytest.raises(InvalidInputError):
        announcement_create(event_id=event.pk, by=kit.organiser, text="  ")


def test_decklist_reminder_is_due_24_hours_before_the_deadline_once(
    kit: TournamentKit, committed: Callable[[], Any]
) -> None:
    now = timezone.now()
    soon = kit.event(name="Soon Open")
    Event.objects.filter(pk=soon.pk).update(decklist_deadline=now + dt.timedelta(hours=20))
    later = kit.event(name="Later Open")
    Event.objects.filter(pk=later.pk).update(decklist_deadline=now + dt.timedelta(hours=30))
    missing = kit.register(soon, "No list")
    submitted = kit.register(soon, "Has list")
    Decklist.objects.create(registration=submitted, current_version=1)
    far = kit.register(later, "Far away")
    walk_in = registration_create(event=soon, user=None, display_name="Walk-in", by=kit.organiser)

    with committed():
        call_command("send_due_notifications")
    with committed():
        call_command("send_due_notifications")  # twice: nothing twice

    rows = Notification.objects.filter(kind=notify.DECKLIST_MISSING)
    assert list(rows.values_list("recipient_id", flat=True)) == [missing.user_id]
    assert rows.get().url == f"/cards/decklists/{missing.pk}/"
    assert kinds_of(far.user) == []
    assert walk_in.user is None


def test_the_register_page_answers_before_anything_is_sent(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any
) -> None:
    event = kit.event()
    player = kit.user()
    client = Client()
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(f"/events/{event.pk}/register/")
        assert response.status_code == 302
        assert not Notification.objects.exists()  # the response is made; nothing sent yet
    assert len(callbacks) == 1
    callbacks[0]()
    assert kinds_of(player) == [notify.REGISTRATION_CONFIRMED]


def test_mail_links_use_the_request_host_or_site_url(
    kit: TournamentKit, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from django.core import mail

    settings.ALLOWED_HOSTS = ["to.example.org"]
    event = kit.event()
    player = kit.user()
    player.email = "aoi@example.org"
    player.save()
    client = Client(HTTP_HOST="to.example.org")
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/events/{event.pk}/register/")
    assert f"http://to.example.org/events/{event.pk}/" in mail.outbox[0].body
    assert "localhost" not in mail.outbox[0].body

    settings.SITE_URL = "https://zto.example.net"  # set: it wins over the request's host
    with django_capture_on_commit_callbacks(execute=True):
        announcement_create(event_id=event.pk, by=kit.organiser, text="Hello")
    bodies = [message.body for message in mail.outbox[1:]]
    assert any(f"https://zto.example.net/events/{event.pk}/" in body for body in bodies)
