"""Azuki TCG goldens written by hand from the FAQ (``golden_azuki/*.json``).

Each file holds a record, the FAQ sentences it relies on, and the expected values worked out by
hand from those sentences (never copied from a run): the result, the illegal input (rule and
path), values of the state after given turns, the keys cited and the order of some events.
Cards are the invented ``azuki_invented_cards.json`` plus the pool (``SHARED_DIR/data/azuki``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judging.engine.azuki import RULES, cards_from_list, decide_overtime, replay_record
from judging.engine.azuki.overtime import OvertimeSide

from .conftest import SHARED

HERE = Path(__file__).parent
GOLDEN = sorted((HERE / "golden_azuki").glob("*.json"))
POOL = SHARED / "data" / "azuki" / "cards.json"


def table() -> dict[str, Any]:
    cards = cards_from_list(json.loads((HERE / "azuki_invented_cards.json").read_text("utf-8")))
    if POOL.exists():
        cards.update(cards_from_list(json.loads(POOL.read_text(encoding="utf-8"))))
    return cards


CARDS = table()


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _cited(report: dict[str, Any]) -> set[str]:
    keys = {k for t in report["turns"] for e in t["events"] for k in e["rules"]}
    keys |= set(report["result"]["rules"])
    if "illegal_input" in report:
        keys.add(report["illegal_input"]["rule"])
    return keys


def _is_subsequence(wanted: list[str], kinds: list[str]) -> bool:
    it = iter(kinds)
    return all(any(k == w for k in it) for w in wanted)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path: Path) -> None:
    case = _load(path)
    expect = case["expect"]
    if "overtime" in case:
        o = case["overtime"]
        sides = tuple(OvertimeSide(**p) for p in o["players"])
        decision: Any = decide_overtime(
            (sides[0], sides[1]), took_damage_last=o["took_damage_last"], profile=o.get("profile")
        ).to_json()
        for key, value in expect.items():
            assert decision[key] == value, key
        return
    words = json.dumps(case["record"]).split('"')
    if not POOL.exists() and any(w.startswith(("AZK01", "STT")) for w in words):
        pytest.skip("the shared Azuki card data is not present")
    report: Any = replay_record(case["record"], cards=CARDS).to_json("en")
    for key, value in expect.get("result", {}).items():
        assert report["result"][key] == value, f"result.{key}"
    if "illegal" in expect:
        assert report["illegal_input"]["rule"] == expect["illegal"]["rule"]
        assert report["illegal_input"]["path"] == expect["illegal"]["path"]
    else:
        assert "illegal_input" not in report, report.get("illegal_input")
    by_turn = {t["turn"]: t for t in report["turns"]}
    for turn, values in expect.get("state", {}).items():
        state = by_turn[int(turn)]["state"]
        for path_text, value in values.items():
            node: Any = state
            for part in path_text.replace("]", "").replace("[", ".").split("."):
                node = node[int(part)] if isinstance(node, list) else node[part]
            assert node == value, f"T{turn} {path_text}"
    cited = _cited(report)
    for key in expect.get("cites", []):
        assert key in cited, key
    kinds = [e["kind"] for t in report["turns"] for e in t["events"]]
    assert _is_subsequence(expect.get("kinds", []), kinds), kinds
    for amb in expect.get("ambiguities", []):
        assert amb in report["ambiguities_consulted"]
    # Japanese texts exist for every event and carry no ASCII letters beyond card names
    ja: Any = replay_record(case["record"], cards=CARDS).to_json("ja")
    names = {c.name for c in CARDS.values()} | {"Aki", "Ben", "IKZ"}
    for t in ja["turns"]:
        for e in t["events"]:
            text = e["text"]
            for name in sorted(names, key=len, reverse=True):
                text = text.replace(name, "")
            assert not any("a" <= ch.lower() <= "z" for ch in text), e["text"]


#: The keys about play: every one is cited by some golden, so no rule of play goes untested.
PLAY_PREFIXES = ("azk.start.", "azk.turn.", "azk.zones.", "azk.attack.", "azk.resp.",
                 "azk.weapon.", "azk.kw.", "azk.win.")  # fmt: skip


def test_goldens_cover_every_key_about_play() -> None:
    assert len(GOLDEN) >= 30
    cited: set[str] = set()
    for path in GOLDEN:
        case = _load(path)
        if "overtime" in case:
            cited.update(case["expect"]["rules"])
            continue
        cited |= _cited(replay_record(case["record"], cards=CARDS).to_json("en"))
        cited.update(case["expect"].get("cites", []))
    play = {r.key for r in RULES if r.key.startswith(PLAY_PREFIXES)} | {"azk.op.overtime"}
    assert play - cited == set()
