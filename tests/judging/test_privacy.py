"""A person who deletes their account is shown under their anonymous name in the judges' cases
too (``judging.privacy``): case titles and notes, each ruling's record, report and texts; the
other player's name stays, and the ruling's digest describes the record it now stores."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from core.models import AuditEntry
from core.profiles import account_delete
from judging.models import JudgeCase, Ruling
from judging.services import judge_case_open, ruling_compute
from tests.judging.test_judging import _golden_record
from tournaments.services import event_role_grant, registration_create

pytestmark = pytest.mark.django_db


def test_deleting_an_account_renames_the_player_in_cases_and_rulings(
    make_user: Any, make_event: Any
) -> None:
    organiser, judge, ann = make_user("o"), make_user("j"), make_user("ann")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    registration_create(event=event, user=ann, display_name="Ann Example", by=organiser)
    case = judge_case_open(event_id=event.pk, by=judge, title="Table 1: Ann Example vs Bo")
    JudgeCase.objects.filter(pk=case.pk).update(notes="Ann Example says it was night.")
    record = _golden_record()
    record["players"][0]["name"] = "Ann Example"
    record["players"][1]["name"] = "Bo"
    ruling = ruling_compute(case_id=case.pk, by=judge, record=record)
    assert "Ann Example" in ruling.text_en
    untouched = make_event(organiser=organiser, name="Another event")
    other = judge_case_open(event_id=untouched.pk, by=organiser, title="Ann Example's friend")

    pseudonym = account_delete(user=ann, password="pw-for-tests-1")

    case.refresh_from_db()
    ruling = Ruling.objects.get(pk=ruling.pk)
    assert case.title == f"Table 1: {pseudonym} vs Bo"
    assert case.notes == f"{pseudonym} says it was night."
    assert [p["name"] for p in ruling.record["players"]] == [pseudonym, "Bo"]
    stored = json.dumps([ruling.record, ruling.output, ruling.text_en, ruling.text_ja],
                        ensure_ascii=False)  # fmt: skip
    i = stored.find("Ann Example")
    assert i < 0, stored[max(0, i - 80) : i + 40]
    assert pseudonym in ruling.text_en
    assert pseudonym in ruling.text_ja
    assert "Bo" in ruling.text_en
    canonical = json.dumps(ruling.record, sort_keys=True, ensure_ascii=False,
                           separators=(",", ":"))  # fmt: skip
    assert ruling.record_sha256 == hashlib.sha256(canonical.encode()).hexdigest()
    # An event she did not play is not hers to rename.
    other.refresh_from_db()
    assert other.title == "Ann Example's friend"
    assert AuditEntry.objects.filter(action="judging.ruling.anonymised").count() == 1
