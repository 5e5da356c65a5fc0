"""The decklist tables move from ``cardpool`` to ``tournaments`` without losing or changing a row.

The database is migrated back to just before the move (``cardpool.0002``, ``tournaments.0003``),
filled through the historical models of that state, and migrated forward through
``cardpool.0003`` (state only), ``tournaments.0004`` (state only, content types relabelled) and
``tournaments.0005`` (the tables renamed). Runs on SQLite and on PostgreSQL; the schema is back at
the latest migration afterwards, whatever happens.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps.registry import Apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tournaments.models import Decklist, DecklistRecheck, DecklistVersion, Registration

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [
    ("cardpool", "0002_decklist_decklistrecheck_decklistversion"),
    ("tournaments", "0003_printjob"),
]
MOVED = ("decklist", "decklistversion", "decklistrecheck")
SUBMITTED = dt.datetime(2026, 12, 1, 9, 30, 15, 123456, tzinfo=dt.UTC)
REPORT = {
    "en": {"legal": True, "errors": [], "warnings": [{"code": "w", "message": "note"}]},
    "ja": {"legal": True, "errors": [], "warnings": [{"code": "w", "message": "注意：枚数"}]},
}


def _before(latest: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Just before the move, with auth and content types as they are now (their tables are)."""
    return BEFORE + [node for node in latest if node[0] in {"auth", "contenttypes"}]


def _migrate(targets: list[tuple[str, str]]) -> Apps:
    """Migrate to ``targets``; the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest() -> Iterator[list[tuple[str, str]]]:
    nodes = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        yield nodes
    finally:
        _migrate(nodes)
        ContentType.objects.clear_cache()


def _historical(apps: Apps, app_label: str, name: str) -> Any:
    """A model of a past state (the labels need not name a model of today's code)."""
    return apps.get_model(app_label, name)


def _fill(apps: Apps) -> dict[str, Any]:
    """An event with two players' lists (three versions) and a recheck, as raw historical rows."""
    user_model = apps.get_model("auth", "User")
    aoi = user_model.objects.create(username="aoi", password="!")
    ren = user_model.objects.create(username="ren", password="!")
    game = apps.get_model("cardpool", "Game").objects.create(slug="zutomayo", name="ZUTOMAYO")
    event = apps.get_model("tournaments", "Event").objects.create(
        name="Before the move", game=game, date=dt.date(2026, 12, 20), created_by=aoi
    )
    registration = apps.get_model("tournaments", "Registration")
    aoi_reg = registration.objects.create(event=event, user=aoi, display_name="Aoi")
    ren_reg = registration.objects.create(event=event, user=ren, display_name="Ren")
    decklist = _historical(apps, "cardpool", "Decklist")
    version = _historical(apps, "cardpool", "DecklistVersion")
    aoi_list = decklist.objects.create(registration=aoi_reg, current_version=2)
    ren_list = decklist.objects.create(registration=ren_reg, current_version=1)
    for owner, number, user, source_format, text, card in (
        (aoi_list, 1, aoi, "text", "2 DEMO_1", "DEMO_1"),
        (aoi_list, 2, aoi, "text", "2 DEMO_3", "DEMO_3"),
        (ren_list, 1, None, "csv", "count,card\n2,DEMO_4", "DEMO_4"),
    ):
        version.objects.create(
            decklist=owner,
            version=number,
            submitted_by=user,
            source_format=source_format,
            source_text=text,
            cards=[{"id": card, "count": 2}],
            report=REPORT,
            legal=number == 1,
        )
    version.objects.filter(decklist=aoi_list, version=1).update(submitted_at=SUBMITTED)
    _historical(apps, "cardpool", "DecklistRecheck").objects.create(
        event=event,
        requested_by=ren,
        status="done",
        total=2,
        done=2,
        illegal=[{"registration": aoi_reg.pk, "version": 2, "errors": [{"code": "banned"}]}],
    )
    return {"event": event.pk, "aoi": aoi.pk, "aoi_reg": aoi_reg.pk}


def _rows(apps: Apps, app_label: str) -> dict[str, list[dict[str, Any]]]:
    return {
        name: list(_historical(apps, app_label, name).objects.order_by("pk").values())
        for name in MOVED
    }


def _grant_view_permission(apps: Apps, user_id: int) -> int:
    """Give the user ``view_decklist`` under the old label; the content type's id."""
    content_type, _ = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="cardpool", model="decklist"
    )
    permission, _ = apps.get_model("auth", "Permission").objects.get_or_create(
        content_type=content_type, codename="view_decklist", defaults={"name": "Can view decklist"}
    )
    apps.get_model("auth", "User").objects.get(pk=user_id).user_permissions.add(permission)
    return int(content_type.pk)


def test_the_move_keeps_every_row_value_key_sequence_and_constraint(
    latest: list[tuple[str, str]],
) -> None:
    """One migration back and forth (each costs seconds) checked two ways: every row, value and
    foreign key kept; the renamed tables keep their sequences and constraints (a new version's
    key is above the old ones, the unique version and the foreign key still refuse)."""
    old = _migrate(_before(latest))
    made = _fill(old)
    before = _rows(old, "cardpool")
    content_type_id = _grant_view_permission(old, made["aoi"])
    assert [len(before[name]) for name in MOVED] == [2, 3, 1]
    highest = max(row["id"] for row in before["decklistversion"])

    new = _migrate(latest)

    after = _rows(new, "tournaments")
    # Columns added by later migrations (e.g. a re-check's verdict) are not part of the move.
    assert [len(after[name]) for name in MOVED] == [len(before[name]) for name in MOVED]
    kept = {
        name: [
            {key: row[key] for key in old_row}
            for row, old_row in zip(after[name], rows, strict=True)
        ]
        for name, rows in before.items()
    }
    assert kept == before
    tables = connection.introspection.table_names()
    assert {f"tournaments_{name}" for name in MOVED} <= set(tables)
    assert not {f"cardpool_{name}" for name in MOVED} & set(tables)
    first = DecklistVersion.objects.get(decklist__registration_id=made["aoi_reg"], version=1)
    assert first.submitted_at == SUBMITTED
    assert first.report["ja"]["warnings"][0]["message"] == "注意：枚数"
    assert first.decklist.registration.event_id == made["event"]
    assert first.submitted_by is not None
    assert first.submitted_by.pk == made["aoi"]
    assert DecklistRecheck.objects.get().event.registrations.count() == 2
    assert Registration.objects.get(pk=made["aoi_reg"]).decklist.versions.count() == 2

    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(Decklist).pk == content_type_id
    assert not ContentType.objects.filter(app_label="cardpool", model__in=MOVED).exists()
    assert get_user_model().objects.get(pk=made["aoi"]).has_perm("tournaments.view_decklist")

    decklist = Decklist.objects.get(registration_id=made["aoi_reg"])
    added = DecklistVersion.objects.create(
        decklist=decklist, version=3, source_format="text", source_text="", cards=[], report={},
        legal=True,
    )  # fmt: skip
    assert added.pk > highest
    with pytest.raises(IntegrityError), transaction.atomic():
        DecklistVersion.objects.create(
            decklist=decklist, version=3, source_format="text", source_text="", cards=[],
            report={}, legal=True,
        )  # fmt: skip
    with pytest.raises(IntegrityError), transaction.atomic():
        DecklistVersion.objects.create(
            decklist_id=decklist.pk + 1000, version=1, source_format="text", source_text="",
            cards=[], report={}, legal=True,
        )  # fmt: skip
