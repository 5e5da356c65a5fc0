"""Bilingual (English and Japanese) reasons for pairing decisions and standing rows.

Every decision the engine makes is returned together with a :class:`Reason`: a stable
machine ``code``, a sentence in English and one in Japanese, and the structured values the
sentences were built from, so a web page, a CLI and an audit log can all show the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Reason", "percent"]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the engine did something, in plain words.

    ``fields`` holds the structured values (as text) the sentences mention, so callers can
    re-render them without parsing the sentences.
    """

    code: str
    en: str
    ja: str
    fields: tuple[tuple[str, str], ...] = ()

    def field(self, name: str) -> str | None:
        """The structured value called ``name``, if the reason carries one."""
        for key, value in self.fields:
            if key == name:
                return value
        return None


def percent(value: Fraction) -> str:
    """``Fraction(5, 9)`` -> ``"55.56%"`` (two decimals, rounded half up)."""
    hundredths = (value * 10000 + Fraction(1, 2)).__floor__()
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def same_group(points: int) -> Reason:
    return Reason(
        "same_group",
        f"Both players are in the {points}-point group.",
        f"両者とも勝ち点{points}のグループです。",
        (("points", str(points)),),
    )


def pair_down(upper: str, upper_points: int, lower_points: int) -> Reason:
    return Reason(
        "pair_down",
        f"Pair-down: {upper} moves down from the {upper_points}-point group to play a "
        f"{lower_points}-point opponent, because the group above could not be paired evenly "
        "without a rematch or an odd player out.",
        f"ペアダウン：{upper}は勝ち点{upper_points}のグループから勝ち点{lower_points}の"
        "相手と対戦します（上位グループが再戦なしで偶数に組めなかったため）。",
        (("player", upper), ("from_points", str(upper_points)), ("to_points", str(lower_points))),
    )


def rematch_avoided(base: Reason, player: str, avoided: str) -> Reason:
    return Reason(
        base.code + "+rematch_avoided",
        f"{base.en} Rematch avoided: {player} already played {avoided}.",
        f"{base.ja}再戦回避：{player}は既に{avoided}と対戦済みです。",
        (*base.fields, ("rematch_avoided_player", player), ("rematch_avoided_with", avoided)),
    )


def rematch(a: str, b: str) -> Reason:
    return Reason(
        "rematch",
        f"Rematch of {a} and {b}: no pairing of the whole field avoids every rematch, and this "
        "one keeps the number of rematches at its minimum.",
        f"{a}と{b}の再戦：全体で再戦を完全に避ける組み合わせが存在しないため、"
        "再戦数が最小になるこの組み合わせを選びました。",
        (("players", f"{a},{b}"),),
    )


def bye_lowest(player: str, skipped: tuple[str, ...]) -> Reason:
    if not skipped:
        return Reason(
            "bye_lowest",
            f"Bye to {player}: the lowest-ranked player who has not had a bye yet. "
            "It counts as a match win (2-0 in games).",
            f"不戦勝：{player}（まだ不戦勝を受けていない最下位のプレイヤー）。"
            "マッチ勝利（ゲーム2-0）として扱います。",
            (("player", player),),
        )
    names = ", ".join(skipped)
    return Reason(
        "bye_lowest_pairable",
        f"Bye to {player}: the lowest-ranked player without a bye whose absence still lets "
        f"everyone else be paired without a rematch (skipped: {names}). "
        "It counts as a match win (2-0 in games).",
        f"不戦勝：{player}。下位の{names}に与えると残りが再戦なしで組めないため、"
        "その次に低い順位のプレイヤーに与えます。マッチ勝利（ゲーム2-0）として扱います。",
        (("player", player), ("skipped", names)),
    )


