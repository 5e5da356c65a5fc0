"""People, not ids (nobody at a venue knows an id): every form that names a player takes a name or a
table number, resolved by one function; the staff's autocomplete; no id on a staff page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from core.errors import InvalidInputError
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, Penalty, Registration, ResultReport
from tournaments.selectors.registrations import (
    AmbiguousPlayerError,
    player_choices,
    registration_resolve,
)
from tournaments.services import event_role_grant, registration_create

pytestmark = pytest.mark.django_db

NAMES = ["Aiko Tanaka", "Aiko Tanakawa", "Ren Sato", "Mio Kato", "Sora Ito"]


def _client(user: Any = None, language: str = "en") -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    return client


@pytest.fixture
def cup(kit: TournamentKit) -> dict[str, Any]:
    """Five players with the names above, round 1 paired (one bye); another event's player."""
    event = kit.event(name="Name Cup", swiss_rounds=3)
    players = {name: kit.register(event, name) for name in NAMES}
    round_one = kit.pair(event)
    other = kit.event(name="Other Cup")
    stranger = kit.register(other, "Aiko Tanaka")
    return {"event": event, "players": players, "round": round_one, "other": other,
            "other_player": stranger}  # fmt: skip


def _table_of(match: Match) -> list[str]:
    names = [match.player_a.display_name]
    if match.player_b is not None:
        names.append(match.player_b.display_name)
    return sorted(names)


def test_an_exact_name_wins_over_longer_names_containing_it(cup: dict[str, Any]) -> None:
    found = registration_resolve(event=cup["event"], text="  aiko tanaka ")
    assert found == cup["players"]["Aiko Tanaka"]


def test_part_of_one_name_is_that_player(cup: dict[str, Any]) -> None:
    assert registration_resolve(event=cup["event"], text="kawa") == cup["players"]["Aiko Tanakawa"]
    assert registration_resolve(event=cup["event"], text="Sato") == cup["players"]["Ren Sato"]


def test_part_of_several_names_asks_which_one(cup: dict[str, Any]) -> None:
    with pytest.raises(AmbiguousPlayerError) as caught:
        registration_resolve(event=cup["event"], text="Aiko", field="player_a")
    assert caught.value.field == "player_a"
    assert caught.value.status_code == 400
    assert sorted(c.name for c in caught.value.candidates) == ["Aiko Tanaka", "Aiko Tanakawa"]


@pytest.mark.parametrize("typed", ["1", "table 1", "Table 1", "#1", "1卓", "卓1", "テーブル1"])
def test_a_table_number_means_the_players_at_that_table(cup: dict[str, Any], typed: str) -> None:
    table_one = Match.objects.get(round=cup["round"], table=1)
    with pytest.raises(AmbiguousPlayerError) as caught:
        registration_resolve(event=cup["event"], text=typed)
    assert sorted(c.name for c in caught.value.candidates) == _table_of(table_one)
    assert {c.table for c in caught.value.candidates} == {1}


def test_a_table_with_one_player_is_that_player(cup: dict[str, Any]) -> None:
    bye = Match.objects.get(round=cup["round"], is_bye=True)
    assert registration_resolve(event=cup["event"], text=f"table {bye.table}") == bye.player_a


def test_the_autocompletes_label_is_that_one_player(cup: dict[str, Any]) -> None:
    match = Match.objects.get(round=cup["round"], table=1)
    assert match.player_b is not None
    label = f"{match.player_b.display_name} · table 1"
    assert registration_resolve(event=cup["event"], text=label) == match.player_b
    japanese = f"{match.player_a.display_name} · 1卓"
    assert registration_resolve(event=cup["event"], text=japanese) == match.player_a


def test_nobody_matching_is_a_400_on_the_field(cup: dict[str, Any]) -> None:
    for typed in ("Zed", "table 99", ""):
        with pytest.raises(InvalidInputError) as caught:
            registration_resolve(event=cup["event"], text=typed, field="player")
        assert caught.value.field == "player"
        assert not isinstance(caught.value, AmbiguousPlayerError)


