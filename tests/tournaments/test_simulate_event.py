"""``manage.py simulate_event``: a whole event through the services, then the final standings."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from cardpool.services import card_import
from tournaments.models import DecklistVersion, Event, Match, Registration, ResultReport, Round

pytestmark = pytest.mark.django_db

DEMO_CARDS = Path(settings.BASE_DIR) / "cardpool" / "demo" / "zutomayo-demo-cards.json"
ROW = re.compile(r"^\s*(\d+)\s{2}(.+?)\s+(\d+)\s{2}(\d+-\d+-\d+)\s")


@pytest.fixture
def zutomayo_pool(db: None) -> None:
    """The invented demo cards, so that the simulated players can submit legal decklists."""
    records: list[dict[str, Any]] = json.loads(DEMO_CARDS.read_text(encoding="utf-8"))["cards"]
    card_import(game_slug="zutomayo", records=records, source="demo", is_demo=True)


def _simulate(*args: str) -> tuple[str, Event]:
    out = io.StringIO()
    call_command("simulate_event", *args, stdout=out)
    text = out.getvalue()
    match = re.search(r"^event (\d+): (\w+)$", text, re.MULTILINE)
    assert match is not None, text
    return text, Event.objects.get(pk=int(match.group(1)))


def _standings(text: str) -> list[tuple[int, str, int, str]]:
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#"))
    rows = []
    for line in lines[header + 1 :]:
        found = ROW.match(line)
        assert found is not None, line
        rows.append((int(found[1]), found[2], int(found[3]), found[4]))
    return rows


@pytest.mark.slow
def test_simulate_twelve_players_three_rounds(zutomayo_pool: None) -> None:
    text, event = _simulate("--game", "zutomayo", "--players", "12", "--rounds", "3")
    assert "registered 12 players, 12 decklists" in text
    assert f"event {event.pk}: finished" in text
    assert event.status == Event.Status.FINISHED
    swiss = Round.objects.filter(event=event, stage=Round.Stage.SWISS)
    assert list(swiss.values_list("number", flat=True)) == [1, 2, 3]
    assert not Round.objects.filter(event=event).exclude(status="complete").exists()
    # Every decklist was checked and legal.
    versions = DecklistVersion.objects.filter(decklist__registration__event=event)
    assert versions.count() == 12
    assert all(version.legal for version in versions)
    # Every Swiss match has exactly one confirmed result.
    for match in Match.objects.filter(round__in=swiss, is_bye=False):
        assert ResultReport.objects.filter(match=match, status="confirmed").count() == 1
    rows = _standings(text)
    assert len(rows) == 12
    assert [rank for rank, *_ in rows] == sorted(rank for rank, *_ in rows)
    assert rows[0][0] == 1
    names = set(Registration.objects.filter(event=event).values_list("display_name", flat=True))
    assert {name for _, name, _, _ in rows} == names
    points = [points for _, _, points, _ in rows]
    assert points == sorted(points, reverse=True)
    for _, _, pts, record in rows:
        wins, losses, draws = map(int, record.split("-"))
        assert wins + losses + draws <= 3
        assert pts == 3 * wins + draws


@pytest.mark.slow
@pytest.mark.parametrize(("cut", "bracket"), [("4", [2, 1]), ("0", [])])
def test_simulate_plays_the_requested_top_cut(
    zutomayo_pool: None, cut: str, bracket: list[int]
) -> None:
    text, event = _simulate(
        "--game", "zutomayo", "--players", "12", "--rounds", "3", "--top-cut", cut, "--seed", "7"
    )
    assert event.status == Event.Status.FINISHED
    assert event.top_cut == int(cut)
    top_cut = Round.objects.filter(event=event, stage=Round.Stage.TOP_CUT).order_by("number")
    assert [r.matches.count() for r in top_cut] == bracket
    assert [r.number for r in top_cut] == [4, 5][: len(bracket)]
    assert (f"top {cut} played" in text) == bool(bracket)
    for round_obj in top_cut:
        for match in round_obj.matches.all():
            report = ResultReport.objects.get(match=match, status="confirmed")
            assert report.wins_a != report.wins_b  # the cut always has a winner
    if bracket:
        # The final seats the two semi-final winners.
        semis, final = top_cut
        winners = set()
        for match in semis.matches.all():
            report = ResultReport.objects.get(match=match, status="confirmed")
            winners.add(match.player_a_id if report.wins_a > report.wins_b else match.player_b_id)
        final_match = final.matches.get()
        assert {final_match.player_a_id, final_match.player_b_id} == winners
    assert len(_standings(text)) == 12


@pytest.mark.parametrize(
    "args", [("--players", "1"), ("--players", "4", "--rounds", "0")], ids=["players", "rounds"]
)
def test_simulate_refuses_bad_arguments(args: tuple[str, ...]) -> None:
    with pytest.raises(CommandError):
        call_command("simulate_event", *args, stdout=io.StringIO())
    assert not Event.objects.exists()
