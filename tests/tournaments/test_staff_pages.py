"""The staff page, the invitation page, the scorekeeper's dashboard, appeals in the browser, and
the same over the API, per role."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.clients import api
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, EventRole, ResultAppeal, ResultReport, StaffInvitation
from tournaments.services import result_enter_by_judge
from tournaments.services.appeals import appeal_file
from tournaments.services.staff import staff_appoint

pytestmark = pytest.mark.django_db

API = "/api/v1"
SITE = "http://testserver/"


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def browser(user: User | None = None, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def staffed(kit: TournamentKit) -> dict[str, Any]:
    """An event with its organiser, a judge, a head judge and a scorekeeper, four players."""
    event = kit.event()
    people: dict[str, Any] = {"organiser": kit.organiser, "judge": kit.judge, "event": event}
    for role in ("head_judge", "scorekeeper"):
        people[role] = kit.user(role.replace("_", ""))
        staff_appoint(
            actor=kit.organiser, event_id=event.pk, who=people[role].username, role=role,
            base_url=SITE,
        )  # fmt: skip
    people["players"] = kit.players(event, 4)
    return people


def roles(event: Event, user: User) -> set[str]:
    return set(EventRole.objects.filter(event=event, user=user).values_list("role", flat=True))


# --- the staff page ----------------------------------------------------------------------------


def test_staff_page_lists_staff_and_appoints_by_username(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    url = reverse("tournaments:event-staff", args=[event.pk])
    client = browser(kit.organiser)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    for person in (kit.judge, staffed["head_judge"], staffed["scorekeeper"]):
        assert person.username in html
    assert "Head judge" in html
    assert "Scorekeeper" in html
    newcomer = kit.user("mika")
    response = client.post(url, {"who": newcomer.username, "role": "judge"})
    assert response.status_code == 302
    assert roles(event, newcomer) == {"judge"}
    assert f"{newcomer.username} is now judge." in client.get(url).content.decode()


def test_staff_page_says_what_is_wrong_with_a_name(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    url = reverse("tournaments:event-staff", args=[event.pk])
    response = browser(kit.organiser).post(url, {"who": "ghost", "role": "judge"})
    assert response.status_code == 400
    assert "nobody has the username" in response.content.decode()
    assert "email" in response.content.decode()
    response = browser(kit.organiser).post(url, {"who": kit.judge.username, "role": "judge"})
    assert response.status_code == 409
    assert "already judge" in response.content.decode()
    japanese = browser(kit.organiser, "ja").post(url, {"who": "ghost", "role": "judge"})
    assert "ユーザー名「ghost」の人はいません" in japanese.content.decode()


def test_staff_page_invites_an_unknown_email(
    kit: TournamentKit, staffed: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = staffed["event"]
    url = reverse("tournaments:event-staff", args=[event.pk])
    client = browser(kit.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"who": "yuki@example.org", "role": "scorekeeper"})
    assert response.status_code == 302
    invitation = StaffInvitation.objects.get(event=event)
    assert invitation.email == "yuki@example.org"
    [sent] = mail.outbox
    assert "http://testserver/events/invitations/" + invitation.token in sent.body
    page = client.get(url).content.decode()
    assert "yuki@example.org" in page
    assert "Withdraw the invitation" in page
    withdraw = reverse("tournaments:event-staff-invitation-withdraw", args=[event.pk])
    assert client.post(withdraw, {"invitation": invitation.pk}).status_code == 302
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


@pytest.mark.parametrize("who", ["judge", "head_judge", "scorekeeper"])
def test_staff_page_is_for_organisers_only(
    kit: TournamentKit, staffed: dict[str, Any], who: str
) -> None:
    event = staffed["event"]
    url = reverse("tournaments:event-staff", args=[event.pk])
    client = browser(staffed[who])
    assert client.get(url).status_code == 403
    assert client.post(url, {"who": kit.user().username, "role": "organiser"}).status_code == 403
    assert roles(event, staffed[who]) == {who}
    assert EventRole.objects.filter(event=event, role="organiser").count() == 1


def test_removing_asks_first_and_never_the_last_organiser(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    remove = reverse("tournaments:event-staff-remove", args=[event.pk])
    client = browser(kit.organiser)
    confirm = client.get(remove, {"user": str(kit.judge.pk), "role": "judge"})
    assert confirm.status_code == 200
    assert f"Remove {kit.judge.username} as judge" in confirm.content.decode()
    assert roles(event, kit.judge) == {"judge"}  # asking changed nothing
    assert client.post(remove, {"user": kit.judge.pk, "role": "judge"}).status_code == 302
    assert roles(event, kit.judge) == set()
    last = client.post(remove, {"user": kit.organiser.pk, "role": "organiser"})
    assert last.status_code == 409
    assert "at least one organiser" in last.content.decode()
    assert roles(event, kit.organiser) == {"organiser"}


def test_the_dashboard_links_to_the_staff_page_for_organisers(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    manage = reverse("tournaments:event-manage", args=[event.pk])
    staff_url = reverse("tournaments:event-staff", args=[event.pk])
    assert staff_url in browser(kit.organiser).get(manage).content.decode()
    scorekeeper_page = browser(staffed["scorekeeper"]).get(manage)
    assert scorekeeper_page.status_code == 200
    assert staff_url not in scorekeeper_page.content.decode()
    assert browser(kit.judge).get(manage).status_code == 403


# --- the invitation page -----------------------------------------------------------------------


def test_the_invitation_page_asks_to_log_in_first_then_accepts_once(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    """The link is the secret: anyone holding it reads what it is (the event, the role) with a
    way to log in that comes back to it; accepting needs an account."""
    event = staffed["event"]
    invitation = staff_appoint(
        actor=kit.organiser, event_id=event.pk, who="kai@example.org", role="judge", base_url=SITE
    )
    assert isinstance(invitation, StaffInvitation)
    url = reverse("tournaments:staff-invitation", args=[invitation.token])
    anonymous = browser().get(url)
    assert anonymous.status_code == 200
    text = anonymous.content.decode()
    assert "Service Open" in text
    assert "kai@example.org" in text
    assert f"{reverse(settings.LOGIN_URL)}?next={url}" in text
    refused = browser().post(url)
    assert refused.status_code == 302
    location = urlparse(refused["Location"])
    assert location.path == reverse(settings.LOGIN_URL)
    assert parse_qs(location.query)["next"] == [url]
    kai = kit.user("kai")
    client = browser(kai)
    page = client.get(url)
    assert page.status_code == 200
    assert "Service Open" in page.content.decode()
    accepted = client.post(url)
    assert accepted.status_code == 302
    assert accepted["Location"] == reverse("tournaments:judge-desk", args=[event.pk])
    assert roles(event, kai) == {"judge"}
    again = browser(kit.user("late")).post(url)
    assert again.status_code == 409
    assert "already accepted" in again.content.decode()


def test_an_unknown_invitation_link_is_a_404(kit: TournamentKit) -> None:
    url = reverse("tournaments:staff-invitation", args=["not-a-token"])
    assert browser(kit.user()).get(url).status_code == 404


# --- the scorekeeper in the browser ------------------------------------------------------------


def test_a_scorekeeper_pairs_from_the_dashboard_but_does_not_finish(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    client = browser(staffed["scorekeeper"])
    paired = client.post(reverse("tournaments:event-action", args=[event.pk, "pair"]))
    assert paired.status_code == 302
    assert event.rounds.count() == 1
    for action in ("finish", "topcut", "close", "publish_lists"):
        url = reverse("tournaments:event-action", args=[event.pk, action])
        assert client.post(url).status_code == 403, action
    assert client.get(reverse("tournaments:event-edit", args=[event.pk])).status_code == 403
    event.refresh_from_db()
    assert event.status == "running"  # paired, not finished
    desk = client.get(reverse("tournaments:judge-desk", args=[event.pk]))
    assert desk.status_code == 200
    entered = client.post(
        reverse("tournaments:judge-enter", args=[event.pk]), {"table": "1", "score": "10"}
    )
    assert entered.status_code == 302
    assert ResultReport.objects.filter(source="judge", reported_by=staffed["scorekeeper"]).exists()


# --- appeals in the browser --------------------------------------------------------------------


def test_a_player_appeals_on_the_match_page_and_the_head_judge_decides_at_the_desk(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    round_obj = kit.pair(event)
    match = round_obj.matches.get(table=1)
    result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0)
    player = browser(kit.user_b(match))
    match_url = reverse("tournaments:match-report", args=[match.pk])
    assert "Appeal the judge" in player.get(match_url).content.decode()
    appealed = player.post(
        reverse("tournaments:match-appeal", args=[match.pk]), {"reason": "the clock ran out"}
    )
    assert appealed.status_code == 302
    appeal = ResultAppeal.objects.get()
    desk = reverse("tournaments:judge-desk", args=[event.pk])
    assert "the clock ran out" in browser(staffed["head_judge"]).get(desk).content.decode()
    assert "the clock ran out" not in browser(kit.judge).get(desk).content.decode()
    decide = reverse("tournaments:appeal-decide", args=[event.pk, appeal.pk])
    refused = browser(kit.judge).post(decide, {"outcome": "uphold", "note": "fine"})
    assert refused.status_code == 403
    decided = browser(staffed["head_judge"]).post(
        decide, {"outcome": "supersede", "note": "B won on time", "wins_a": "0", "wins_b": "1"}
    )
    assert decided.status_code == 302
    appeal.refresh_from_db()
    assert appeal.status == "superseded"
    confirmed = ResultReport.objects.get(match=match, status="confirmed")
    assert (confirmed.wins_a, confirmed.wins_b) == (0, 1)
    assert "Result changed" in player.get(match_url).content.decode()


# --- the API -----------------------------------------------------------------------------------


def test_api_staff_list_and_appoint_for_organisers_only(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    url = f"{API}/events/{event.pk}/staff/"
    listed = api(kit.organiser).get(url)
    assert listed.status_code == 200
    assert {(row["username"], row["role"]) for row in listed.json()} == {
        (kit.organiser.username, "organiser"),
        (kit.judge.username, "judge"),
        (staffed["head_judge"].username, "head_judge"),
        (staffed["scorekeeper"].username, "scorekeeper"),
    }
    for who in ("judge", "head_judge", "scorekeeper"):
        assert api(staffed[who]).get(url).status_code == 403
        refused = api(staffed[who]).post(url, {"who": "x@example.org", "role": "judge"})
        assert refused.status_code == 403
    newcomer = kit.user("nao")
    made = api(kit.organiser).post(url, {"who": newcomer.username, "role": "scorekeeper"})
    assert made.status_code == 201
    assert made.json()["kind"] == "appointed"
    assert made.json()["staff"]["role"] == "scorekeeper"
    invited = api(kit.organiser).post(url, {"who": "new@example.org", "role": "judge"})
    assert invited.status_code == 201
    assert invited.json()["kind"] == "invited"
    assert invited.json()["invitation"]["email"] == "new@example.org"
    unknown = api(kit.organiser).post(url, {"who": "ghost", "role": "judge"})
    assert unknown.status_code == 400
    assert unknown.json()["field"] == "who"
    assert "email" in unknown.json()["detail"]
    twice = api(kit.organiser).post(url, {"who": newcomer.username, "role": "scorekeeper"})
    assert twice.status_code == 409
    assert twice.json()["code"] == "already_appointed"


def test_api_revoke_and_the_last_organiser(kit: TournamentKit, staffed: dict[str, Any]) -> None:
    event = staffed["event"]
    judge_url = f"{API}/events/{event.pk}/staff/judge/{kit.judge.pk}/"
    assert api(staffed["scorekeeper"]).delete(judge_url).status_code == 403
    assert api(kit.organiser).delete(judge_url).status_code == 204
    assert roles(event, kit.judge) == set()
    assert api(kit.organiser).delete(judge_url).status_code == 404
    last = api(kit.organiser).delete(f"{API}/events/{event.pk}/staff/organiser/{kit.organiser.pk}/")
    assert last.status_code == 409
    assert last.json()["code"] == "last_organiser"


def test_api_invitations_list_withdraw_and_accept(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    first = staff_appoint(
        actor=kit.organiser, event_id=event.pk, who="a@example.org", role="judge", base_url=SITE
    )
    second = staff_appoint(
        actor=kit.organiser, event_id=event.pk, who="b@example.org", role="head_judge",
        base_url=SITE,
    )  # fmt: skip
    assert isinstance(first, StaffInvitation)
    assert isinstance(second, StaffInvitation)
    listed = api(kit.organiser).get(f"{API}/events/{event.pk}/staff/invitations/")
    assert [row["email"] for row in listed.json()] == ["b@example.org", "a@example.org"]
    assert api(kit.judge).get(f"{API}/events/{event.pk}/staff/invitations/").status_code == 403
    withdraw = f"{API}/events/{event.pk}/staff/invitations/{first.pk}/"
    assert api(staffed["scorekeeper"]).delete(withdraw).status_code == 403
    withdrawn = api(kit.organiser).delete(withdraw)
    assert withdrawn.status_code == 200
    assert withdrawn.json()["revoked_at"] is not None
    accept = f"{API}/staff-invitations/accept/"
    assert api().post(accept, {"token": second.token}).status_code in (401, 403)
    bea = kit.user("bea")
    accepted = api(bea).post(accept, {"token": second.token})
    assert accepted.status_code == 201
    assert accepted.json()["role"] == "head_judge"
    assert roles(event, bea) == {"head_judge"}
    refused = api(kit.user()).post(accept, {"token": first.token})
    assert refused.status_code == 409
    assert refused.json()["code"] == "invitation_revoked"


def test_api_scorekeeper_runs_rounds_not_the_event(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    client = api(staffed["scorekeeper"])
    assert client.post(f"{API}/events/{event.pk}/rounds/", {"seed": 5}).status_code == 201
    assert client.post(f"{API}/events/{event.pk}/rounds/1/start/").status_code == 200
    match = event.rounds.get().matches.get(table=1)
    entered = client.post(
        f"{API}/events/{event.pk}/matches/{match.pk}/judge-result/", {"wins_a": 1, "wins_b": 0}
    )
    assert entered.status_code == 201
    added = client.post(f"{API}/events/{event.pk}/registrations/add/", {"display_name": "Late"})
    assert added.status_code == 201
    assert client.post(f"{API}/events/{event.pk}/finish/").status_code == 403
    assert client.patch(f"{API}/events/{event.pk}/", {"name": "Mine"}).status_code == 403
    assert client.post(f"{API}/events/{event.pk}/top-cut/").status_code == 403
    assert api(kit.judge).post(f"{API}/events/{event.pk}/rounds/1/pause/").status_code == 403


def test_api_appeals_per_role(kit: TournamentKit, staffed: dict[str, Any]) -> None:
    event = staffed["event"]
    round_obj = kit.pair(event)
    match = round_obj.matches.get(table=1)
    result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0)
    appeal_url = f"{API}/events/{event.pk}/matches/{match.pk}/appeal/"
    assert api(kit.judge).post(appeal_url, {"reason": "x"}).status_code == 403
    filed = api(kit.user_b(match)).post(appeal_url, {"reason": "wrong winner"})
    assert filed.status_code == 201
    again = api(kit.user_a(match)).post(appeal_url, {"reason": "me too"})
    assert again.status_code == 409
    assert again.json()["code"] == "already_appealed"
    listing = f"{API}/events/{event.pk}/appeals/"
    assert api(kit.judge).get(listing).status_code == 403
    assert api(staffed["scorekeeper"]).get(listing).status_code == 403
    assert [row["reason"] for row in api(staffed["head_judge"]).get(listing).json()] == [
        "wrong winner"
    ]
    decide = f"{API}/events/{event.pk}/appeals/{filed.json()['id']}/decide/"
    assert api(kit.judge).post(decide, {"outcome": "uphold", "note": "n"}).status_code == 403
    upheld = api(staffed["head_judge"]).post(decide, {"outcome": "uphold", "note": "seen"})
    assert upheld.status_code == 200
    assert upheld.json()["status"] == "upheld"
    assert api(staffed["head_judge"]).get(listing).json() == []


def test_an_appeal_of_another_event_is_not_found(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    round_obj = kit.pair(event)
    match = round_obj.matches.get(table=1)
    result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0)
    appeal = appeal_file(match_id=match.pk, user=kit.user_b(match), reason="why")
    other = kit.event(name="Other")
    decide = f"{API}/events/{other.pk}/appeals/{appeal.pk}/decide/"
    assert api(kit.organiser).post(decide, {"outcome": "uphold", "note": "n"}).status_code == 404
    appeal.refresh_from_db()
    assert appeal.status == "open"


def test_the_event_page_leads_each_staff_role_to_its_pages(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    event = staffed["event"]
    detail = reverse("tournaments:event-detail", args=[event.pk])
    manage = reverse("tournaments:event-manage", args=[event.pk])
    desk = reverse("tournaments:judge-desk", args=[event.pk])
    links = {
        who: (manage in page, desk in page)
        for who in ("organiser", "head_judge", "judge", "scorekeeper")
        for page in [browser(staffed[who]).get(detail).content.decode()]
    }
    assert links == {
        "organiser": (True, True),
        "head_judge": (False, True),
        "judge": (False, True),
        "scorekeeper": (True, True),
    }


def test_the_match_page_names_the_judge_who_entered_the_result(
    kit: TournamentKit, staffed: dict[str, Any]
) -> None:
    round_obj = kit.pair(staffed["event"])
    match = round_obj.matches.get(table=1)
    kit.judge.first_name, kit.judge.last_name = "Jun", "Mori"
    kit.judge.save()
    result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0)
    player = browser(kit.user_b(match))
    match_url = reverse("tournaments:match-report", args=[match.pk])
    assert "<td>Judge · Jun Mori</td>" in player.get(match_url).content.decode()
    japanese = player.get(match_url, headers={"Accept-Language": "ja"}).content.decode()
    assert "ジャッジ · Jun Mori" in japanese
