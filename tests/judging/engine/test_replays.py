"""Frozen replays, so an engine change that alters a ruling is seen: whole event streams with their
rules and state digests.

A change to any event, citation or digest fails here and shows the first differing event. If the
change is intended, regenerate the file from the same record and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.engine import CardCatalogue, replay_record
from judging.engine.zutomayo.state import event_digest

REPLAYS = sorted((Path(__file__).parent / "replays").glob("*.json"))


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_event_stream_is_unchanged(path: Path, cards: CardCatalogue) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    report = replay_record(data["record"], cards=cards)
    assert report.result.to_json() == data["result"]
    got = [[e.seq, e.turn, e.step, e.kind, list(e.rules), event_digest(e)] for e in report.events]
    for index, (mine, frozen) in enumerate(zip(got, data["events"], strict=False)):
        assert mine == frozen, f"event {index + 1} differs"
    assert len(got) == len(data["events"])


def test_there_are_frozen_replays() -> None:
    assert len(REPLAYS) >= 2
