"""Ban-list changes reach the players they affect: a new list starts from the previous one and
shows what changed; saving it re-checks the affected events' lists (on commit); a list that
became illegal is marked illegal, its player told why and notified; the organiser unlocks it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cardpool.banlists import ban_list_create, ban_list_diff, latest_entries, parse_entries
from cardpool.models import BanList, BanListEntry, Card, Format
from core.errors import ConflictError, InvalidInputError, PermissionDeniedError
from core.models import AuditEntry, Notification
from tests.tournaments.test_decklists import LEGAL, demo_cards  # noqa: F401 (a fixture)
from tournaments.models import DecklistRecheck, DecklistVersion
from tournaments.services import (
    decklist_recheck_run,
    decklist_recheck_start,
    decklist_submit,
    decklist_unlock,
    event_role_grant,
    registration_create,
    round_pair,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(demo_cards: Any, make_user: Any, make_event: Any) -> dict[str, Any]:  # noqa: F811
    organiser, judge, aoi, ren = (make_user(n) for n in ("org", "judge", "aoi", "ren"))
    staff = make_user("staff", is_staff=True)
    event = make_event(organiser=organiser)
    fmt = Format.objects.create(game=event.game, slug="constructed", name="Constructed")
    first = BanList.objects.create(format=fmt, effective_from=dt.date(2026, 1, 1))
    BanListEntry.objects.create(ban_list=first, card=Card.objects.get(code="DEMO_5"), limit=1)
    BanListEntry.objects.create(ban_list=first, card=Card.objects.get(code="DEMO_6"), limit=0)
    event.format = fmt
    event.save(update_fields=["format"])
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    aoi_reg = registration_create(event=event, user=aoi, display_name="Aoi")
    ren_reg = registration_create(event=event, user=ren, display_name="Ren")
    decklist_submit(registration_id=aoi_reg.pk, submitted_by=aoi, data=LEGAL.replace(
        "2 DEMO_5\n2 DEMO_6\n", "1 DEMO_5\n2 DEMO_11\n1 DEMO_12\n"))  # fmt: skip
    ren_list = LEGAL.replace("2 DEMO_1\n", "2 DEMO_13\n")
    ren_list = ren_list.replace("2 DEMO_5\n2 DEMO_6\n", "2 DEMO_11\n2 DEMO_12\n")
    decklist_submit(registration_id=ren_reg.pk, submitted_by=ren, data=ren_list)
    return {"event": event, "fmt": fmt, "organiser": organiser, "judge": judge, "aoi": aoi,
            "ren": ren, "staff": staff, "aoi_reg": aoi_reg, "ren_reg": ren_reg}  # fmt: skip


KEEP = "1 DEMO_5\n0 DEMO_6\n"


def test_diff_names_added_removed_and_changed(world: dict[str, Any]) -> None:
    _latest, previous = latest_entries(fmt=world["fmt"])
    new = parse_entries(fmt=world["fmt"], text="0 DEMO_5\n0 Paper Lantern Cat\n")
    diff = ban_list_diff(previous, new)
    assert [(c.code, n) for c, n in diff.added] == [("DEMO_1", 0)]
    assert [(c.code, old, n) for c, old, n in diff.changed] == [("DEMO_5", 1, 0)]
    assert [(c.code, n) for c, n in diff.removed] == [("DEMO_6", 0)]
    assert diff.kept == 0


def test_bad_lines_name_the_line(world: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError, match="line 2"):
        parse_entries(fmt=world["fmt"], text="0 DEMO_1\nbanned DEMO_2\n")
    with pytest.raises(InvalidInputError, match="line 1: no card"):
        parse_entries(fmt=world["fmt"], text="0 No Such Card\n")


def test_a_removal_must_be_confirmed(world: dict[str, Any]) -> None:
    with pytest.raises(ConflictError, match="DEMO_6"):
        ban_list_create(fmt=world["fmt"], effective_from=dt.date(2026, 6, 1), note="",
                        text="1 DEMO_5\n", by=world["staff"], removals_confirmed=False)  # fmt: skip
    assert BanList.objects.count() == 1


def test_saving_rechecks_marks_illegal_and_notifies_on_commit(
    world: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    # DEMO_1 banned: Ren's list has none, Aoi's has two.
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ban_list_create(fmt=world["fmt"], effective_from=dt.date(2026, 6, 1), note="June",
                        text=KEEP + "0 DEMO_1\n", by=world["staff"],
                        removals_confirmed=False)  # fmt: skip
    recheck = DecklistRecheck.objects.get()
    assert recheck.status == "queued"  # nothing runs before the commit
    assert len(callbacks) == 1
    with django_capture_on_commit_callbacks(execute=True):
        callbacks[0]()
    recheck.refresh_from_db()
    assert (recheck.status, recheck.total, recheck.done) == ("done", 2, 2)
    aoi_version = DecklistVersion.objects.get(decklist__registration=world["aoi_reg"])
    ren_version = DecklistVersion.objects.get(decklist__registration=world["ren_reg"])
    assert aoi_version.legal is False  # never left legal=true
    assert ren_version.legal is True
    decklist = aoi_version.decklist
    decklist.refresh_from_db()
    assert decklist.illegal_since is not None
    assert decklist.recheck_report["en"][0]["code"] == "banned"
    notes = Notification.objects.filter(kind="decklist_illegal")
    assert [n.recipient_id for n in notes] == [world["aoi"].pk]
    assert AuditEntry.objects.filter(action="tournaments.decklist.became_illegal").count() == 1


def test_events_of_other_formats_or_earlier_dates_are_not_rechecked(
    world: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False):
        ban_list_create(fmt=world["fmt"], effective_from=world["event"].date + dt.timedelta(1),
                        note="", text=KEEP, by=world["staff"],
                        removals_confirmed=False)  # fmt: skip
    assert not DecklistRecheck.objects.exists()


def _made_illegal(world: dict[str, Any], capture: Any) -> None:
    with capture(execute=True):
        ban_list_create(fmt=world["fmt"], effective_from=dt.date(2026, 6, 1), note="",
                        text=KEEP + "0 DEMO_1\n", by=world["staff"],
                        removals_confirmed=False)  # fmt: skip


def test_unlock_lets_the_player_fix_the_list_after_the_start(
    world: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    _made_illegal(world, django_capture_on_commit_callbacks)
    event = world["event"]
    for reg in (world["aoi_reg"], world["ren_reg"]):
        reg.status = "checked_in"
        reg.save(update_fields=["status"])
    round_pair(event_id=event.pk, by=world["organiser"])
    fixed = LEGAL.replace("2 DEMO_1\n", "2 DEMO_13\n").replace(
        "2 DEMO_5\n2 DEMO_6\n", "2 DEMO_11\n2 DEMO_12\n")  # fmt: skip
    with pytest.raises(ConflictError):
        decklist_submit(registration_id=world["aoi_reg"].pk, submitted_by=world["aoi"], data=fixed)
    with pytest.raises(PermissionDeniedError):
        decklist_unlock(registration_id=world["aoi_reg"].pk, by=world["judge"])
    with pytest.raises(ConflictError):  # Ren's list is legal: nothing to unlock
        decklist_unlock(registration_id=world["ren_reg"].pk, by=world["organiser"])
    decklist_unlock(registration_id=world["aoi_reg"].pk, by=world["organiser"])
    assert AuditEntry.objects.filter(action="tournaments.decklist.unlocked").count() == 1
    version = decklist_submit(registration_id=world["aoi_reg"].pk, submitted_by=world["aoi"],
                              data=fixed)  # fmt: skip
    assert version.legal
    decklist = version.decklist
    decklist.refresh_from_db()
    assert (decklist.illegal_since, decklist.unlocked_at) == (None, None)  # locked again


def test_pages_player_sees_why_organiser_unlocks(
    world: dict[str, Any], django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    _made_illegal(world, django_capture_on_commit_callbacks)
    client.force_login(world["aoi"])
    page = client.get(reverse("tournaments:decklist-submit", args=[world["aoi_reg"].pk]))
    assert "no longer legal" in page.content.decode()
    event = world["event"]
    unlock = reverse("tournaments:decklist-unlock", args=[event.pk, world["aoi_reg"].pk])
    assert client.post(unlock).status_code in (403, 404)
    client.force_login(world["organiser"])
    dashboard = client.get(reverse("tournaments:event-manage", args=[event.pk])).content.decode()
    assert unlock in dashboard
    rechecks = client.get(reverse("tournaments:decklist-rechecks", args=[event.pk]))
    assert rechecks.status_code == 200
    assert "<progress" in rechecks.content.decode()
    assert client.post(unlock, {"back": "dashboard"}).status_code == 302
    assert (
        world["aoi_reg"].decklist.__class__.objects.get(registration=world["aoi_reg"]).unlocked_at
    )


def test_ban_list_editor_shows_the_diff_before_saving(
    world: dict[str, Any], client: Client
) -> None:
    url = reverse("cardpool:ban-list-new", args=["zutomayo"]) + "?format=constructed"
    client.force_login(world["organiser"])
    assert client.get(url).status_code == 403  # site staff only
    client.force_login(world["staff"])
    page = client.get(url).content.decode()
    assert "1 DEMO_5" in page  # starts from the previous list
    assert "0 DEMO_6" in page
    data = {"effective_from": "2026-06-01", "entries": "2 DEMO_5\n0 DEMO_1\n", "preview": "1"}
    preview = client.post(url, data).content.decode()
    for heading in ("Limit changed", "Removed", "Added"):
        assert heading in preview
    assert BanList.objects.count() == 1  # a preview stores nothing
    refused = client.post(url, {**data, "save": "1"})
    assert refused.status_code == 409
    assert BanList.objects.count() == 1
    saved = client.post(url, {**data, "save": "1", "confirm_removals": "on"})
    assert saved.status_code == 302
    assert BanList.objects.count() == 2


def test_a_list_saved_in_the_admin_also_rechecks(
    world: dict[str, Any], make_user: Any, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    data = {
        "format": world["fmt"].pk, "effective_from": "2026-06-01", "note": "",
        "entries-TOTAL_FORMS": "1", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
        "entries-0-card": Card.objects.get(code="DEMO_1").pk, "entries-0-limit": "0",
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/admin/cardpool/banlist/add/", data)
    assert response.status_code == 302
    recheck = DecklistRecheck.objects.get()
    assert (recheck.status, len(recheck.illegal)) == ("done", 1)
    aoi_version = DecklistVersion.objects.get(decklist__registration=world["aoi_reg"])
    assert aoi_version.legal is False


def test_the_progress_page_refreshes_itself_while_a_recheck_runs(
    world: dict[str, Any], client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    event = world["event"]
    url = reverse("tournaments:decklist-rechecks", args=[event.pk])
    client.force_login(world["organiser"])
    with django_capture_on_commit_callbacks(execute=False):
        decklist_recheck_start(event_id=event.pk, requested_by=world["organiser"])
    queued = client.get(url).content.decode()
    assert 'hx-trigger="every 3s"' in queued
    assert "0 of 0 lists checked" in queued
    recheck = DecklistRecheck.objects.get()
    decklist_recheck_run(recheck_id=recheck.pk)
    done = client.get(url).content.decode()
    assert 'hx-trigger="every 3s"' not in done
    assert "2 of 2 lists checked" in done
    client.force_login(world["judge"])
    assert client.get(url).status_code == 403