def test_another_events_player_is_never_found(cup: dict[str, Any]) -> None:
    event, stranger = cup["event"], cup["other_player"]
    with pytest.raises(InvalidInputError, match="not registered for this event"):
        registration_resolve(event=event, text="", pick=str(stranger.pk))
    assert registration_resolve(event=event, text="Aiko Tanaka") != stranger
    other_only = registration_resolve(event=cup["other"], text="Aiko")
    assert other_only == stranger  # in its own event the one Aiko is found
    with pytest.raises(InvalidInputError):
        registration_resolve(event=event, text="x", pick="not-a-number")


def test_the_waiting_list_is_not_offered(kit: TournamentKit) -> None:
    event = kit.event(name="Full Cup", capacity=2)
    kit.players(event, 2, check_in=False)
    waiting = registration_create(
        event=event, user=kit.user(), display_name="Waiting Walker", by=None
    )
    assert waiting.status == Registration.Status.WAITLISTED
    assert player_choices(event=event, query="Walker") == []


def test_player_choices_take_two_queries(
    cup: dict[str, Any], django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(2):
        choices = player_choices(event=cup["event"], query="a")
    assert len(choices) == 5  # every name holds an "a"
    assert [c.name for c in choices][:1] == ["Aiko Tanaka"]


# --- the autocomplete -----------------------------------------------------------------------------


def _search(cup: dict[str, Any], user: Any, query: str) -> Any:
    return _client(user).get(f"/events/{cup['event'].pk}/players/search/", {"q": query})


def test_the_autocomplete_answers_the_events_staff(kit: TournamentKit, cup: dict[str, Any]) -> None:
    scorekeeper = kit.user("scorekeeper")
    event_role_grant(
        event=cup["event"], user=scorekeeper, role="scorekeeper", granted_by=kit.organiser
    )
    for user in (kit.organiser, kit.judge, scorekeeper):
        response = _search(cup, user, "tanaka")
        assert response.status_code == 200
        results = response.json()["results"]
        assert [r["name"] for r in results] == ["Aiko Tanaka", "Aiko Tanakawa"]
        mine = cup["players"]["Aiko Tanaka"]
        table = (
            Match.objects.filter(round=cup["round"])
            .filter(player_a=mine)
            .values_list("table", flat=True)
            .first()
            or Match.objects.get(round=cup["round"], player_b=mine).table
        )
        assert results[0] == {
            "label": f"Aiko Tanaka · table {table}", "name": "Aiko Tanaka", "table": table,
            "value": str(mine.pk),
        }  # fmt: skip


def test_the_autocomplete_finds_a_table(cup: dict[str, Any], kit: TournamentKit) -> None:
    names = [r["name"] for r in _search(cup, kit.judge, "table 1").json()["results"]]
    assert sorted(names) == _table_of(Match.objects.get(round=cup["round"], table=1))


def test_the_autocomplete_refuses_everyone_else(
    cup: dict[str, Any], kit: TournamentKit, make_user: Any
) -> None:
    player = cup["players"]["Ren Sato"].user
    other_judge = make_user("elsewhere")
    event_role_grant(event=cup["other"], user=other_judge, role="judge", granted_by=kit.organiser)
    for user in (player, make_user("nobody"), other_judge):
        assert _search(cup, user, "Aiko").status_code == 403
    anonymous = _search(cup, None, "Aiko")
    assert anonymous.status_code == 302
    assert "/login/" in anonymous["Location"]


# --- the forms ------------------------------------------------------------------------------------


def test_a_penalty_names_the_player_by_name(cup: dict[str, Any], kit: TournamentKit) -> None:
    url = f"/events/{cup['event'].pk}/judge/penalty/"
    form = {"player": "kawa", "infraction": "slow play", "penalty": "warning"}
    assert _client(kit.judge).post(url, form).status_code == 302
    assert Penalty.objects.get().registration == cup["players"]["Aiko Tanakawa"]


def test_an_ambiguous_name_asks_which_player_and_records_nothing(
    cup: dict[str, Any], kit: TournamentKit
) -> None:
    url = f"/events/{cup['event'].pk}/judge/penalty/"
    form = {"player": "Aiko", "infraction": "slow play", "penalty": "warning", "note": ""}
    for language, title in (("en", "Which player?"), ("ja", "どのプレイヤーですか？")):
        response = _client(kit.judge, language).post(url, form)
        assert response.status_code == 400
        page = response.content.decode()
        assert f"<h1>{title}</h1>" in page
        for name in ("Aiko Tanaka", "Aiko Tanakawa"):
            assert name in page
            pk = cup["players"][name].pk
            assert f'type="radio" name="player_pick" value="{pk}"' in page
        assert 'name="infraction" value="slow play"' in page
    assert not Penalty.objects.exists()
    picked = cup["players"]["Aiko Tanakawa"]
    done = _client(kit.judge).post(url, {**form, "player_pick": str(picked.pk)})
    assert done.status_code == 302
    assert Penalty.objects.get().registration == picked


def test_a_penalty_on_an_unknown_name_is_a_clear_400(
    cup: dict[str, Any], kit: TournamentKit
) -> None:
    url = f"/events/{cup['event'].pk}/judge/penalty/"
    form = {"player": "Nobody Here", "infraction": "slow play", "penalty": "warning"}
    response = _client(kit.judge).post(url, form)
    assert response.status_code == 400
    assert "no player of this event is called “Nobody Here”" in response.content.decode()
    assert not Penalty.objects.exists()


def test_the_judge_enters_a_result_by_a_players_name(
    cup: dict[str, Any], kit: TournamentKit
) -> None:
    match = Match.objects.get(round=cup["round"], table=1)
    url = f"/events/{cup['event'].pk}/judge/enter/"
    response = _client(kit.judge).post(url, {"table": match.player_a.display_name, "score": "10"})
    assert response.status_code == 302
    report = ResultReport.objects.get(match=match)
    assert (report.wins_a, report.wins_b) == (1, 0)
    table_two = Match.objects.get(round=cup["round"], table=2)
    assert _client(kit.judge).post(url, {"table": "2", "score": "01"}).status_code == 302
    assert ResultReport.objects.get(match=table_two).wins_b == 1


def test_the_organiser_swaps_players_named_by_name(cup: dict[str, Any], kit: TournamentKit) -> None:
    one, two = Match.objects.filter(round=cup["round"], is_bye=False).order_by("table")[:2]
    url = f"/events/{cup['event'].pk}/manage/swap/"
    form = {"round": cup["round"].pk, "player_a": one.player_a.display_name,
            "player_b": two.player_a.display_name, "reason": "family"}  # fmt: skip
    assert _client(kit.organiser).post(url, form).status_code == 302
    assert Match.objects.get(pk=one.pk).player_a_id == two.player_a_id


# --- no id where a person reads -----------------------------------------------------------------

ID_LABELS = re.compile(
    r"\b(?:registration|match|round|event|case|ruling|user)[ _-]?id\b|<th>\s*(?:id|#)\s*</th>"
    r"|#\d+",
    re.IGNORECASE,
)


def _visible(html: str) -> str:
    """The page as read: markup, attributes and scripts gone, table headers kept."""
    html = re.sub(r"<script.*?</script>", "", html, flags=re.DOTALL)
    html = re.sub(r"<th[^>]*>", "<th>", html)
    return re.sub(r"<(?!/?th>)[^>]+>", " ", html)


def test_no_staff_page_shows_or_asks_for_an_id(cup: dict[str, Any], kit: TournamentKit) -> None:
    event: Event = cup["event"]
    match = Match.objects.get(round=cup["round"], table=1)
    aiko = cup["players"]["Aiko Tanaka"]
    pages = [
        (kit.organiser, f"/events/{event.pk}/manage/"),
        (kit.organiser, f"/events/{event.pk}/manage/drop/?registration={aiko.pk}"),
        (kit.organiser, f"/events/{event.pk}/manage/repair/?round={cup['round'].pk}&reason=x"),
        (kit.judge, f"/events/{event.pk}/judge/"),
        (kit.judge, f"/judging/events/{event.pk}/cases/"),
        (kit.judge, f"/events/matches/{match.pk}/"),
        (kit.judge, f"/cards/decklists/{aiko.pk}/"),
    ]
    for language in ("en", "ja"):
        for user, url in pages:
            response = _client(user, language).get(url)
            assert response.status_code == 200, url
            text = _visible(response.content.decode())
            assert not ID_LABELS.search(text), (url, ID_LABELS.search(text))
            assert "Registration id" not in response.content.decode()
    ambiguous = _client(kit.judge).post(
        f"/events/{event.pk}/judge/penalty/",
        {"player": "Aiko", "infraction": "x", "penalty": "warning"},
    )
    assert not ID_LABELS.search(_visible(ambiguous.content.decode()))
