from __future__ import annotations

import re
from pathlib import Path

import pytest

from config.env import EnvError, database_from_url, env_bool, env_list


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("ON", True), ("0", False), ("no", False), ("", False)],
)
def test_env_bool_words(monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool) -> None:
    monkeypatch.setenv("FLAG", raw)
    assert env_bool("FLAG") is expected


def test_env_bool_defaults_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG") is False
    assert env_bool("FLAG", default=True) is True


def test_env_bool_rejects_other_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(EnvError, match="FLAG='maybe'"):
        env_bool("FLAG")


def test_env_list_splits_and_strips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOSTS", " a.example , b.example,,")
    assert env_list("HOSTS") == ["a.example", "b.example"]


def test_sqlite_url_is_relative_to_base_dir_with_wal_and_immediate(tmp_path: Path) -> None:
    db = database_from_url("sqlite:///var/x.sqlite3", base_dir=tmp_path)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "var" / "x.sqlite3")
    assert (tmp_path / "var").is_dir()
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in str(db["OPTIONS"]["init_command"])


def test_sqlite_absolute_url(tmp_path: Path) -> None:
    db = database_from_url(f"sqlite:///{tmp_path}/abs.sqlite3", base_dir=Path("/nowhere"))
    assert db["NAME"] == str(tmp_path / "abs.sqlite3")


def test_postgres_url() -> None:
    db = database_from_url(
        "postgres://alice:s%40cret@db.internal:6543/zto?sslmode=require", base_dir=Path()
    )
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("zto", "alice", "s@cret")
    assert (db["HOST"], db["PORT"]) == ("db.internal", "6543")
    assert db["OPTIONS"] == {
        "sslmode": "require",
        "server_side_binding": True,
        "prepare_threshold": 2,
    }


@pytest.mark.parametrize(
    ("query", "binding", "threshold"),
    [
        ("prepare_threshold=none", True, None),
        ("prepare_threshold=0", True, 0),
        ("server_side_binding=false&prepare_threshold=None", False, None),
        ("server_side_binding=TRUE", True, 2),
    ],
)
def test_postgres_url_sets_how_statements_are_prepared(
    query: str, binding: bool, threshold: int | None
) -> None:
    db = database_from_url(f"postgres://alice@db/zto?{query}", base_dir=Path())
    assert db["OPTIONS"]["server_side_binding"] is binding
    assert db["OPTIONS"]["prepare_threshold"] == threshold


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("server_side_binding=yes", "server_side_binding='yes'; use true or false"),
        ("prepare_threshold=-1", "prepare_threshold='-1'; use a number or none"),
    ],
)
def test_postgres_url_refuses_unknown_statement_options(query: str, message: str) -> None:
    with pytest.raises(EnvError, match=re.escape(message)):
        database_from_url(f"postgres://alice@db/zto?{query}", base_dir=Path())


@pytest.mark.parametrize(
    ("url", "message"),
    [("mysql://x@y/z", "scheme 'mysql'"), ("postgres://x@y:5432/", "names no database")],
)
def test_bad_database_urls(url: str, message: str) -> None:
    with pytest.raises(EnvError, match=message):
        database_from_url(url, base_dir=Path())
