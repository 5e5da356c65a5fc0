"""Decklists: stateless checks, submission until the deadline, versions, visibility, deck checks."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from cardpool.models import BanList, BanListEntry, Card, DecklistRecheck, DecklistVersion, Format
from cardpool.services import decklist_recheck_start, decklist_submit
from core.errors import ConflictError, InvalidInputError, PermissionDeniedError
from tournaments.services import event_role_grant, registration_create

pytestmark = pytest.mark.django_db

LEGAL = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
ROOT = Path(__file__).resolve().parents[2]


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


def test_stateless_check_reports_errors_with_rules(client: Client, demo_cards: Any) -> None:
    deck = LEGAL + "\n1 DEMO_1"
    response = client.post(
        "/api/v1/decklists/check/", {"game": "zutomayo", "decklist": deck}, "application/json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    codes = {(e["code"], e["rule"]) for e in body["errors"]}
    assert ("deck_size", "4.1.1") in codes
    assert any(e["code"] == "too_many_copies" and e["cards"] == ["DEMO_1"] for e in body["errors"])


def test_stateless_check_in_japanese_and_as_json_list(client: Client, demo_cards: Any) -> None:
    cards = [{"card": f"DEMO_{n}", "count": 2} for n in range(1, 10)]
    response = client.post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "decklist": cards, "lang": "ja"},
        "application/json",
    )
    body = response.json()
    assert body["legal"] is False
    assert body["errors"][0]["code"] == "deck_size"
    assert "20" in body["errors"][0]["message"]
    assert "枚" in body["errors"][0]["message"]


def test_stateless_check_accepts_a_csv_upload(client: Client, demo_cards: Any) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    csv_text = "count,card\n" + "\n".join(f"2,DEMO_{n}" for n in range(1, 11))
    upload = SimpleUploadedFile("deck.csv", csv_text.encode(), content_type="text/csv")
    response = client.post("/api/v1/decklists/check/", {"game": "zutomayo", "file": upload})
    assert response.status_code == 200
    assert response.json()["legal"] is True


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"game": "zutomayo"}, "decklist"), ({"game": "chess", "decklist": LEGAL}, "game")],
)
def test_stateless_check_bad_requests(
    client: Client, demo_cards: Any, payload: dict[str, Any], field: str
) -> None:
    response = client.post("/api/v1/decklists/check/", payload, "application/json")
    assert response.status_code == 400
    assert field in json.dumps(response.json())


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


def _check_deck(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "manage.py", "check_deck", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        check=False,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite:///var/check-deck-test.sqlite3",
             "DJANGO_SETTINGS_MODULE": "config.settings.dev", "SHARED_DIR": "/nonexistent"},
    )  # fmt: skip


def test_check_deck_command_exit_codes(demo_cards: Any, tmp_path: Path) -> None:
    legal = tmp_path / "legal.txt"
    legal.write_text(LEGAL, encoding="utf-8")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text(LEGAL + "\n1 DEMO_1", encoding="utf-8")
    out = StringIO()
    call_command("check_deck", "--game", "zutomayo", str(legal), stdout=out)
    report = json.loads(out.getvalue())
    assert report["legal"] is True
    assert {"id": "DEMO_1", "count": 2} in report["cards"]
    with pytest.raises(SystemExit) as exit_illegal:
        call_command("check_deck", "--game", "zutomayo", str(illegal), stdout=StringIO())
    assert exit_illegal.value.code == 1
    binary = tmp_path / "deck.bin"
    binary.write_bytes(b"\x00\x01\x02\xff" * 10)
    with pytest.raises(SystemExit) as exit_binary:
        call_command("check_deck", "--game", "zutomayo", str(binary), stdout=StringIO())
    assert exit_binary.value.code == 2


def test_check_deck_reads_standard_input_and_refuses_missing_files() -> None:
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, capture_output=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": "sqlite:///var/check-deck-test.sqlite3",
             "DJANGO_SETTINGS_MODULE": "config.settings.dev"},
    )  # fmt: skip
    assert migrate.returncode == 0
    empty = _check_deck("--game", "zutomayo", "-", stdin=b"")
    assert empty.returncode == 2
    assert json.loads(empty.stdout)["errors"][0]["code"] == "empty_input"
    missing = _check_deck("--game", "zutomayo", "/nonexistent/deck.txt")
    assert missing.returncode == 2
    assert b"cannot read" in missing.stderr
    unknown = _check_deck("--game", "zutomayo", "-", stdin=b"2 NOT_A_CARD\n")
    assert unknown.returncode == 1
    assert json.loads(unknown.stdout)["errors"][0]["code"] == "unknown_card"
