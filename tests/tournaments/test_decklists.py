"""Event decklists: submission until the deadline, versions, visibility, deck checks, re-checks."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from cardpool.models import BanList, BanListEntry, Card, Format
from cardpool.services import card_import
from core.errors import ConflictError, InvalidInputError, PermissionDeniedError
from tests.cardpool.conftest import demo_records
from tournaments.models import DecklistRecheck, DecklistVersion
from tournaments.services import (
    decklist_recheck_start,
    decklist_submit,
    event_role_grant,
    registration_create,
)

pytestmark = pytest.mark.django_db

LEGAL = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))


@pytest.fixture
def demo_cards(db: None) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)


@pytest.fixture
def setup(demo_cards: Any, make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, aoi, ren, other_organiser = (make_user(name) for name in
        ("org", "judge", "aoi", "ren", "org2"))  # fmt: skip
    event = make_event(organiser=organiser)
    make_event(organiser=other_organiser, name="Other")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    return {
        "event": event,
        "organiser": organiser,
        "judge": judge,
        "aoi": aoi,
        "ren": ren,
        "other_organiser": other_organiser,
        "aoi_reg": registration_create(event=event, user=aoi, display_name="Aoi"),
        "ren_reg": registration_create(event=event, user=ren, display_name="Ren"),
    }


def _api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_submit_and_replace_keeps_every_version(setup: dict[str, Any]) -> None:
    first = decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"],
                            data=LEGAL)  # fmt: skip
    replaced = LEGAL.replace("2 DEMO_10", "2 DEMO_11")
    second = decklist_submit(
        registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"], data=replaced
    )
    assert (first.version, second.version) == (1, 2)
    assert DecklistVersion.objects.filter(decklist=first.decklist).count() == 2
    assert {"id": "DEMO_11", "count": 2} in second.cards
    assert second.report["ja"]["legal"] is True


def test_illegal_list_is_refused_and_nothing_stored(setup: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError) as error:
        decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"],
                        data="3 DEMO_1\n" + LEGAL)  # fmt: skip
    assert error.value.code == "illegal_decklist"
    assert DecklistVersion.objects.count() == 0


def test_list_is_locked_after_the_deadline(setup: dict[str, Any]) -> None:
    event = setup["event"]
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save(update_fields=["decklist_deadline"])
    with pytest.raises(ConflictError, match="deadline"):
        decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"],
                        data=LEGAL)  # fmt: skip


def test_a_player_cannot_submit_for_another(setup: dict[str, Any]) -> None:
    with pytest.raises(PermissionDeniedError):
        decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["ren"],
                        data=LEGAL)  # fmt: skip
    with pytest.raises(PermissionDeniedError):
        decklist_submit(registration_id=setup["aoi_reg"].pk,
                        submitted_by=setup["other_organiser"], data=LEGAL)  # fmt: skip
    organiser_entered = decklist_submit(
        registration_id=setup["aoi_reg"].pk, submitted_by=setup["organiser"], data=LEGAL
    )
    assert organiser_entered.version == 1


@pytest.mark.parametrize(
    ("who", "status"),
    [(None, 403), ("aoi", 200), ("ren", 403), ("judge", 200), ("organiser", 200),
     ("other_organiser", 403)],
)  # fmt: skip
def test_visibility_before_publication(setup: dict[str, Any], who: str | None, status: int) -> None:
    decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"], data=LEGAL)
    response = _api(setup[who] if who else None).get(
        f"/api/v1/registrations/{setup['aoi_reg'].pk}/decklist/"
    )
    assert response.status_code == status


def test_published_lists_are_public(setup: dict[str, Any]) -> None:
    decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"], data=LEGAL)
    setup["event"].decklists_published = True
    setup["event"].save(update_fields=["decklists_published"])
    response = _api(setup["ren"]).get(f"/api/v1/registrations/{setup['aoi_reg'].pk}/decklist/")
    assert response.status_code == 200
    assert response.json()["version"] == 1


def test_submit_through_the_api(setup: dict[str, Any]) -> None:
    url = f"/api/v1/registrations/{setup['aoi_reg'].pk}/decklist/"
    assert _api().post(url, {"decklist": LEGAL}, format="json").status_code in {401, 403}
    denied = _api(setup["ren"]).post(url, {"decklist": LEGAL}, format="json")
    assert denied.status_code == 403
    bad = _api(setup["aoi"]).post(url, {"decklist": "2 NO_SUCH_CARD"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["code"] == "illegal_decklist"
    assert any(e["code"] == "unknown_card" for e in bad.json()["report"]["errors"])
    ok = _api(setup["aoi"]).post(url, {"decklist": LEGAL}, format="json")
    assert ok.status_code == 201
    assert ok.json()["version"] == 1
    versions = _api(setup["aoi"]).get(url + "versions/")
    assert [v["version"] for v in versions.json()] == [1]


def test_judge_deck_check_shows_differences(setup: dict[str, Any]) -> None:
    decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"], data=LEGAL)
    presented = LEGAL.replace("2 DEMO_10", "1 DEMO_10\n1 DEMO_12")
    url = f"/api/v1/registrations/{setup['aoi_reg'].pk}/deck-check/"
    response = _api(setup["judge"]).post(url, {"decklist": presented}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["matches"] is False
    assert body["differences"] == [
        {"card": "DEMO_10", "registered": 2, "presented": 1, "delta": -1},
        {"card": "DEMO_12", "registered": 0, "presented": 1, "delta": 1},
    ]
    same = _api(setup["judge"]).post(url, {"decklist": LEGAL}, format="json").json()
    assert same["matches"] is True
    assert _api(setup["ren"]).post(url, {"decklist": LEGAL}, format="json").status_code == 403


def test_recheck_after_a_ban_finds_the_now_illegal_lists(
    setup: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    decklist_submit(registration_id=setup["aoi_reg"].pk, submitted_by=setup["aoi"], data=LEGAL)
    other = LEGAL.replace("2 DEMO_1\n", "2 DEMO_11\n")
    decklist_submit(registration_id=setup["ren_reg"].pk, submitted_by=setup["ren"], data=other)
    event = setup["event"]
    fmt = Format.objects.create(game=event.game, slug="constructed", name="Constructed")
    ban_list = BanList.objects.create(format=fmt, effective_from=event.date - dt.timedelta(days=1))
    BanListEntry.objects.create(ban_list=ban_list, card=Card.objects.get(code="DEMO_1"), limit=0)
    event.format = fmt
    event.save(update_fields=["format"])
    url = f"/api/v1/events/{event.pk}/decklists/recheck/"
    assert _api(setup["judge"]).post(url).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        response = _api(setup["organiser"]).post(url)
    assert response.status_code == 202
    recheck = DecklistRecheck.objects.get()
    assert (recheck.status, recheck.total, recheck.done) == ("done", 2, 2)
    assert [row["registration"] for row in recheck.illegal] == [setup["aoi_reg"].pk]
    assert recheck.illegal[0]["errors"][0]["code"] == "banned"


def test_recheck_task_is_enqueued_on_commit(
    setup: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        recheck = decklist_recheck_start(event_id=setup["event"].pk, requested_by=None)
    assert len(callbacks) == 1
    assert DecklistRecheck.objects.get(pk=recheck.pk).status == "queued"