def bye_repeat(player: str) -> Reason:
    return Reason(
        "bye_repeat",
        f"Bye to {player}: every active player has already had a bye, so it goes to the "
        "lowest-ranked player. It counts as a match win (2-0 in games).",
        f"不戦勝：{player}。全員が既に不戦勝を受けているため、最下位のプレイヤーに与えます。"
        "マッチ勝利（ゲーム2-0）として扱います。",
        (("player", player),),
    )


def round_summary(
    round_number: int,
    pairs: int,
    pair_downs: int,
    rematches: tuple[tuple[str, str], ...],
    byes: int,
    pair_downs_lower_bound: int = 0,
    active: int | None = None,
) -> Reason:
    fields = (
        ("round", str(round_number)),
        ("pairs", str(pairs)),
        ("pair_downs", str(pair_downs)),
        ("pair_downs_lower_bound", str(pair_downs_lower_bound)),
        ("rematches", str(len(rematches))),
        ("byes", str(byes)),
    )
    if active == 0:
        return Reason(
            "round_summary",
            f"Round {round_number}: no active players, so there is nothing to pair.",
            f"第{round_number}回戦：参加中のプレイヤーがいないため、組み合わせはありません。",
            fields,
        )
    if active == 1:
        return Reason(
            "round_summary",
            f"Round {round_number}: only one active player is left; they receive the bye and "
            "no table is paired.",
            f"第{round_number}回戦：参加中のプレイヤーが1人だけのため、そのプレイヤーが"
            "不戦勝となり、対戦卓はありません。",
            fields,
        )
    if rematches:
        names_en = "; ".join(f"{a} v {b}" for a, b in rematches)
        rem_en = (
            f"{len(rematches)} unavoidable rematch(es), the fewest any pairing allows: {names_en}"
        )
        rem_ja = f"避けられない再戦{len(rematches)}件（可能な最少数）：{names_en}"
    else:
        rem_en = "no rematches"
        rem_ja = "再戦なし"
    return Reason(
        "round_summary",
        f"Round {round_number}: {pairs} table(s), {pair_downs} pair-down(s), {rem_en}, "
        f"{byes} bye(s).",
        f"第{round_number}回戦：{pairs}卓、ペアダウン{pair_downs}件、{rem_ja}、不戦勝{byes}件。",
        fields,
    )


def bye_awarded(player: str, rounds: int) -> Reason:
    return Reason(
        "bye_awarded",
        f"{player} has a bye awarded in advance for the first {rounds} round(s) "
        "(a match win, as the event's invitation gives).",
        f"{player}は最初の{rounds}回戦の不戦勝が事前に与えられています（招待による勝利扱い）。",
        (("player", player), ("rounds", str(rounds))),
    )


def seat_fixed(player: str, table: int) -> Reason:
    return Reason(
        "seat_fixed",
        f"Table {table}: {player} has fixed seating at this table.",
        f"{table}番テーブル：{player}は座席固定の配慮によりこのテーブルです。",
        (("player", player), ("table", str(table))),
    )


def seat_fixed_taken(player: str, wanted: int, holder: str, table: int) -> Reason:
    return Reason(
        "seat_fixed_taken",
        f"Table {table}: {player}'s fixed table {wanted} went to {holder}, placed higher, who "
        f"also has fixed seating there; this is the nearest free table.",
        f"{table}番テーブル：{player}の固定席{wanted}番は上位の{holder}"
        f"（同じく座席固定）が使うため、最も近い空きテーブルです。",
        (("player", player), ("wanted", str(wanted)), ("holder", holder), ("table", str(table))),
    )


def seat_fixed_shared(player: str, wanted: int, holder: str, table: int) -> Reason:
    return Reason(
        "seat_fixed_shared",
        f"Table {table}: {player}'s fixed table is {wanted}, but their opponent {holder} has "
        f"fixed seating at table {table}, which the pairing kept.",
        f"{table}番テーブル：{player}の固定席は{wanted}番ですが、対戦相手の{holder}の固定席"
        f"{table}番を優先しました。",
        (("player", player), ("wanted", str(wanted)), ("holder", holder), ("table", str(table))),
    )
