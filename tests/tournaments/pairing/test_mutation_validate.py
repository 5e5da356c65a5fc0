"""A hand-made pairing's problems, each with the exact explanation the organiser is shown.

Written against the survivors of `make mutation` in ``validate_pairing``. The expected problems
come from the module's promise (tournaments.pairing.validate): every active player seated
exactly once, no dropped or unknown player, two different players per table, a bye exactly when
the field is odd (blocking); a rematch (recorded on either side), a second bye, and a bye above a
lower-ranked player who has not had one (flagged). Tables are numbered from 1 and the bye is
table 0; the structured fields name the players (comma-separated) and the table.
"""

from __future__ import annotations

from tournaments.pairing import PairingProblem, PlayerRecord, ScoringConfig, validate_pairing
from tournaments.pairing.explain import Reason


def problem(
    code: str,
    players: tuple[str, ...],
    en: str,
    ja: str,
    fields: tuple[tuple[str, str], ...],
    *,
    blocking: bool,
    table: int | None,
) -> PairingProblem:
    return PairingProblem(code, players, Reason(code, en, ja, fields), blocking, table)


def field() -> list[PlayerRecord]:
    # a > b > c > d > e in the standings; a and b have met; d has had the bye; f dropped.
    return [
        PlayerRecord(id="a", points=6, opponents=("b",), rank=1),
        PlayerRecord(id="b", points=6, opponents=("a",), rank=2),
        PlayerRecord(id="c", points=3, rank=3),
        PlayerRecord(id="d", points=3, byes=1, rank=4),
        PlayerRecord(id="e", points=0, rank=5),
        PlayerRecord(id="f", points=0, dropped=True, rank=6),
    ]


def not_seated(pid: str) -> PairingProblem:
    return problem(
        "not_seated",
        (pid,),
        f"{pid} is active but has no table and no bye.",
        f"{pid}は参加中ですが、卓にも不戦勝にも割り当てられていません。",
        (("players", pid),),
        blocking=True,
        table=None,
    )


def test_every_blocking_problem_in_table_order_with_its_words() -> None:
    # Table 2 seats b and an unknown x; table 3 seats b and a again (who have met: a player
    # already seated is not checked for a rematch); table 4 seats the dropped f first; tables 5
    # and 6 are not two different players, and table 6 is still read after table 5. d has no
    # seat, and five active players need a bye.
    tables = [("a", "c"), ("b", "x"), ("b", "a"), ("f", "e"), ("d",), ("e", "e")]
    assert validate_pairing(field(), tables, None) == (
        problem(
            "unknown_player",
            ("x",),
            '"x" is not a player of this event.',
            "「x」はこのイベントのプレイヤーではありません。",
            (("players", "x"), ("table", "2")),
            blocking=True,
            table=2,
        ),
        problem(
            "seated_twice",
            ("b",),
            "b is seated twice (already at table 2).",
            "bが二重に配置されています（既に2卓）。",
            (("players", "b"), ("table", "3")),
            blocking=True,
            table=3,
        ),
        problem(
            "seated_twice",
            ("a",),
            "a is seated twice (already at table 1).",
            "aが二重に配置されています（既に1卓）。",
            (("players", "a"), ("table", "3")),
            blocking=True,
            table=3,
        ),
        problem(
            "dropped_player",
            ("f",),
            "f has dropped and cannot be paired.",
            "fはドロップしているため、組み合わせに入れられません。",
            (("players", "f"), ("table", "4")),
            blocking=True,
            table=4,
        ),
        problem(
            "bad_table",
            ("d",),
            "Table 5 must seat two different players.",
            "5卓には異なる2人のプレイヤーを配置してください。",
            (("players", "d"), ("table", "5")),
            blocking=True,
            table=5,
        ),
        problem(
            "bad_table",
            ("e", "e"),
            "Table 6 must seat two different players.",
            "6卓には異なる2人のプレイヤーを配置してください。",
            (("players", "e,e"), ("table", "6")),
            blocking=True,
            table=6,
        ),
        not_seated("d"),
        problem(
            "bye_missing",
            (),
            "There are 5 active players, an odd number: one of them needs the bye.",
            "参加中のプレイヤーが5人（奇数）のため、1人に不戦勝が必要です。",
            (("players", ""),),
            blocking=True,
            table=None,
        ),
    )


def test_an_unknown_bye_is_at_table_0() -> None:
    assert validate_pairing(field(), [("a", "c"), ("b", "d")], "x") == (
        problem(
            "unknown_player",
            ("x",),
            '"x" is not a player of this event.',
            "「x」はこのイベントのプレイヤーではありません。",
            (("players", "x"), ("table", "0")),
            blocking=True,
            table=0,
        ),
        not_seated("e"),
    )


