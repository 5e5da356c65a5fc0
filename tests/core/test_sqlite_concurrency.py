"""SQLite as configured (WAL, immediate transactions) takes concurrent writers without
"database is locked": each ``atomic()`` block takes the write lock at BEGIN and the others
wait for it, so read-modify-write cycles lose nothing."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections, transaction

from config.env import database_from_url

WRITERS = 8
INCREMENTS = 25
ALIAS = "concurrency_probe"


@pytest.fixture
def probe_database(tmp_path: Path, django_db_blocker: Any) -> Iterator[str]:
    settings_dict = database_from_url("sqlite:///probe.sqlite3", base_dir=tmp_path)
    connections.settings[ALIAS] = {
        **settings_dict,
        "ATOMIC_REQUESTS": False,
        "AUTOCOMMIT": True,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "TIME_ZONE": None,
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
    }
    with django_db_blocker.unblock():
        yield ALIAS
        connections[ALIAS].close()
    del connections.settings[ALIAS]


def test_concurrent_read_modify_write_loses_nothing(probe_database: str) -> None:
    with connections[probe_database].cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
        cursor.execute("INSERT INTO counter VALUES (1, 0)")
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            for _ in range(INCREMENTS):
                with (
                    transaction.atomic(using=probe_database),
                    connections[probe_database].cursor() as cursor,
                ):
                    cursor.execute("SELECT value FROM counter WHERE id = 1")
                    value = cursor.fetchone()[0]
                    cursor.execute("UPDATE counter SET value = %s WHERE id = 1", [value + 1])
        except BaseException as exc:  # collected and asserted in the main thread
            errors.append(exc)
        finally:
            connections[probe_database].close()

    threads = [threading.Thread(target=writer) for _ in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with connections[probe_database].cursor() as cursor:
        cursor.execute("SELECT value FROM counter WHERE id = 1")
        assert cursor.fetchone()[0] == WRITERS * INCREMENTS
