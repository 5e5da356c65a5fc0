"""Golden scenarios written from the ground rules (golden/*.json, invented cards only).

Each file holds a ``zutomayo-game/1`` record and what the rules say must come out of it: the result,
turn-by-turn values, and rule numbers that must be cited (a superset match).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport, TurnSnapshot, replay_record
from judging.engine.zutomayo.state import event_digest

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))

_PLAYER_FIELDS = {
    "hp": "hp",
    "battle_zone": "battle_zone",
    "zone_c": "zone_c",
    "deck_count": "deck_count",
    "total_power": "total_power",
}


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _check_turn(snapshot: TurnSnapshot, expected: dict[str, Any]) -> None:
    for key, value in expected.items():
        if key == "turn":
            continue
        if key == "medal":
            assert snapshot.medal == value, key
        elif key == "time":
            assert snapshot.time == value, key
        elif key == "priority":
            assert snapshot.priority == value, key
        elif key == "battle":
            assert snapshot.battle is None if value is None else snapshot.battle is not None
        elif key in ("attack", "winner", "damage"):
            assert snapshot.battle is not None, f"turn {snapshot.turn} has no battle"
            got = getattr(snapshot.battle, key)
            assert (list(got) if key == "attack" else got) == value, key
        elif key in _PLAYER_FIELDS:
            got = [getattr(p, _PLAYER_FIELDS[key]) for p in snapshot.players]
            assert got == value, key
        elif key in ("power_charger", "abyss", "hand"):
            for player, want in zip(snapshot.players, value, strict=True):
                if want is not None:
                    got_zone = getattr(player, key)
                    if key == "hand":
                        assert sorted(got_zone) == sorted(want), key
                    else:
                        assert list(got_zone) == want, key
        else:  # pragma: no cover - a typo in a golden file
            raise AssertionError(f"unknown expectation {key}")


def check_golden(report: ReplayReport, expect: dict[str, Any]) -> None:
    result = report.result.to_json()
    for key, value in expect.get("result", {}).items():
        assert result[key] == value, f"result.{key}: {result}"
    if "illegal_rule" in expect:
        assert report.illegal_input is not None, "expected illegal input"
        assert report.illegal_input.rule == expect["illegal_rule"], report.illegal_input
        assert result["rules"] == [expect["illegal_rule"]]
        if "illegal_path" in expect:
            assert report.illegal_input.path == expect["illegal_path"]
    else:
        assert report.illegal_input is None, report.illegal_input
    cited = {rule for event in report.events for rule in event.rules} | set(report.result.rules)
    missing = [rule for rule in expect.get("rules", []) if rule not in cited]
    assert not missing, f"rules not cited: {missing}"
    kinds = [event.kind for event in report.events]
    for kind in expect.get("event_kinds", []):
        assert kind in kinds, kind
    for key in expect.get("profile_keys_used", []):
        assert key in report.profile_keys_used, key
    if "first_effect_player" in expect:
        first = next(e for e in report.events if e.kind == "EFFECT_RESOLVED")
        assert first.player == expect["first_effect_player"]
    if "undescribed" in expect:
        assert list(report.undescribed_effects) == expect["undescribed"]
    by_turn = {snapshot.turn: snapshot for snapshot in report.turns}
    for turn in expect.get("turns", []):
        assert turn["turn"] in by_turn, f"turn {turn['turn']} was not played"
        _check_turn(by_turn[turn["turn"]], turn)
    if "claims" in expect:
        assert [c.status for c in report.claims] == expect["claims"], report.claims
        for verdict, rules in zip(report.claims, expect.get("claim_rules", []), strict=False):
            assert set(rules) <= set(verdict.rules), (verdict, rules)


#: The report's closing line, by language: "Result: <outcome> (<reason>), winner <player>, T<n>".
RESULT_LABEL = {"en": "Result: ", "ja": "結果: "}
OUTCOME_WORDS = {
    "en": {
        "win": "win",
        "draw": "draw",
        "escalate": "escalate to the head judge",
        "unfinished": "unfinished",
    },
    "ja": {
        "win": "勝利",
        "draw": "引き分け",
        "escalate": "ヘッドジャッジの判断が必要",
        "unfinished": "未終了",
    },
}
WINNER_WORDS = {"en": ("winner {}", "winner nobody"), "ja": ("勝者 {}", "勝者 なし")}
TURN_WORDS = {"en": ", turn {}", "ja": "、{}ターン目"}
ILLEGAL_LABEL = {"en": "ILLEGAL INPUT", "ja": "不正な入力"}
_CITATION = re.compile(r"\[([^\]]*)\]")
_RULE_NUMBER = re.compile(r"\d+(?:\.\d+)*")


def cited_in_text(text: str) -> set[str]:
    """The rule numbers cited in square brackets ("[5.1.4.1, 10.2.3 (Priority player)]")."""
    numbers = set()
    for citation in _CITATION.finditer(text):
        for part in citation.group(1).split(","):
            number = _RULE_NUMBER.match(part.strip())
            if number:
                numbers.add(number.group())
    return numbers


def check_text(report: ReplayReport, expect: dict[str, Any], lang: str) -> None:
    """The text a judge reads says what the golden scenario must come to, with its rules."""
    text = report.to_text(lang)
    lines = text.splitlines()
    closing = [line for line in lines if line.startswith(RESULT_LABEL[lang])]
    assert len(closing) == 1, text
    result_line = closing[0]
    result = {**report.result.to_json(), **expect.get("result", {})}
    assert result_line.startswith(RESULT_LABEL[lang] + OUTCOME_WORDS[lang][result["outcome"]])
    if "winner" in expect.get("result", {}):
        won, nobody = WINNER_WORDS[lang]
        winner = expect["result"]["winner"]
        name = None if winner is None else report.player_names[winner]
        assert (nobody if winner is None else won.format(name)) in result_line, result_line
    if "turn" in expect.get("result", {}):
        assert TURN_WORDS[lang].format(expect["result"]["turn"]) in result_line, result_line
    cited = cited_in_text(text)
    if "illegal_rule" in expect:
        illegal = [line for line in lines if line.startswith(ILLEGAL_LABEL[lang])]
        assert len(illegal) == 1, text
        assert illegal[0].startswith(f"{ILLEGAL_LABEL[lang]} [{expect['illegal_rule']}]")
        assert result_line.endswith(f"[{expect['illegal_rule']}]"), result_line
    missing = [rule for rule in expect.get("rules", []) if rule.split("#")[0] not in cited]
    assert not missing, f"{lang} text does not cite {missing}"


def test_there_are_at_least_40_goldens() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path, cards: CardCatalogue) -> None:
    data = load(path)
    report = replay_record(data["record"], cards=cards)
    check_golden(report, data["expect"])
    for lang in ("en", "ja"):
        check_text(report, data["expect"], lang)
        json.dumps(report.to_json(lang))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_is_deterministic(path: Path, cards: CardCatalogue) -> None:
    record = load(path)["record"]
    first = replay_record(record, cards=cards)
    second = replay_record(record, cards=cards)
    assert first.events == second.events
    assert [event_digest(e) for e in first.events] == [event_digest(e) for e in second.events]
