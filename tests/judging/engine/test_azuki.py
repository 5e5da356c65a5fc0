"""Azuki TCG engine: citation keys against the FAQ, the record's schema, the command line (exit
codes 0/1/2), claims, and properties of random legal games (hypothesis)."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judging.engine.azuki import RULES, replay_record, schema_text
from judging.engine.azuki.randomgame import random_game
from judging.engine.azuki.rules import BY_KEY
from judging.engine.core.errors import RecordError

from .conftest import REPO_ROOT, SHARED
from .test_azuki_golden import CARDS, GOLDEN

FAQ = SHARED / "rules" / "azuki-tcg-rules-faq.en.txt"
ENGINE = REPO_ROOT / "judging" / "engine" / "azuki"
POOL = SHARED / "data" / "azuki" / "cards.json"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_key_the_engine_cites_exists_and_is_quoted_from_the_faq() -> None:
    if not FAQ.exists():
        pytest.skip("the shared FAQ is not present")
    faq = _flat(FAQ.read_text(encoding="utf-8"))
    source = "".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    cited = set(re.findall(r'"(azk\.[a-z-]+(?:\.[a-z-]+)?(?:#step\d)?)"', source))
    cited.discard("azk.attack.order")  # the f-string stem of the step keys
    assert cited, "the engine cites no key?"
    for key in sorted(cited):
        assert key in BY_KEY, key
    for rule in RULES:
        assert _flat(rule.quote) in faq, rule.key
        words = rule.display_ja.split("›", 1)[1].replace("IKZ", "")  # the game's own word
        assert not re.search(r"[A-Za-z]{3,}", words), rule.display_ja


def test_the_glued_step_by_step_label_is_not_in_any_quote() -> None:
    assert not any("Step by step" in r.quote for r in RULES)
    assert BY_KEY["azk.attack.order#step4"].quote == (
        "The defending player may tap a Defender to take the attack."
    )


def test_golden_records_match_the_json_schema() -> None:
    schema = json.loads(schema_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in GOLDEN:
        case = json.loads(path.read_text(encoding="utf-8"))
        if "record" in case:
            errors = list(validator.iter_errors(case["record"]))
            assert not errors, (path.name, errors[0].message)


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judging.engine", *args],
        capture_output=True, text=True, cwd=REPO_ROOT, input=stdin, timeout=60, check=False,
    )  # fmt: skip


def _write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _golden(name: str) -> dict[str, Any]:
    path = next(p for p in GOLDEN if p.stem.startswith(name))
    case: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return case


def test_cli_replays_real_cards_from_the_pool(tmp_path: Path) -> None:
    if not POOL.exists():
        pytest.skip("the shared card data is not present")
    rec = _write(tmp_path, "r.json", _golden("53_")["record"])
    done = _cli("replay", rec, "--cards", str(POOL))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["format"] == "azuki-replay/1"
    assert out["turns"][-1]["state"]["players"][1]["leader_health"] == 20
    ja = _cli("replay", rec, "--cards", str(POOL), "--lang", "ja", "--text")
    assert ja.returncode == 0
    assert "ディフェンダー" in ja.stdout


def test_cli_illegal_input_exits_1_with_path_and_key(tmp_path: Path) -> None:
    record = _golden("27_")["record"]
    record["cards"] = json.loads((Path(__file__).parent / "azuki_invented_cards.json").read_text())
    done = _cli("replay", _write(tmp_path, "r.json", record))
    assert done.returncode == 1, done.stderr
    ill = json.loads(done.stdout)["illegal_input"]
    assert ill["rule"] == "azk.resp.taunt"
    assert ill["path"] == "turns[0].actions[0].target"
    ja = _cli("replay", _write(tmp_path, "r.json", record), "--lang", "ja")
    assert "タウント" in json.loads(ja.stdout)["illegal_input"]["message"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.update(first=2), "first"),
        (lambda r: r["turns"][0]["actions"][0].update(do="fly"), "turns[0].actions[0].do"),
        (lambda r: r["turns"][0]["actions"][0].update(target="bench.1"),
         "turns[0].actions[0].target"),
        (lambda r: r["players"][0].update(leader="NOPE-1"), "players[0].leader"),
        (lambda r: r.update(profile={"KA-05": "DRAW"}), "profile.KA-05"),
    ],
)  # fmt: skip
def test_cli_unreadable_record_exits_2_naming_the_field(
    tmp_path: Path, change: Any, where: str
) -> None:
    record = _golden("27_")["record"]
    record["cards"] = json.loads((Path(__file__).parent / "azuki_invented_cards.json").read_text())
    change(record)
    done = _cli("replay", _write(tmp_path, "r.json", record))
    assert done.returncode == 2
    assert f"error: {where}:" in done.stderr
    with pytest.raises(RecordError):
        replay_record(record)


def test_unknown_card_without_the_pool_is_unreadable() -> None:
    with pytest.raises(RecordError) as err:
        replay_record(_golden("53_")["record"])  # no card table given
    assert err.value.path == "players[0].leader"


def test_a_draw_is_never_the_result() -> None:
    for path in GOLDEN:
        case = json.loads(path.read_text(encoding="utf-8"))
        if "record" in case:
            result = replay_record(case["record"], cards=CARDS).outcome
            assert result.outcome in ("win", "unfinished", "escalate")


def test_claims_consistent_contradicted_and_depending_on_ka06() -> None:
    record = _golden("40_")["record"]
    record["claims"] = [
        {"party": "Aki", "at": 3, "path": "players[1].leader_health", "value": 20},
        {"party": "Ben", "at": 3, "path": "players[0].garden[0].card", "value": None},
        {"party": "Ben", "at": 3, "path": "players[1].garden[0]", "value": None},
    ]
    claims: Any = replay_record(record, cards=CARDS).to_json()["claims"]
    assert [c["status"] for c in claims] == ["CONSISTENT", "CONTRADICTED", "DEPENDS_ON"]
    assert claims[2]["depends_on"] == ["KA-06"]


# -- properties of random legal games --------------------------------------------------------
def _invariants(record: dict[str, Any]) -> None:
    report = replay_record(record, cards=CARDS)
    assert report.illegal_input is None, report.illegal_input
    assert report.outcome.outcome in ("win", "unfinished", "escalate")
    deck_sizes = [len(p["deck"]) for p in record["players"]]
    for snap in report.turns:
        state: Any = snap.state
        for p, side in enumerate(state["players"]):
            garden, alley = side["garden"], side["alley"]
            assert len(garden) == len(alley) == 5
            assert 0 <= side["ikz_untapped"] <= side["ikz"] <= 10
            assert 0 <= side["ikz_sealed"] <= side["ikz"] - side["ikz_untapped"]
            entities = [e for e in (*garden, *alley) if e is not None]
            ended = snap is report.turns[-1] and report.outcome.outcome != "unfinished"
            for e in entities:
                assert isinstance(e["tapped"], bool)
                assert ended or e["damage"] == 0  # entity damage resets at the end of the turn
            if not ended:  # a game that ends mid-turn never reaches its End
                assert all(not e["weapons"] for e in entities)  # weapons leave at the End
                assert side["leader_weapons"] == []
            weapons = sum(len(e["weapons"]) for e in entities) + len(side["leader_weapons"])
            on_field = len(entities) + weapons
            total = side["hand"] + side["deck"] + len(side["discard"]) + on_field
            assert total == deck_sizes[p]  # no card appears or vanishes
    states: list[Any] = [t.state for t in report.turns]
    health_by_turn = [[s["leader_health"] for s in st["players"]] for st in states]
    for before, after in itertools.pairwise(health_by_turn):  # leader damage is permanent
        assert after[0] <= before[0]
        assert after[1] <= before[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_games_keep_the_invariants(seed: int) -> None:
    _invariants(random_game(random.Random(seed), CARDS))


# -- malformed records: a RecordError naming the field, or a report; never a crash -------------
_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=6),
                  st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.text(max_size=3),
                  st.integers(), max_size=2))  # fmt: skip


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([p for p in GOLDEN if "overtime" not in p.read_text()]), st.data())
def test_mangled_records_never_crash(path: Path, data: st.DataObject) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    spots = _paths(record)[1:]
    where = data.draw(st.sampled_from(spots))
    node = record
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = data.draw(_JUNK)
    try:
        report = replay_record(record, cards=CARDS)
    except RecordError:
        return  # named the field: the command line exits 2
    report.to_json("en")
    report.to_text("ja")
