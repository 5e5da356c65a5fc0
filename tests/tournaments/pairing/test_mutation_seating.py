"""Fixed seating and byes given in advance, with the exact explanation each table carries.

Written against the survivors of `make mutation` in ``swiss._seat`` and ``explain``. The rules
come from ``PlayerRecord`` and ``_seat``'s docstrings: a player with a fixed table plays there,
unless a higher-placed player with a fixed table of their own is at the same table (then that
player's table is kept) or already holds the number (then the nearest free number, the lower on
a tie); the other tables take the numbers left, from 1 up, in order; no two tables share a
number. Each field below is paired within its score groups, so the tables before renumbering are
known: the players on the most points meet at the first table, and so on down.
"""

from __future__ import annotations

from tournaments.pairing import PlayerRecord, pair_round
from tournaments.pairing.explain import Reason


def tables_of(
    fixed: dict[str, int], groups: int = 2
) -> list[tuple[int, tuple[str, ...], Reason | None]]:
    """Pairs (a, b), (c, d), (e, f) ... on 3 * (groups - 1), ..., 3, 0 points, ranked a first."""
    ids = "abcdef"[: 2 * groups]
    players = [
        PlayerRecord(
            id=pid, points=3 * (groups - 1 - n // 2), rank=n + 1, fixed_table=fixed.get(pid)
        )
        for n, pid in enumerate(ids)
    ]
    result = pair_round(players, round_number=groups, seed=0)
    return [(t.table, t.players, t.seat_reason) for t in result.pairings]


def seat_fixed(player: str, table: int) -> Reason:
    return Reason(
        "seat_fixed",
        f"Table {table}: {player} has fixed seating at this table.",
        f"{table}番テーブル：{player}は座席固定の配慮によりこのテーブルです。",
        (("player", player), ("table", str(table))),
    )


def test_a_taken_number_sends_the_lower_player_to_the_nearest_free_one() -> None:
    # a and c both want table 1; a's table comes first and keeps it; c's table gets 2 (0 is not
    # a table), and e-f, with no arrangement, the next number left: 3, not 2 again.
    assert tables_of({"a": 1, "c": 1}, groups=3) == [
        (1, ("a", "b"), seat_fixed("a", 1)),
        (
            2,
            ("c", "d"),
            Reason(
                "seat_fixed_taken",
                "Table 2: c's fixed table 1 went to a, placed higher, who also has fixed seating "
                "there; this is the nearest free table.",
                "2番テーブル：cの固定席1番は上位のa（同じく座席固定）が使うため、"
                "最も近い空きテーブルです。",
                (("player", "c"), ("wanted", "1"), ("holder", "a"), ("table", "2")),
            ),
        ),
        (3, ("e", "f"), None),
    ]


def test_the_second_player_of_a_table_keeps_their_fixed_table() -> None:
    assert tables_of({"b": 2}) == [(1, ("c", "d"), None), (2, ("a", "b"), seat_fixed("b", 2))]


def test_opponents_fixed_at_the_same_table_sit_there_for_the_first() -> None:
    assert tables_of({"a": 3, "b": 3}) == [
        (1, ("c", "d"), None),
        (3, ("a", "b"), seat_fixed("a", 3)),
    ]


def test_a_shared_table_then_a_taken_one() -> None:
    # a (5) and b (7) meet: a, placed higher, keeps 5. c wants 5 too: the nearest free is 4.
    assert tables_of({"a": 5, "b": 7, "c": 5}) == [
        (
            4,
            ("c", "d"),
            Reason(
                "seat_fixed_taken",
                "Table 4: c's fixed table 5 went to a, placed higher, who also has fixed seating "
                "there; this is the nearest free table.",
                "4番テーブル：cの固定席5番は上位のa（同じく座席固定）が使うため、"
                "最も近い空きテーブルです。",
                (("player", "c"), ("wanted", "5"), ("holder", "a"), ("table", "4")),
            ),
        ),
        (
            5,
            ("a", "b"),
            Reason(
                "seat_fixed_shared",
                "Table 5: b's fixed table is 7, but their opponent a has fixed seating at table "
                "5, which the pairing kept.",
                "5番テーブル：bの固定席は7番ですが、対戦相手のaの固定席5番を優先しました。",
                (("player", "b"), ("wanted", "7"), ("holder", "a"), ("table", "5")),
            ),
        ),
    ]


def test_a_taken_number_leaves_the_table_to_the_opponents_own_fixed_table() -> None:
    # c's table 1 is a's; c's opponent d has table 4 free, so c and d sit at d's table 4.
    assert tables_of({"a": 1, "c": 1, "d": 4}) == [
        (1, ("a", "b"), seat_fixed("a", 1)),
        (
            4,
            ("c", "d"),
            Reason(
                "seat_fixed_shared",
                "Table 4: c's fixed table is 1, but their opponent d has fixed seating at table "
                "4, which the pairing kept.",
                "4番テーブル：cの固定席は1番ですが、対戦相手のdの固定席4番を優先しました。",
                (("player", "c"), ("wanted", "1"), ("holder", "d"), ("table", "4")),
            ),
        ),
    ]


def test_a_bye_awarded_in_advance_says_for_how_many_rounds() -> None:
    players = [
        PlayerRecord(id="invited", awarded_byes=2),
        PlayerRecord(id="p"),
        PlayerRecord(id="q"),
    ]
    (awarded,) = pair_round(players, round_number=1, seed=0).awarded_byes
    assert awarded.reason == Reason(
        "bye_awarded",
        "invited has a bye awarded in advance for the first 2 round(s) "
        "(a match win, as the event's invitation gives).",
        "invitedは最初の2回戦の不戦勝が事前に与えられています（招待による勝利扱い）。",
        (("player", "invited"), ("rounds", "2")),
    )
