"""Checking a pairing the organiser made by hand (a manual override of the engine).

:func:`validate_pairing` returns every problem it finds, each with a bilingual
:class:`~tournaments.pairing.explain.Reason`. *Blocking* problems make the pairing unusable:
an active player left out or seated twice, a dropped or unknown player, a table that is not
two different players, a bye missing or not needed. The others are flagged for the organiser
to confirm: a rematch, a second bye, or a bye that a lower-ranked player without one could
have had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.explain import Reason
from tournaments.pairing.swiss import _validate
from tournaments.pairing.types import PlayerRecord, ScoringConfig

__all__ = ["PairingProblem", "validate_pairing"]


@dataclass(frozen=True, slots=True)
class PairingProblem:
    """One problem of a hand-made pairing.

    ``code`` is stable (``not_seated``, ``seated_twice``, ``unknown_player``,
    ``dropped_player``, ``bad_table``, ``bye_missing``, ``bye_not_needed``, ``rematch``,
    ``repeat_bye``, ``bye_not_lowest``); ``table`` is the 1-based table it concerns, if any
    (0 for the bye).
    """

    code: str
    players: tuple[str, ...]
    reason: Reason
    blocking: bool
    table: int | None = None


def _problem(
    code: str,
    players: tuple[str, ...],
    en: str,
    ja: str,
    *,
    blocking: bool,
    table: int | None = None,
) -> PairingProblem:
    fields = (("players", ",".join(players)),) + (
        (("table", str(table)),) if table is not None else ()
    )
    return PairingProblem(code, players, Reason(code, en, ja, fields), blocking, table)


def validate_pairing(  # noqa: C901 - one check per rule, in the order an organiser reads them
    players: Sequence[PlayerRecord],
    tables: Sequence[Sequence[str]],
    bye: str | None,
    *,
    config: ScoringConfig | None = None,
) -> tuple[PairingProblem, ...]:
    """The problems of seating ``tables`` (pairs of player ids, table 1 first) and ``bye``.

    ``players`` are the engine's records before the round (dropped players included). An
    empty result means every active player is seated exactly once and nothing needs
    confirming. Raises :class:`~tournaments.pairing.types.InvalidPairingInputError` when the
    records themselves are inconsistent.
    """
    _validate(players)
    cfg = config or ScoringConfig()
    by_id = {p.id: p for p in players}
    active = [p for p in players if not p.dropped]
    problems: list[PairingProblem] = []
    seen: dict[str, int] = {}

    def seat(pid: str, table: int) -> bool:
        if pid not in by_id:
            problems.append(
                _problem(
                    "unknown_player",
                    (pid,),
                    f'"{pid}" is not a player of this event.',
                    f"「{pid}」はこのイベントのプレイヤーではありません。",
                    blocking=True,
                    table=table,
                )
            )
            return False
        if by_id[pid].dropped:
            problems.append(
                _problem(
                    "dropped_player",
                    (pid,),
                    f"{pid} has dropped and cannot be paired.",
                    f"{pid}はドロップしているため、組み合わせに入れられません。",
                    blocking=True,
                    table=table,
                )
            )
            return False
        if pid in seen:
            # The bye is seated after every table, so the earlier seat is always a table.
            problems.append(
                _problem(
                    "seated_twice",
                    (pid,),
                    f"{pid} is seated twice (already at table {seen[pid]}).",
                    f"{pid}が二重に配置されています（既に{seen[pid]}卓）。",
                    blocking=True,
                    table=table,
                )
            )
            return False
        seen[pid] = table
        return True

    for number, table in enumerate(tables, start=1):
        ids = tuple(table)
        if len(ids) != 2 or ids[0] == ids[1]:
            problems.append(
                _problem(
                    "bad_table",
                    ids,
                    f"Table {number} must seat two different players.",
                    f"{number}卓には異なる2人のプレイヤーを配置してください。",
                    blocking=True,
                    table=number,
                )
            )
            continue
        a_ok = seat(ids[0], number)
        b_ok = seat(ids[1], number)
        if a_ok and b_ok:
            a, b = by_id[ids[0]], by_id[ids[1]]
            if b.id in a.opponents or a.id in b.opponents:
                problems.append(
                    _problem(
                        "rematch",
                        ids,
                        f"Table {number} is a rematch: {a.id} and {b.id} have already played.",
                        f"{number}卓は再戦です：{a.id}と{b.id}は既に対戦しています。",
                        blocking=False,
                        table=number,
                    )
                )
    if bye is not None and seat(bye, 0):
        holder = by_id[bye]
        if holder.byes > 0:
            problems.append(
                _problem(
                    "repeat_bye",
                    (bye,),
                    f"{bye} already had a bye; this would be a second one.",
                    f"{bye}は既に不戦勝を受けています。2回目の不戦勝になります。",
                    blocking=False,
                    table=0,
                )
            )
        # With standings known, a lower-ranked player without a bye should have had it first.
        if all(p.rank is not None for p in active):
            ranked = sorted(active, key=lambda p: (-p.match_points(cfg), p.rank or 0))
            below = ranked[ranked.index(holder) + 1 :]
            fresh = [p.id for p in below if p.byes == 0]
            if fresh:
                problems.append(
                    _problem(
                        "bye_not_lowest",
                        (bye, *fresh),
                        "The bye goes to the lowest-ranked player who has not had one; "
                        f"{', '.join(fresh)} rank below {bye} and have not had one.",
                        "不戦勝は、まだ受けていない最下位のプレイヤーに与えます。"
                        f"{'、'.join(fresh)}は{bye}より下位で、まだ不戦勝を受けていません。",
                        blocking=False,
                        table=0,
                    )
                )
    missing = [p.id for p in active if p.id not in seen]
    for pid in missing:
        problems.append(
            _problem(
                "not_seated",
                (pid,),
                f"{pid} is active but has no table and no bye.",
                f"{pid}は参加中ですが、卓にも不戦勝にも割り当てられていません。",
                blocking=True,
            )
        )
    odd = len(active) % 2 == 1
    if odd and bye is None:
        problems.append(
            _problem(
                "bye_missing",
                (),
                f"There are {len(active)} active players, an odd number: one of them needs "
                "the bye.",
                f"参加中のプレイヤーが{len(active)}人（奇数）のため、1人に不戦勝が必要です。",
                blocking=True,
            )
        )
    if not odd and bye is not None:
        problems.append(
            _problem(
                "bye_not_needed",
                (bye,),
                f"There are {len(active)} active players, an even number: nobody needs the "
                f"bye, so {bye} should be paired.",
                f"参加中のプレイヤーが{len(active)}人（偶数）のため不戦勝は不要です。"
                f"{bye}も組み合わせてください。",
                blocking=True,
                table=0,
            )
        )
    return tuple(problems)
