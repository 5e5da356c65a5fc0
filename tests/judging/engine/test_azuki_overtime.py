"""Azuki TCG overtime tiebreak (FAQ, "How long are tournament rounds, and how does overtime
work?", key ``azk.op.overtime``): "When overtime ends, tiebreakers check higher Leader health, then
cards left in deck, Garden entities, Alley entities, cards in hand, and finally the player who took
damage last wins." Directions beyond leader health follow the ambiguity KA-02 (default: more is
better; no damage at all: the judge decides); "There are no draws" (KA-05: escalate).

Every expected value below is read off that sentence, not off the function."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from judging.engine.azuki import OvertimeSide, decide_overtime
from judging.engine.azuki.overtime import overtime_from_json
from judging.engine.cli import main
from judging.engine.core.errors import RecordError


def side(
    hp: int = 10, deck: int = 20, garden: int = 2, alley: int = 1, hand: int = 4
) -> OvertimeSide:
    return OvertimeSide(hp, deck, garden, alley, hand)


@pytest.mark.parametrize(
    ("a", "b", "last", "winner", "decided_by"),
    [
        # Higher leader health wins first, whatever the other counts say.
        (side(hp=12, deck=1), side(hp=11, deck=40), None, 0, "leader_health"),
        (side(hp=3), side(hp=4, deck=0, garden=0, alley=0, hand=0), 0, 1, "leader_health"),
        # Equal health: more cards left in deck.
        (side(deck=21), side(deck=20, garden=5), None, 0, "deck"),
        (side(deck=0), side(deck=1), None, 1, "deck"),
        # Then Garden entities, then Alley entities, then cards in hand.
        (side(garden=3), side(garden=2, alley=5), None, 0, "garden"),
        (side(alley=0, hand=9), side(alley=1, hand=0), None, 1, "alley"),
        (side(hand=5), side(hand=4), None, 0, "hand"),
        (side(hand=0), side(hand=1), 0, 1, "hand"),
        # Everything equal: the player who took damage last wins.
        (side(), side(), 0, 0, "took_damage_last"),
        (side(), side(), 1, 1, "took_damage_last"),
        # Nobody took damage and everything is equal: no draws, the judge decides (KA-02, KA-05).
        (side(), side(), None, None, "escalate"),
    ],
)
def test_tiebreakers_in_the_faq_order(
    a: OvertimeSide, b: OvertimeSide, last: int | None, winner: int | None, decided_by: str
) -> None:
    decision = decide_overtime((a, b), took_damage_last=last)
    assert (decision.winner, decision.decided_by) == (winner, decided_by)
    assert "azk.op.overtime" in decision.rules


def test_leader_health_is_not_an_ambiguity_but_the_later_counts_are() -> None:
    assert decide_overtime((side(hp=2), side(hp=1)), took_damage_last=None).ambiguities == ()
    assert decide_overtime((side(deck=2), side(deck=1)), took_damage_last=None).ambiguities == (
        "KA-02",
    )
    escalated = decide_overtime((side(), side()), took_damage_last=None)
    assert escalated.ambiguities == ("KA-02", "KA-05")
    assert "azk.win.how" in escalated.rules  # "There are no draws"


def test_ka02_fewer_reads_the_four_counts_the_other_way_but_not_leader_health() -> None:
    fewer = {"KA-02": "FEWER"}
    assert (
        decide_overtime((side(deck=5), side(deck=9)), took_damage_last=None, profile=fewer).winner
        == 0
    )
    assert (
        decide_overtime((side(hp=9), side(hp=5)), took_damage_last=None, profile=fewer).winner == 0
    )
    escalate = {"KA-02": "ESCALATE"}
    decision = decide_overtime((side(deck=5), side(deck=9)), took_damage_last=0, profile=escalate)
    assert (decision.winner, decision.decided_by) == (None, "escalate")
    with pytest.raises(RecordError, match="KA-02"):
        decide_overtime((side(), side()), took_damage_last=0, profile={"KA-02": "LESS"})


def test_explanations_name_the_deciding_count_in_both_languages() -> None:
    decision = decide_overtime((side(hp=7, deck=3), side(hp=7, deck=8)), took_damage_last=None)
    assert "player 2" in decision.explain
    assert "cards left in deck" in decision.explain
    assert "3 to 8" in decision.explain
    assert "プレイヤー2" in decision.explain_ja
    assert "デッキの残り枚数" in decision.explain_ja
    assert not any("a" <= ch <= "z" for ch in decision.explain_ja.lower())


def counts(hp: int = 1, garden: int = 0, hand: str = "0", extra: str = "") -> str:
    return (
        f'{{"leader_health": {hp}, "deck": 0, "garden": {garden}, "alley": 0, "hand": {hand}'
        f"{extra}}}"
    )


def run_cli(payload: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(payload)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["azuki-overtime"])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def test_command_line_contract() -> None:
    payload = {
        "players": [
            {"leader_health": 4, "deck": 10, "garden": 1, "alley": 0, "hand": 2},
            {"leader_health": 4, "deck": 10, "garden": 1, "alley": 0, "hand": 2},
        ],
        "took_damage_last": 1,
    }
    code, out, _ = run_cli(json.dumps(payload))
    assert code == 0
    assert json.loads(out) == json.loads(out) | {
        "winner": 1, "decided_by": "took_damage_last", "rules": ["azk.op.overtime"],
        "ambiguities": ["KA-02"],
    }  # fmt: skip
    assert set(json.loads(out)) == {
        "winner", "decided_by", "rules", "ambiguities", "explain", "explain_ja"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "where"),
    [
        ("not json", "input"),
        ('{"players": [{}]}', "players"),
        (
            f'{{"players": [{counts(hp=-1)}, {{}}]}}',
            "players[0].leader_health",
        ),
        (
            f'{{"players": [{counts(garden=6)}, {{}}]}}',
            "players[0].garden",
        ),
        (
            f'{{"players": [{counts(hand="true")}, {{}}]}}',
            "players[0].hand",
        ),
        (
            f'{{"players": [{counts(extra=', "ikz": 3')}, {{}}]}}',
            "players[0].ikz",
        ),
        (
            '{"players": [{"leader_health": 1, "deck": 0, "garden": 0, "alley": 0, "hand": 0},'
            ' {"leader_health": 1, "deck": 0, "garden": 0, "alley": 0, "hand": 0}],'
            ' "took_damage_last": 2}',
            "took_damage_last",
        ),
        (
            '{"players": [{"leader_health": 1, "deck": 0, "garden": 0, "alley": 0, "hand": 0},'
            ' {"leader_health": 1, "deck": 0, "garden": 0, "alley": 0, "hand": 0}],'
            ' "profile": {"KA-03": "X"}}',
            "profile.KA-03",
        ),
    ],
)
def test_invalid_input_exits_2_naming_the_field(payload: str, where: str) -> None:
    code, out, err = run_cli(payload)
    assert code == 2
    assert out == ""
    assert err.startswith(f"error: {where}:")


def test_overtime_from_json_refuses_a_non_object() -> None:
    with pytest.raises(RecordError):
        overtime_from_json([1, 2])
