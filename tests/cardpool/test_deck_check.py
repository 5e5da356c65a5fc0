"""The stateless decklist check: the API endpoint and the ``check_deck`` command."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

pytestmark = pytest.mark.django_db

LEGAL = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))


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


@pytest.fixture
def check_deck(monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[int, str, str]]:
    """``manage.py check_deck ARGS`` as the shell sees it (its exit code, standard output and
    error), run in this process: a ``CommandError`` is what ``manage.py`` prints and exits with
    (its ``returncode``); the command's own exits are ``SystemExit``. (Not through
    ``run_from_argv``, which closes the database connections the test is using.)"""

    def run(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        out = StringIO()
        try:
            call_command("check_deck", *args, stdout=out)
        except CommandError as error:
            return error.returncode, out.getvalue(), f"CommandError: {error}"
        except SystemExit as ended:
            return int(ended.code or 0), out.getvalue(), ""
        return 0, out.getvalue(), ""

    return run


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


def test_check_deck_reads_standard_input_and_refuses_missing_files(
    check_deck: Callable[..., tuple[int, str, str]],
) -> None:
    code, out, _err = check_deck("--game", "zutomayo", "-", stdin=b"")
    assert code == 2
    assert json.loads(out)["errors"][0]["code"] == "empty_input"
    code, out, err = check_deck("--game", "zutomayo", "/nonexistent/deck.txt")
    assert code == 2
    assert "cannot read" in err
    code, out, _err = check_deck("--game", "zutomayo", "-", stdin=b"2 NOT_A_CARD\n")
    assert code == 1
    assert json.loads(out)["errors"][0]["code"] == "unknown_card"


# --- formats and dates: which ban list applies on the event's day ----------------------------


@pytest.fixture
def banned_from_june(demo_cards: Any) -> int:
    """A ZUTOMAYO format whose list bans DEMO_1 from 2026-06-01; its id."""
    from cardpool.models import BanList, BanListEntry, Card, Format, Game

    fmt = Format.objects.create(
        game=Game.objects.get(slug="zutomayo"), slug="standard", name="Standard"
    )
    ban = BanList.objects.create(format=fmt, effective_from="2026-06-01", note="June list")
    BanListEntry.objects.create(ban_list=ban, card=Card.objects.get(code="DEMO_1"), limit=0)
    return fmt.pk


def test_an_unknown_format_is_a_400_not_ignored(client: Client, demo_cards: Any) -> None:
    response = client.post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "decklist": LEGAL, "format_id": 999},
        "application/json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unknown_format"
    assert body["field"] == "format_id"


def test_a_format_of_another_game_is_a_400(
    client: Client, demo_cards: Any, banned_from_june: int
) -> None:
    response = client.post(
        "/api/v1/decklists/check/",
        {"game": "azuki", "decklist": "1 STT01-001", "format_id": banned_from_june},
        "application/json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "format_of_another_game"
    assert "ZUTOMAYO CARD" in response.json()["detail"]


@pytest.mark.parametrize(("day", "legal"), [("2026-05-31", True), ("2026-06-01", False)])
def test_the_ban_list_in_force_on_the_date(
    client: Client, banned_from_june: int, day: str, legal: bool
) -> None:
    response = client.post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "decklist": LEGAL, "format_id": banned_from_june, "date": day},
        "application/json",
    )
    assert response.status_code == 200
    assert response.json()["legal"] is legal
    out = StringIO()
    args = ["check_deck", "--game", "zutomayo", "--format", "Standard", "--date", day, "-"]
    if legal:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", _Stdin(LEGAL.encode()))
            call_command(*args, stdout=out)
        assert json.loads(out.getvalue())["legal"] is True
    else:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", _Stdin(LEGAL.encode()))
            with pytest.raises(SystemExit) as stopped:
                call_command(*args, stdout=out)
        assert stopped.value.code == 1
        assert [e["code"] for e in json.loads(out.getvalue())["errors"]] == ["banned"]


def test_check_deck_refuses_a_bad_date(banned_from_june: int) -> None:
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="--date"):
        call_command("check_deck", "--game", "zutomayo", "--date", "31/05/2026", "-")


class _Stdin:
    def __init__(self, data: bytes) -> None:
        from io import BytesIO

        self.buffer = BytesIO(data)
