"""ZTRIKE goldens written by hand from the official rules text, the citation keys, the command
line and random games. Every expected value below is worked out from the rules, not from a run.

Cards are the invented demo set ``cardpool/demo/ztrike-demo-cards.json``. ``deck(*top)`` is a
36-card deck whose top cards are given, filled with Paper Cranes (generic, power 0, 1 VP).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine.core.errors import RecordError
from judging.engine.ztrike import RULES, replay_record
from judging.engine.ztrike.game import BEATS

from .conftest import REPO_ROOT, SHARED

CARDS: list[dict[str, Any]] = json.loads(
    (REPO_ROOT / "cardpool" / "demo" / "ztrike-demo-cards.json").read_text(encoding="utf-8")
)
FILL = "ZD-N0"


def deck(*top: str) -> list[str]:
    return [*top, *[FILL] * (36 - len(top))]


def record(
    p0: list[str], p1: list[str], rounds: list[Any], main: int = 0, **extra: Any
) -> dict[str, Any]:
    return {
        "format": "ztrike-game/1",
        "cards": CARDS,
        "players": [{"name": "Aki", "deck": p0}, {"name": "Ben", "deck": p1}],
        "main_player": main,
        "rounds": [r if isinstance(r, dict) else {"play": list(r)} for r in rounds],
        **extra,
    }


def one_round(c0: str, c1: str, **extra: Any) -> dict[str, Any]:
    return record(deck(c0), deck(c1), [(c0, c1)], **extra)


def run(rec: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    return replay_record(rec, lang=lang).to_json(lang)


# -- colour weakness is a cycle; Generic and ZTRIKE never take part ---------------------------
@pytest.mark.parametrize(
    ("c0", "c1", "decided_by", "winner"),
    [
        ("ZD-R5", "ZD-G5", "weakness", 0),  # Red > Green
        ("ZD-G5", "ZD-R5", "weakness", 1),  # Red > Green, the other way round
        ("ZD-G5", "ZD-B5", "weakness", 0),  # Green > Blue
        ("ZD-B5", "ZD-R5", "weakness", 0),  # Blue > Red
        ("ZD-R5", "ZD-B2", "weakness", 1),  # Blue beats Red though weaker: not a chain
        ("ZD-B2", "ZD-G7", "weakness", 1),  # Green beats Blue
        ("ZD-R5", "ZD-R3", "power", 0),  # same colour: power
        ("ZD-B2", "ZD-B5", "power", 1),
        ("ZD-N5", "ZD-R3", "power", 0),  # Generic against Red: power
        ("ZD-N5", "ZD-G7", "power", 1),  # Generic against Green
        ("ZD-B5", "ZD-N3", "power", 0),  # Blue against Generic
        ("ZD-Z8", "ZD-R5", "power", 0),  # ZTRIKE against Red
        ("ZD-G5", "ZD-Z8", "power", 1),  # ZTRIKE against Green
        ("ZD-Z8", "ZD-B5", "power", 0),  # ZTRIKE against Blue
        ("ZD-B5", "ZD-N5", "tie", None),  # equal power, no weakness
        ("ZD-R5", "ZD-R5", "tie", None),
    ],
)
def test_round_victor(c0: str, c1: str, decided_by: str, winner: int | None) -> None:
    out = run(one_round(c0, c1))
    rnd = out["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == (decided_by, winner)
    decided = next(e for e in rnd["events"] if e["kind"] == "round_decided")
    if decided_by == "weakness":
        assert {"ztr.victor#s3", "ztr.victor#s4", "ztr.colors.weakness"} <= set(decided["rules"])
    elif decided_by == "tie":
        assert "ztr.victor#s7" in decided["rules"]


def test_weakness_table_is_the_cycle_of_the_rules() -> None:
    assert BEATS == {"red": "green", "green": "blue", "blue": "red"}


def test_a_tie_discards_both_cards_and_counts_after_the_end_phase() -> None:
    rnd = run(one_round("ZD-R5", "ZD-R5"))["rounds"][0]
    # drew 5 from 36, played 1: hand 4, deck 31, the played card in the discard pile
    assert rnd["players"] == [{"hand": 4, "deck": 31, "discard": 1, "victory_zone": []}] * 2
    assert rnd["victory_points"] == [0, 0]


def test_the_winning_card_goes_to_the_victory_zone_and_the_losing_card_is_discarded() -> None:
    rnd = run(one_round("ZD-R5", "ZD-G5"))["rounds"][0]
    assert rnd["players"][0] == {"hand": 4, "deck": 31, "discard": 0, "victory_zone": ["ZD-R5"]}
    assert rnd["players"][1] == {"hand": 4, "deck": 31, "discard": 1, "victory_zone": []}
    assert rnd["victory_points"] == [2, 0]


# -- bonuses ----------------------------------------------------------------------------------
def test_battle_bonuses_main_player_first() -> None:
    # Aki (Main) sets her power to 9, then Ben's Rust Witch takes 3: 6 against 6, a tie.
    rnd = run(one_round("ZD-NB", "ZD-NM", main=0))["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == ("tie", None)


def test_battle_bonuses_other_order_when_the_other_player_is_main() -> None:
    # Ben (Main) takes 3 first (4 -> 1), then Aki sets 9: 9 against 6, Aki wins.
    rnd = run(one_round("ZD-NB", "ZD-NM", main=1))["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == ("power", 0)


def test_a_battle_bonus_changes_the_colour_before_the_weakness_check() -> None:
    # Scorch Painter turns Tide Wisp green: Red > Green, Ben wins by weakness.
    assert run(one_round("ZD-B5", "ZD-RC"))["rounds"][0]["winner"] == 1
    # Not applied: Blue > Red, Aki wins.
    rec = one_round("ZD-B5", "ZD-RC")
    rec["rounds"][0]["bonuses"] = [{"player": 1, "index": 0, "apply": False}]
    assert run(rec)["rounds"][0]["winner"] == 0


def test_power_is_kept_within_0_to_10_after_bonuses() -> None:
    # 9 + 5 = 14 is kept at 10: equal to Star Whale's 10, a tie.
    rnd = run(one_round("ZD-NP", "ZD-N10"))["rounds"][0]
    assert rnd["decided_by"] == "tie"


def test_win_bonus_applies_only_when_the_record_says_so() -> None:
    rec = one_round("ZD-GW", "ZD-B2")  # Green > Blue: Aki wins
    assert run(rec)["rounds"][0]["victory_points"] == [1, 0]
    rec["rounds"][0]["bonuses"] = [{"player": 0, "index": 0, "apply": True}]
    assert run(rec)["rounds"][0]["victory_points"] == [3, 0]


def test_lose_bonus_after_a_loss() -> None:
    rec = one_round("ZD-RL", "ZD-B5")  # Blue > Red: Aki loses, draws 1
    rec["rounds"][0]["bonuses"] = [{"player": 0, "index": 0, "apply": True}]
    rnd = run(rec)["rounds"][0]
    assert rnd["players"][0] == {"hand": 5, "deck": 30, "discard": 1, "victory_zone": []}


def test_no_win_bonus_after_a_tie_is_illegal_input() -> None:
    rec = one_round("ZD-GW", "ZD-N3")  # 3 against 3: a tie
    rec["rounds"][0]["bonuses"] = [{"player": 0, "index": 0, "apply": True}]
    out = run(rec)
    assert out["illegal_input"]["rule"] == "ztr.victor#s9"
    assert out["illegal_input"]["path"] == "rounds[0].bonuses[0]"
    assert out["result"]["outcome"] == "unfinished"


def test_a_win_bonus_of_the_loser_is_illegal_input() -> None:
    rec = one_round("ZD-GW", "ZD-R5")  # Red > Green: Aki loses
    rec["rounds"][0]["bonuses"] = [{"player": 0, "index": 0, "apply": True}]
    assert run(rec)["illegal_input"]["rule"] == "ztr.bonus.win"


# -- Victory Points, Main Player ---------------------------------------------------------------
def test_twenty_victory_points_exactly_wins() -> None:
    rec = record(deck("ZD-N10", "ZD-N10"), deck(), [("ZD-N10", FILL), ("ZD-N10", FILL)])
    out = run(rec)
    assert [r["victory_points"] for r in out["rounds"]] == [[10, 0], [20, 0]]
    assert out["result"] == {"outcome": "win", "winner": 0, "rules": ["ztr.play.victory"]}


def test_nineteen_is_not_enough() -> None:
    rec = record(deck("ZD-N10", "ZD-N9"), deck(), [("ZD-N10", FILL), ("ZD-N9", FILL)])
    out = run(rec)
    assert out["rounds"][-1]["victory_points"] == [15, 0]
    assert out["result"]["outcome"] == "unfinished"


def _both_over_20(profile: dict[str, str] | None = None) -> dict[str, Any]:
    # Both start with 15 VP; Aki's ZTRIKE Comet (10 VP) beats Lucky Cat, whose Lose bonus gives
    # Ben 5: 25 and 20 in the same round.
    p0 = ["ZD-N10", "ZD-N9", "ZD-Z8", *[FILL] * 33]
    p1 = ["ZD-N10", "ZD-N9", "ZD-NL", *[FILL] * 33]
    start = {
        "round": 7,
        "main_player": 0,
        "players": [
            {
                "victory_zone": ["ZD-N10", "ZD-N9"],
                "hand": ["ZD-Z8", *[FILL] * 4],
                "deck": [FILL] * 29,
                "discard": [],
            },
            {
                "victory_zone": ["ZD-N10", "ZD-N9"],
                "hand": ["ZD-NL", *[FILL] * 4],
                "deck": [FILL] * 29,
                "discard": [],
            },
        ],
    }
    rounds = [{"play": ["ZD-Z8", "ZD-NL"], "bonuses": [{"player": 1, "index": 0, "apply": True}]}]
    extra: dict[str, Any] = {"start": start}
    if profile:
        extra["profile"] = profile
    return record(p0, p1, rounds, **extra)


def test_both_players_over_20_in_one_round_goes_to_the_judge() -> None:
    out = run(_both_over_20())
    assert out["rounds"][0]["victory_points"] == [25, 20]
    assert out["result"]["outcome"] == "escalate"
    assert "TA-04" in out["ambiguities_consulted"]


def test_both_over_20_with_more_points_winning() -> None:
    assert run(_both_over_20({"TA-04": "MORE_VP"}))["result"]["winner"] == 0


def test_the_main_player_counter_passes_each_round() -> None:
    rec = record(deck(), deck(), [(FILL, FILL)] * 3, main=1)
    assert [r["main_player"] for r in run(rec)["rounds"]] == [1, 0, 1]


# -- refreshing the deck ---------------------------------------------------------------------
def _refresh(profile: dict[str, str] | None = None) -> dict[str, Any]:
    p0 = ["ZD-R5", *[FILL] * 35]
    start = {
        "round": 12,
        "main_player": 0,
        "players": [
            {"hand": [FILL] * 4, "deck": ["ZD-R5"], "discard": [FILL] * 31, "victory_zone": []},
            {
                "hand": ["ZD-G5", *[FILL] * 4],
                "deck": [FILL] * 31,
                "discard": [],
                "victory_zone": [],
            },
        ],
    }
    extra: dict[str, Any] = {"start": start}
    if profile:
        extra["profile"] = profile
    return record(p0, ["ZD-G5", *[FILL] * 35], [("ZD-R5", "ZD-G5")], **extra)


def test_an_empty_deck_is_refreshed_from_the_discard_pile_at_once() -> None:
    rnd = run(_refresh())["rounds"][0]
    # drew the last card, the 31 discarded cards became the deck; Red > Green
    assert rnd["players"][0] == {"hand": 4, "deck": 31, "discard": 0, "victory_zone": ["ZD-R5"]}
    assert any(
        e["kind"] == "deck_refreshed" and e["rules"] == ["ztr.mat.dz"] for e in rnd["events"]
    )


def test_refresh_on_the_next_draw_under_ta_08() -> None:
    rnd = run(_refresh({"TA-08": "ON_DRAW"}))["rounds"][0]
    assert rnd["players"][0] == {"hand": 4, "deck": 0, "discard": 31, "victory_zone": ["ZD-R5"]}


# -- bad input ---------------------------------------------------------------------------------
def test_a_card_not_in_hand_is_illegal_input() -> None:
    out = run(record(deck(), deck(), [("ZD-R5", FILL)]))
    assert out["illegal_input"]["rule"] == "ztr.play.round"
    assert out["illegal_input"]["path"] == "rounds[0].play[0]"


def test_three_cards_in_play_is_malformed() -> None:
    rec = record(deck(), deck(), [{"play": [FILL, FILL, FILL]}])
    with pytest.raises(RecordError, match=r"rounds\[0\]\.play"):
        replay_record(rec)


def test_a_deck_of_35_is_malformed() -> None:
    with pytest.raises(RecordError, match=r"players\[1\]\.deck"):
        replay_record(record(deck(), deck()[:35], []))


def test_japanese_text_has_no_english_words() -> None:
    out = run(one_round("ZD-R5", "ZD-G5"), lang="ja")
    for event in out["rounds"][0]["events"]:
        text = event["text"].replace("Aki", "").replace("Ben", "")
        for name in ("Ember Fox", "Moss Golem"):
            text = text.replace(name, "")
        assert not any("a" <= ch.lower() <= "z" for ch in text), text
    text = replay_record(one_round("ZD-R5", "ZD-G5"), lang="ja").to_text("ja")
    assert "ラウンドの勝者の決定" in text


# -- citations -------------------------------------------------------------------------------
def _normal(text: str) -> str:
    return " ".join(text.split())


def test_every_cited_key_exists_and_its_quote_is_in_the_rules() -> None:
    text = _normal((SHARED / "rules" / "ztrike-official-rules.en.txt").read_text("utf-8"))
    for rule in RULES:
        assert _normal(rule.quote) in text, rule.key
    keys = {rule.key for rule in RULES}
    source = "".join(
        p.read_text("utf-8") for p in (REPO_ROOT / "judging" / "engine" / "ztrike").glob("*.py")
    )
    import re

    cited = set(re.findall(r'"(ztr\.[a-z.]+(?:#(?:s|step)\d+)?)"', source))
    assert cited, "the engine cites keys"
    assert cited <= keys, cited - keys


# -- command line ------------------------------------------------------------------------------
def _cli(tmp_path: Path, rec: dict[str, Any], *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "judging.engine", "replay", str(path), *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_dispatches_on_format_and_exit_codes(tmp_path: Path) -> None:
    ok = _cli(tmp_path, one_round("ZD-R5", "ZD-G5"))
    assert ok.returncode == 0, ok.stderr
    out = json.loads(ok.stdout)
    assert set(out) >= {"format", "rounds", "result", "claims"}
    assert set(out["rounds"][0]) >= {
        "round",
        "main_player",
        "decided_by",
        "winner",
        "victory_points",
        "players",
        "events",
    }
    assert _cli(tmp_path, record(deck(), deck(), [("ZD-R5", FILL)])).returncode == 1
    bad = _cli(tmp_path, record(deck(), deck(), [{"play": [FILL, FILL, FILL]}]))
    assert bad.returncode == 2
    assert "rounds[0].play" in bad.stderr
    assert (
        "ラウンド" in _cli(tmp_path, one_round("ZD-R5", "ZD-G5"), "--text", "--lang", "ja").stdout
    )


# -- claims ------------------------------------------------------------------------------------
def test_claims_about_a_round() -> None:
    rec = one_round("ZD-R5", "ZD-G5")
    rec["claims"] = [
        {"party": "Ben", "at": "R1/winner", "value": 1},
        {"party": "Aki", "at": "R1", "path": "victory_points", "value": [2, 0]},
        {"party": "Aki", "at": "R2", "path": "winner", "value": 0},
    ]
    claims = run(rec)["claims"]
    # Ember Fox prints 2 VP: 2 by the default sum (TA-02), 1 if each card counted one point.
    assert [c["status"] for c in claims] == ["CONTRADICTED", "DEPENDS_ON", "UNDETERMINED"]
    assert claims[1]["depends_on"] == ["TA-02"]


# -- the ambiguity register TA-01…TA-10: every option of every entry ---------------------------
#: Invented cards for the register's tests (beside the demo set): a second ZTRIKE card, a card
#: without Victory Points and a card whose Battle bonus replaces it with a card from the hand.
EXTRA: list[dict[str, Any]] = [
    {"id": "ZT-Z7", "name": "ZTRIKE Nova", "colour": "ztrike", "power": 7, "victory_points": 8},
    {"id": "ZT-X0", "name": "Blank Page", "colour": "generic", "power": 0, "victory_points": 0},
    {
        "id": "ZT-SW",
        "name": "Mirror Fox",
        "colour": "generic",
        "power": 1,
        "victory_points": 1,
        "bonuses": [
            {
                "when": "battle",
                "effects": [{"op": "move_card", "from_zone": "hand", "to_zone": "play"}],
            }
        ],
    },
]


def with_extra(rec: dict[str, Any], profile: dict[str, str] | None = None) -> dict[str, Any]:
    rec["cards"] = [*CARDS, *EXTRA]
    if profile:
        rec["profile"] = profile
    return rec


def test_ta_01_simultaneous_or_main_player_first_gives_the_same_round() -> None:
    # "both players play their card": whichever order, Blue > Red (Aki's Tide Wisp) wins.
    for option in ("SIMULTANEOUS", "MAIN_FIRST"):
        rec = one_round("ZD-B5", "ZD-R5", profile={"TA-01": option})
        rnd = run(rec)["rounds"][0]
        assert (rnd["decided_by"], rnd["winner"]) == ("weakness", 0), option


def test_ta_02_victory_points_are_the_printed_points_or_one_per_card() -> None:
    # "Upside-Down to see the Victory Points": Ember Fox prints 2 VP.
    assert run(one_round("ZD-R5", "ZD-G5"))["rounds"][0]["victory_points"] == [2, 0]
    rec = one_round("ZD-R5", "ZD-G5", profile={"TA-02": "COUNT"})
    assert run(rec)["rounds"][0]["victory_points"] == [1, 0]


def _win_and_lose(profile: dict[str, str] | None = None) -> dict[str, Any]:
    # Bloom Sprite (Green 3) against Lucky Cat (Generic 1): no weakness, power 3 > 1, Aki wins;
    # both bonuses applied ("the winner can apply the Win bonus", "the loser ... Lose bonus").
    rec = one_round("ZD-GW", "ZD-NL", main=1, **({"profile": profile} if profile else {}))
    rec["rounds"][0]["bonuses"] = [
        {"player": 0, "index": 0, "apply": True},
        {"player": 1, "index": 0, "apply": True},
    ]
    return rec


def _bonus_order(out: dict[str, Any]) -> list[int]:
    return [e["player"] for e in out["rounds"][0]["events"] if e["kind"] == "bonus"]


def test_ta_03_main_player_bonus_first_by_default() -> None:
    out = run(_win_and_lose())
    assert _bonus_order(out) == [1, 0]  # Ben is the Main Player: his Lose bonus first
    assert out["rounds"][0]["victory_points"] == [1 + 2, 5]
    assert "TA-03" in out["ambiguities_consulted"]


def test_ta_03_winner_bonus_first() -> None:
    out = run(_win_and_lose({"TA-03": "WINNER_FIRST"}))
    assert _bonus_order(out) == [0, 1]
    assert out["rounds"][0]["victory_points"] == [3, 5]


def test_ta_05_exactly_36_or_at_least_36() -> None:
    # "The amount of cards you need is 36 cards."
    rec = record([*deck(), FILL], deck(), [(FILL, FILL)])
    with pytest.raises(RecordError, match=r"players\[0\]\.deck"):
        replay_record(rec)
    rec["profile"] = {"TA-05": "AT_LEAST"}
    assert run(rec)["rounds"][0]["players"][0]["deck"] == 37 - 5
    with pytest.raises(RecordError, match=r"players\[1\]\.deck"):
        replay_record(record(deck(), deck()[:35], [], profile={"TA-05": "AT_LEAST"}))


def test_ta_06_two_copies_of_one_ztrike_card_are_illegal_either_way() -> None:
    # "The ZTRIKE card is unique and can only have 1 copy of this card in your deck."
    for option in ("PER_ID", "IN_TOTAL"):
        rec = with_extra(record(deck("ZD-Z8", "ZD-Z8"), deck(), [(FILL, FILL)]), {"TA-06": option})
        out = run(rec)
        assert out["illegal_input"]["rule"] == "ztr.colors", option
        assert out["illegal_input"]["path"] == "players[0].deck"
        assert out["rounds"] == []


def test_ta_06_two_different_ztrike_cards() -> None:
    rec = with_extra(record(deck(), deck("ZD-Z8", "ZT-Z7"), [("ZD-N0", "ZD-Z8")]))
    out = run(rec)  # one copy per Card ID (the default): legal
    assert "illegal_input" not in out
    assert "TA-06" in out["ambiguities_consulted"]
    out = run(with_extra(rec, {"TA-06": "IN_TOTAL"}))  # one ZTRIKE card in total
    assert out["illegal_input"]["rule"] == "ztr.colors"
    assert out["illegal_input"]["path"] == "players[1].deck"


def _nothing_to_draw(profile: dict[str, str] | None = None) -> dict[str, Any]:
    # Aki holds 4 cards, her deck and discard pile are empty (the rest is in her Victory Zone,
    # worth nothing): the Start Phase must draw 1 ("draw until 5 cards in hand").
    p0 = ["ZD-N5", *[FILL] * 3, *["ZT-X0"] * 32]
    start = {
        "round": 20,
        "main_player": 0,
        "players": [
            {
                "hand": ["ZD-N5", *[FILL] * 3],
                "deck": [],
                "discard": [],
                "victory_zone": ["ZT-X0"] * 32,
            },
            {"hand": [FILL] * 5, "deck": [FILL] * 31, "discard": [], "victory_zone": []},
        ],
    }
    return with_extra(record(p0, deck(), [("ZD-N5", FILL)], start=start), profile)


def test_ta_07_empty_deck_and_discard_pile_goes_to_the_judge() -> None:
    out = run(_nothing_to_draw())
    assert out["result"]["outcome"] == "escalate"
    assert out["result"]["rules"] == ["ztr.mat.dz"]


def test_ta_07_draw_what_there_is() -> None:
    out = run(_nothing_to_draw({"TA-07": "DRAW_WHAT_THERE_IS"}))
    rnd = out["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == ("power", 0)  # Stone Owl 5 against 0
    assert rnd["players"][0]["hand"] == 3
    assert rnd["victory_points"] == [2, 0]


def _replaced(profile: dict[str, str] | None = None) -> dict[str, Any]:
    # Mirror Fox's Battle bonus puts Gear Knight (power 4, Battle bonus: power becomes 9) from
    # Aki's hand into the Play Zone, against Stone Owl (Generic 5).
    rec = record(deck("ZT-SW", "ZD-NB"), deck("ZD-N5"), [("ZT-SW", "ZD-N5")])
    rec["rounds"][0]["bonuses"] = [{"player": 0, "index": 0, "choices": {"card": "ZD-NB"}}]
    return with_extra(rec, profile)


def test_ta_09_a_replaced_card_goes_to_the_judge_by_default() -> None:
    out = run(_replaced())
    assert out["result"]["outcome"] == "escalate"
    assert "TA-09" in out["ambiguities_consulted"]


def test_ta_09_ignore_the_new_card_s_battle_bonus() -> None:
    rnd = run(_replaced({"TA-09": "IGNORE"}))["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == ("power", 1)  # 4 against 5
    assert rnd["players"][0]["discard"] == 2  # Mirror Fox (replaced) and Gear Knight (lost)


def test_ta_09_apply_the_new_card_s_battle_bonus() -> None:
    out = run(_replaced({"TA-09": "APPLY"}))
    rnd = out["rounds"][0]
    assert (rnd["decided_by"], rnd["winner"]) == ("power", 0)  # 9 against 5
    assert rnd["players"][0]["victory_zone"] == ["ZD-NB"]
    assert rnd["players"][0]["discard"] == 1
    assert "replacement_bonuses" in [e["kind"] for e in rnd["events"]]
    ja = run(_replaced({"TA-09": "APPLY"}), "ja")["rounds"][0]["events"]
    texts = [e["text"] for e in ja if e["kind"] == "replacement_bonuses"]
    assert texts == [
        "Gear KnightがAkiの出したカードと入れ替わった：そのカードのバトルボーナスを適用する"
    ]


def test_ta_10_the_victory_pile_is_the_victory_zone() -> None:
    # "the winning card goes into the Victory Pile": it is the Victory Zone, and 20 VP end it.
    rnd = run(one_round("ZD-R5", "ZD-G5", profile={"TA-10": "SAME"}))["rounds"][0]
    assert rnd["players"][0]["victory_zone"] == ["ZD-R5"]
    with pytest.raises(RecordError, match="TA-10"):
        replay_record(one_round("ZD-R5", "ZD-G5", profile={"TA-10": "OTHER"}))


# -- random games: no crash, 36 cards per player -------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(rng=st.randoms(use_true_random=False), skip_battle=st.booleans())
def test_random_games_conserve_36_cards_per_player(rng: random.Random, skip_battle: bool) -> None:
    """Random legal games (decks of 36 with at most 2 copies of a Card ID and 1 ZTRIKE card,
    each round a card from the hand) never raise: the only way a round may stop the game is an
    escalation to the judge (StopGame). After every round, and at an escalation, each player's
    hand + deck + discard pile + Victory Zone + Play Zone holds 36 cards."""
    from judging.engine.ztrike.game import Game, StopGame
    from judging.engine.ztrike.randomgame import next_hands, random_deck
    from judging.engine.ztrike.record import BonusEntry, RoundRecord, parse_record

    base = parse_record(
        record(random_deck(rng, CARDS), random_deck(rng, CARDS), [], main=rng.randint(0, 1))
    )
    game = Game(base)
    assert game.zone_counts() == [36, 36]
    for idx in range(80):
        game.round = idx + 1
        hands = next_hands(game)
        if len(hands) != 2:
            break
        play = (rng.choice(hands[0]), rng.choice(hands[1]))
        entries: tuple[BonusEntry, ...] = ()
        if skip_battle:  # decline every Battle bonus of the played cards
            entries = tuple(
                BonusEntry(p, b, False, (), f"rounds[{idx}].bonuses[{p}]")
                for p in (0, 1)
                for b, bonus in enumerate(base.cards[play[p]].bonuses)
                if bonus.when == "battle"
            )
        rnd = RoundRecord(play, entries, (None, None))
        object.__setattr__(base, "rounds", (*base.rounds, rnd))
        try:
            result = game.play_round(idx, rnd)
        except StopGame:
            assert game.zone_counts() == [36, 36]
            break
        assert game.zone_counts() == [36, 36]
        assert game.in_play == [None, None]
        if result is not None:
            break


def test_random_game_records_replay_to_the_end() -> None:
    """The benchmark's random records replay without illegal input and end as they were made."""
    from judging.engine.ztrike.randomgame import random_game

    rng = random.Random(18)
    for _ in range(40):
        data = random_game(rng, CARDS)
        report = replay_record(data)
        assert report.illegal_input is None
        assert report.outcome.outcome in ("win", "unfinished", "escalate")
        assert len(report.rounds) == len(data["rounds"])  # type: ignore[arg-type]
