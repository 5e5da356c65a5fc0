"""Who wins an Azuki TCG game when overtime ends, by the FAQ's tiebreakers (``azk.op.overtime``).

The FAQ ("How long are tournament rounds, and how does overtime work?"): *When overtime ends,
tiebreakers check higher Leader health, then cards left in deck, Garden entities, Alley entities,
cards in hand, and finally the player who took damage last wins.*

Leader health is compared as the FAQ says (higher wins). The direction of the other four counts
and the meaning of "took damage last" are the ambiguity KA-02 (``profile``): by default more
is better, "damage" is damage to the leader, and when nobody's leader took damage the judge
decides (``ESCALATE``); the profile ``{"KA-02": "FEWER"}`` reads the four counts the other way,
``{"KA-02": "ESCALATE"}`` sends every tie on leader health to the judge. "There are no draws"
(``azk.win.how``): when every tiebreaker is equal the engine never calls it a draw, it escalates
(KA-05).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import TiebreakDecision

#: The counts compared after leader health, in the FAQ's order.
TIEBREAKERS: tuple[str, ...] = ("leader_health", "deck", "garden", "alley", "hand")
OVERTIME_KEY = "azk.op.overtime"
NO_DRAWS_KEY = "azk.win.how"

#: Plain words for each tiebreaker (English, Japanese).
_WHAT: Mapping[str, tuple[str, str]] = {
    "leader_health": ("Leader health", "リーダーの体力"),
    "deck": ("cards left in deck", "デッキの残り枚数"),
    "garden": ("entities in the Garden", "ガーデンのエンティティの数"),
    "alley": ("entities in the Alley", "アレイのエンティティの数"),
    "hand": ("cards in hand", "手札の枚数"),
}
#: The largest value each count can take (Garden and Alley have 5 slots, azk.zones.garden-alley).
_LIMITS: Mapping[str, int] = {
    "leader_health": 999, "deck": 999, "garden": 5, "alley": 5, "hand": 999,
}  # fmt: skip
KA02_CHOICES = ("MORE", "FEWER", "ESCALATE")


@dataclass(frozen=True, slots=True)
class OvertimeSide:
    """One player's counts when overtime ends."""

    leader_health: int
    deck: int
    garden: int
    alley: int
    hand: int

    def value(self, name: str) -> int:
        return int(getattr(self, name))


def _player(n: int) -> tuple[str, str]:
    return f"player {n + 1}", f"プレイヤー{n + 1}"


def decide_overtime(
    players: tuple[OvertimeSide, OvertimeSide],
    *,
    took_damage_last: int | None,
    profile: Mapping[str, str] | None = None,
) -> TiebreakDecision:
    """Compare the two sides tiebreaker by tiebreaker, in the FAQ's order (``azk.op.overtime``)."""
    ka02 = (profile or {}).get("KA-02", "MORE")
    if ka02 not in KA02_CHOICES:
        raise RecordError("profile.KA-02", f"must be one of {', '.join(KA02_CHOICES)}")
    equal_en: list[str] = []
    equal_ja: list[str] = []
    for name in TIEBREAKERS:
        a, b = players[0].value(name), players[1].value(name)
        what_en, what_ja = _WHAT[name]
        if a == b:
            equal_en.append(f"{what_en} equal ({a})")
            equal_ja.append(f"{what_ja}は同じ（{a}）")
            continue
        consulted: tuple[str, ...] = () if name == "leader_health" else ("KA-02",)
        if consulted and ka02 == "ESCALATE":
            return _escalate(equal_en, equal_ja, ("KA-02",))
        more_wins = name == "leader_health" or ka02 == "MORE"
        winner = (0 if a > b else 1) if more_wins else (0 if a < b else 1)
        who_en, who_ja = _player(winner)
        word_en = "more" if more_wins else "fewer"
        word_ja = "多い" if more_wins else "少ない"
        if name == "leader_health":
            word_en, word_ja = "higher", "高い"
        lead_en = "; ".join(equal_en) + ("; " if equal_en else "")
        lead_ja = "、".join(equal_ja) + ("。" if equal_ja else "")
        return TiebreakDecision(
            winner,
            name,
            (OVERTIME_KEY,),
            consulted,
            f"{lead_en}{who_en} wins on {what_en} ({a} to {b}: {word_en} wins).",
            f"{lead_ja}{what_ja}が{word_ja}{who_ja}の勝ちです（{a}対{b}）。",
        )
    if took_damage_last in (0, 1) and ka02 != "ESCALATE":
        who_en, who_ja = _player(int(took_damage_last))
        return TiebreakDecision(
            int(took_damage_last),
            "took_damage_last",
            (OVERTIME_KEY,),
            ("KA-02",),
            "; ".join(equal_en)
            + f"; {who_en}'s leader took damage last, and the player who took damage last wins.",
            "、".join(equal_ja) + f"。最後にリーダーがダメージを受けたのは{who_ja}で、"
            "最後にダメージを受けたプレイヤーの勝ちです。",
        )
    return _escalate(equal_en, equal_ja, ("KA-02", "KA-05"))


def _escalate(
    equal_en: list[str], equal_ja: list[str], ambiguities: tuple[str, ...]
) -> TiebreakDecision:
    lead_en = "; ".join(equal_en) + ". " if equal_en else ""
    lead_ja = "、".join(equal_ja) + "。" if equal_ja else ""
    return TiebreakDecision(
        None,
        "escalate",
        (OVERTIME_KEY, NO_DRAWS_KEY),
        ambiguities,
        f"{lead_en}The tiebreakers do not decide this game and there are no draws: a judge "
        "decides.",
        f"{lead_ja}タイブレークでは決まらず、引き分けはありません。ジャッジが判断します。",
    )


def _count(data: Mapping[str, JSON], name: str, path: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{path}.{name}", "must be a whole number")
    if not 0 <= value <= _LIMITS[name]:
        raise RecordError(f"{path}.{name}", f"must be between 0 and {_LIMITS[name]}")
    return value


def overtime_from_json(data: JSON) -> TiebreakDecision:
    """The command line's input (``python -m judging.engine azuki-overtime``), checked field by
    field; a wrong shape raises ``RecordError`` naming the field."""
    if not isinstance(data, dict):
        raise RecordError("", "must be a JSON object")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError("players", "must be a list of two players")
    sides: list[OvertimeSide] = []
    for i, item in enumerate(players):
        if not isinstance(item, dict):
            raise RecordError(f"players[{i}]", "must be an object")
        unknown = sorted(set(item) - set(TIEBREAKERS))
        if unknown:
            raise RecordError(f"players[{i}].{unknown[0]}", "is not a tiebreaker")
        sides.append(OvertimeSide(*(_count(item, name, f"players[{i}]") for name in TIEBREAKERS)))
    last = data.get("took_damage_last")
    if last is not None and (isinstance(last, bool) or last not in (0, 1)):
        raise RecordError("took_damage_last", "must be 0, 1 or null")
    profile = data.get("profile", {})
    if not isinstance(profile, dict) or not all(isinstance(v, str) for v in profile.values()):
        raise RecordError("profile", 'must be an object like {"KA-02": "MORE"}')
    unknown_ids = sorted(set(profile) - {"KA-02"})
    if unknown_ids:
        raise RecordError(f"profile.{unknown_ids[0]}", "is not an overtime ambiguity (KA-02)")
    return decide_overtime(
        (sides[0], sides[1]),
        took_damage_last=None if last is None else int(last),
        profile={k: str(v) for k, v in profile.items()},
    )