def test_a_dropped_player_cannot_have_the_bye() -> None:
    # Nothing else is said about f's bye: a dropped player is not in the standings' bye order.
    assert validate_pairing(field(), [("a", "c"), ("b", "d")], "f") == (
        problem(
            "dropped_player",
            ("f",),
            "f has dropped and cannot be paired.",
            "fはドロップしているため、組み合わせに入れられません。",
            (("players", "f"), ("table", "0")),
            blocking=True,
            table=0,
        ),
        not_seated("e"),
    )


def test_a_bye_for_a_seated_player_is_only_the_double_seat() -> None:
    # d is at table 2 and given the bye as well: one blocking problem; d's earlier bye is not
    # flagged, because d does not get this one.
    assert validate_pairing(field(), [("a", "c"), ("b", "d")], "d") == (
        problem(
            "seated_twice",
            ("d",),
            "d is seated twice (already at table 2).",
            "dが二重に配置されています（既に2卓）。",
            (("players", "d"), ("table", "0")),
            blocking=True,
            table=0,
        ),
        not_seated("e"),
    )


def test_a_meeting_recorded_on_one_side_is_a_rematch() -> None:
    players = [
        PlayerRecord(id="a", opponents=("c",)),
        PlayerRecord(id="b"),
        PlayerRecord(id="c"),
        PlayerRecord(id="d"),
    ]
    assert validate_pairing(players, [("c", "a"), ("b", "d")], None) == (
        problem(
            "rematch",
            ("c", "a"),
            "Table 1 is a rematch: c and a have already played.",
            "1卓は再戦です：cとaは既に対戦しています。",
            (("players", "c,a"), ("table", "1")),
            blocking=False,
            table=1,
        ),
    )


def test_a_second_bye_above_three_fresh_players() -> None:
    # Points from the records (3 a win, 1 a draw, 3 a bye): a 6, b 3 (a bye and a loss), c 3,
    # d 1, e 0; b and c share 3 points and the standings put b (rank 2) above c (rank 3), even
    # though c comes first in the list. b had a bye; c, d and e, all below b, have not.
    players = [
        PlayerRecord(id="a", wins=2, rank=1),
        PlayerRecord(id="c", wins=1, losses=1, rank=3),
        PlayerRecord(id="b", losses=1, byes=1, rank=2),
        PlayerRecord(id="d", losses=1, draws=1, rank=4),
        PlayerRecord(id="e", losses=2, rank=5),
    ]
    assert validate_pairing(players, [("a", "c"), ("d", "e")], "b") == (
        problem(
            "repeat_bye",
            ("b",),
            "b already had a bye; this would be a second one.",
            "bは既に不戦勝を受けています。2回目の不戦勝になります。",
            (("players", "b"), ("table", "0")),
            blocking=False,
            table=0,
        ),
        problem(
            "bye_not_lowest",
            ("b", "c", "d", "e"),
            "The bye goes to the lowest-ranked player who has not had one; "
            "c, d, e rank below b and have not had one.",
            "不戦勝は、まだ受けていない最下位のプレイヤーに与えます。"
            "c、d、eはbより下位で、まだ不戦勝を受けていません。",
            (("players", "b,c,d,e"), ("table", "0")),
            blocking=False,
            table=0,
        ),
    )


def test_the_events_scoring_decides_who_ranks_lowest() -> None:
    # x went 1-2-0 and y 1-0-1. With the default 3/1/0 scoring x has 3 points and y 4, so y's
    # bye skips x; with a point for a loss (3/1/1) x has 5 and y 4, and y is the lowest.
    players = [
        PlayerRecord(id="w", wins=3, rank=1),
        PlayerRecord(id="x", wins=1, losses=2, rank=2),
        PlayerRecord(id="y", wins=1, draws=1, rank=3),
    ]
    assert validate_pairing(players, [("w", "x")], "y", config=ScoringConfig(loss=1)) == ()
    (skipped,) = validate_pairing(players, [("w", "x")], "y")
    assert (skipped.code, skipped.players) == ("bye_not_lowest", ("y", "x"))


def test_an_even_field_needs_no_bye() -> None:
    # No standings (no ranks), so only the seating is checked.
    players = [PlayerRecord(id=pid) for pid in "abcd"]
    assert validate_pairing(players, [("a", "c")], "b") == (
        not_seated("d"),
        problem(
            "bye_not_needed",
            ("b",),
            "There are 4 active players, an even number: nobody needs the bye, so b should be "
            "paired.",
            "参加中のプレイヤーが4人（偶数）のため不戦勝は不要です。bも組み合わせてください。",
            (("players", "b"), ("table", "0")),
            blocking=True,
            table=0,
        ),
    )
