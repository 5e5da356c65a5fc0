"""The ruling filed on a match is linked from the match's page (``tournaments.display.match_links``,
registered by ``judging.match_links``): for the match's players and the event's staff, to the
players' link of the ruling (signed, without the judges' notes); for nobody else; not before the
ruling is filed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from judging.models import Ruling
from judging.services import judge_case_file, judge_case_open, ruling_compute
from tests.judging.test_judging import _golden_record
from tournaments.display.match_links import match_links
from tournaments.models import Match
from tournaments.services import event_role_grant, registration_create, round_pair
from tournaments.services.registration import registration_check_in

pytestmark = pytest.mark.django_db

LINK = "The judge&#x27;s ruling on this match: Was it night?"


def _web(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def filed(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge = make_user("o"), make_user("j")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    players = [make_user(f"p{n}") for n in range(4)]
    for n, user in enumerate(players):
        registration = registration_create(
            event=event, user=user, display_name=f"Player {n}", by=organiser
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=3)
    match, other = Match.objects.filter(round=round_obj).order_by("table")
    case = judge_case_open(event_id=event.pk, by=judge, title="Was it night?", match_id=match.pk)
    ruling = ruling_compute(case_id=case.pk, by=judge, record=_golden_record())
    assert match.player_b is not None
    users = {r.user_id: r.user for r in (match.player_a, match.player_b)}
    outsiders = [u for u in players if u.pk not in users]
    return {
        "match": match, "other": other, "case": case, "ruling": ruling, "judge": judge,
        "organiser": organiser, "players": list(users.values()), "outsider": outsiders[0],
    }  # fmt: skip


def test_the_filed_ruling_is_linked_for_the_players_and_the_staff(filed: dict[str, Any]) -> None:
    url = f"/events/matches/{filed['match'].pk}/"
    viewers = [*filed["players"], filed["judge"], filed["organiser"]]
    for viewer in viewers:  # not filed yet: no link
        assert LINK not in _web(viewer).get(url).content.decode()
    judge_case_file(case_id=filed["case"].pk, ruling_id=filed["ruling"].pk, by=filed["judge"])
    for viewer in viewers:
        page = _web(viewer).get(url)
        assert page.status_code == 200
        links = page.context["match_links"]
        assert [link.label for link in links] == ["The judge's ruling on this match: Was it night?"]
        shared = _web(filed["outsider"]).get(links[0].url)  # the signed link opens the ruling
        assert shared.status_code == 200
        assert shared.context["latest"] == Ruling.objects.get(pk=filed["ruling"].pk)
        assert LINK in page.content.decode()
    # the other match of the round has no ruling; an outsider's view of this one shows none
    other = f"/events/matches/{filed['other'].pk}/"
    assert _web(filed["judge"]).get(other).context["match_links"] == []
    # someone else (who may not open the match's page at all) gets no link from the provider
    assert match_links(match=filed["match"], user=filed["outsider"], is_staff=False) == []
    assert LINK not in _web(filed["outsider"]).get(url).content.decode()


def test_the_links_cost_one_query(filed: dict[str, Any], django_assert_num_queries: Any) -> None:
    judge_case_file(case_id=filed["case"].pk, ruling_id=filed["ruling"].pk, by=filed["judge"])
    match = Match.objects.select_related("player_a", "player_b").get(pk=filed["match"].pk)
    with django_assert_num_queries(1):
        assert len(match_links(match=match, user=filed["judge"], is_staff=True)) == 1
    with django_assert_num_queries(0):  # someone else: not even the query
        assert match_links(match=match, user=filed["outsider"], is_staff=False) == []


def test_the_link_is_in_japanese_on_a_japanese_page(filed: dict[str, Any]) -> None:
    judge_case_file(case_id=filed["case"].pk, ruling_id=filed["ruling"].pk, by=filed["judge"])
    client = _web(filed["players"][0])
    page = client.get(f"/events/matches/{filed['match'].pk}/", HTTP_ACCEPT_LANGUAGE="ja")
    assert "この対戦へのジャッジの裁定: Was it night?" in page.content.decode()
