"""Standings: match points, then the event's tiebreak profile.

Percentages are exact :class:`fractions.Fraction` values, so two players are tied only when
their numbers are truly equal. Each row keeps the inputs of every tiebreak (which opponent,
which round, the raw value and the value used after the floor or the dropped-player cap), and
:meth:`TiebreakValue.reason` / :meth:`StandingRow.reason` turn them into sentences.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.explain import Reason, percent
from tournaments.pairing.swiss import _tie_hash
from tournaments.pairing.types import (
    InvalidPairingInputError,
    MatchResult,
    PlayerRecord,
    ScoringConfig,
)

__all__ = [
    "Entrant",
    "StandingRow",
    "Tiebreak",
    "TiebreakInput",
    "TiebreakProfile",
    "TiebreakValue",
    "compute_standings",
    "player_records",
    "tiebreak_profile",
]


class Tiebreak(enum.Enum):
    OPPONENTS_MATCH_WIN = "omw"
    GAME_WIN = "gw"
    OPPONENTS_GAME_WIN = "ogw"
    OPPONENTS_OPPONENTS_MATCH_WIN = "oomw"
    HEAD_TO_HEAD = "h2h"
    SEED = "seed"


_LABELS: dict[Tiebreak, tuple[str, str]] = {
    Tiebreak.OPPONENTS_MATCH_WIN: ("Opponents' match-win %", "対戦相手のマッチ勝率"),
    Tiebreak.GAME_WIN: ("Game-win %", "ゲーム勝率"),
    Tiebreak.OPPONENTS_GAME_WIN: ("Opponents' game-win %", "対戦相手のゲーム勝率"),
    Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN: (
        "Opponents' opponents' match-win %",
        "対戦相手の対戦相手のマッチ勝率",
    ),
    Tiebreak.HEAD_TO_HEAD: ("Head-to-head", "直接対決"),
    Tiebreak.SEED: ("Seeded draw", "シード抽選"),
}


@dataclass(frozen=True, slots=True)
class TiebreakProfile:
    """Which tiebreaks, in which order, with which floor and dropped-player cap.

    ``floor`` is the least value any percentage counts for; ``dropped_cap`` (if set) is the
    most a dropped opponent's percentage counts for.
    """

    name: str
    order: tuple[Tiebreak, ...]
    floor: Fraction
    dropped_cap: Fraction | None = None

    def __post_init__(self) -> None:
        if not Fraction(0) <= self.floor <= Fraction(1):
            raise InvalidPairingInputError("profile.floor", "must be between 0 and 1")
        if self.dropped_cap is not None and not self.floor <= self.dropped_cap <= 1:
            raise InvalidPairingInputError("profile.dropped_cap", "must be between floor and 1")
        if len(set(self.order)) != len(self.order):
            raise InvalidPairingInputError("profile.order", "a tiebreak appears twice")

    @classmethod
    def mtr(cls) -> TiebreakProfile:
        """Magic-style: OMW%, GW%, OGW%, each floored at 1/3; then the seeded draw."""
        return cls(
            "mtr",
            (
                Tiebreak.OPPONENTS_MATCH_WIN,
                Tiebreak.GAME_WIN,
                Tiebreak.OPPONENTS_GAME_WIN,
                Tiebreak.SEED,
            ),
            Fraction(1, 3),
        )

    @classmethod
    def pokemon(cls) -> TiebreakProfile:
        """Pokémon-style: OW% (25% floor, dropped opponents at most 75%), OOW%, H2H, seed."""
        return cls(
            "pokemon",
            (
                Tiebreak.OPPONENTS_MATCH_WIN,
                Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN,
                Tiebreak.HEAD_TO_HEAD,
                Tiebreak.SEED,
            ),
            Fraction(1, 4),
            Fraction(3, 4),
        )


def tiebreak_profile(name: str) -> TiebreakProfile:
    """The built-in profile called ``name`` (``"mtr"`` or ``"pokemon"``)."""
    if name == "mtr":
        return TiebreakProfile.mtr()
    if name == "pokemon":
        return TiebreakProfile.pokemon()
    raise InvalidPairingInputError("profile", f'unknown tiebreak profile "{name}"')


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player for standings: dropped players keep their results so far."""

    id: str
    dropped: bool = False
    late_rounds_missed: int = 0


@dataclass(frozen=True, slots=True)
class TiebreakInput:
    """One number that went into a tiebreak: whose, from which round, raw and as used."""

    source: str
    round_number: int
    raw: Fraction
    used: Fraction


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    """One tiebreak of one player.

    ``sources`` are the players whose percentages were averaged and ``rounds`` the rounds
    they were met in (round 0 means the player's own record); ``inputs`` spells out their raw
    and used values.
    """

    tiebreak: Tiebreak
    numerator: int
    denominator: int = 1
    sources: tuple[str, ...] = ()
    rounds: tuple[int, ...] = ()
    floor: Fraction = Fraction(0)
    raw_values: Mapping[str, Fraction] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    used_values: Mapping[str, Fraction] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    @property
    def value(self) -> Fraction:
        """The exact value (a fraction in lowest terms)."""
        return Fraction(self.numerator, self.denominator)

    @property
    def inputs(self) -> tuple[TiebreakInput, ...]:
        return tuple(
            TiebreakInput(pid, r, self.raw_values[pid], self.used_values[pid])
            for r, pid in zip(self.rounds, self.sources, strict=True)
        )

    def reason(self) -> Reason:
        label_en, label_ja = _LABELS[self.tiebreak]
        if self.tiebreak is Tiebreak.HEAD_TO_HEAD:
            word_en = {1: "won", -1: "lost", 0: "not applicable"}[int(self.value)]
            word_ja = {1: "勝ち", -1: "負け", 0: "該当なし"}[int(self.value)]
            return Reason(
                "tiebreak_h2h",
                f"{label_en}: {word_en} (only between exactly two tied players who met).",
                f"{label_ja}：{word_ja}（同点が2人だけで対戦済みの場合のみ）。",
                (("value", str(self.value)),),
            )
        if self.tiebreak is Tiebreak.SEED:
            return Reason(
                "tiebreak_seed",
                f"{label_en}: {float(self.value):.6f} (random from the event seed).",
                f"{label_ja}：{float(self.value):.6f}（大会シードから決まる乱数）。",
                (("value", str(self.value)),),
            )
        parts_en: list[str] = []
        parts_ja: list[str] = []
        inputs = self.inputs
        for item in inputs:
            where = f"{item.source} (round {item.round_number}) " if item.round_number else ""
            where_ja = f"{item.source}（第{item.round_number}回戦）" if item.round_number else ""
            if item.used == item.raw:
                parts_en.append(f"{where}{percent(item.used)}")
                parts_ja.append(f"{where_ja}{percent(item.used)}")
            elif item.used > item.raw:
                parts_en.append(f"{where}{percent(item.used)} (floored from {percent(item.raw)})")
                parts_ja.append(
                    f"{where_ja}{percent(item.used)}（{percent(item.raw)}から下限適用）"
                )
            else:
                parts_en.append(
                    f"{where}{percent(item.used)} (dropped: capped from {percent(item.raw)})"
                )
                parts_ja.append(
                    f"{where_ja}{percent(item.used)}（ドロップのため{percent(item.raw)}から上限適用）"
                )
        if not inputs:
            detail_en = f"no opponents, so the floor {percent(self.floor)}"
            detail_ja = f"対戦相手なしのため下限{percent(self.floor)}"
        elif len(inputs) == 1 and not inputs[0].round_number:
            detail_en, detail_ja = parts_en[0], parts_ja[0]
        else:
            detail_en = f"average of {len(inputs)}: " + ", ".join(parts_en)
            detail_ja = f"{len(inputs)}件の平均：" + "、".join(parts_ja)
        return Reason(
            f"tiebreak_{self.tiebreak.value}",
            f"{label_en} {percent(self.value)} = {detail_en}.",
            f"{label_ja} {percent(self.value)} = {detail_ja}。",
            (("value", str(self.value)), ("inputs", str(len(inputs)))),
        )


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's place. ``tiebreaks`` follow the profile's order."""

    rank: int
    player_id: str
    match_points: int
    wins: int
    losses: int
    draws: int
    byes: int
    rounds: int
    game_wins: int
    game_losses: int
    game_draws: int
    match_win: Fraction
    dropped: bool
    late_rounds_missed: int
    opponents: tuple[str, ...]
    opponent_rounds: tuple[int, ...]
    tiebreaks: tuple[TiebreakValue, ...] = field(default=())

    def reason(self) -> Reason:
        """The row in words: points, record, and every tiebreak with its inputs."""
        late_en = (
            f", {self.late_rounds_missed} missed round(s) counted as losses"
            if self.late_rounds_missed
            else ""
        )
        late_ja = (
            f"、途中参加で{self.late_rounds_missed}回戦分を敗戦扱い"
            if self.late_rounds_missed
            else ""
        )
        drop_en = ", dropped" if self.dropped else ""
        drop_ja = "、ドロップ" if self.dropped else ""
        head_en = (
            f"#{self.rank} {self.player_id}: {self.match_points} match points from "
            f"{self.wins}-{self.losses}-{self.draws} and {self.byes} bye(s) in {self.rounds} "
            f"round(s){late_en}{drop_en}."
        )
        head_ja = (
            f"{self.rank}位 {self.player_id}：{self.rounds}回戦で{self.wins}勝{self.losses}敗"
            f"{self.draws}分・不戦勝{self.byes}回、勝ち点{self.match_points}{late_ja}{drop_ja}。"
        )
        tails = [t.reason() for t in self.tiebreaks]
        return Reason(
            "standing_row",
            " ".join([head_en, *(t.en for t in tails)]),
            "".join([head_ja, *(t.ja for t in tails)]),
            (("rank", str(self.rank)), ("player", self.player_id)),
        )


@dataclass(slots=True)
class _Tally:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    rounds: int = 0
    gw: int = 0
    gl: int = 0
    gd: int = 0
    opponents: list[str] = field(default_factory=list)
    opponent_rounds: list[int] = field(default_factory=list)
    beat: dict[str, int] = field(default_factory=dict)


def _bad_player(
    tallies: Mapping[str, _Tally], seen: set[str], r: int, m: int, res: MatchResult
) -> None:
    for k, pid in enumerate(res.players):
        where = f"rounds[{r - 1}][{m}].players[{k}]"
        if pid not in tallies:
            raise InvalidPairingInputError(where, f'unknown player id "{pid}"')
        if pid in seen:
            raise InvalidPairingInputError(where, f'"{pid}" plays twice in one round')
        seen.add(pid)


def _tally(
    players: Sequence[Entrant],
    results: Sequence[Sequence[MatchResult]],
    scoring: ScoringConfig,
) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for i, p in enumerate(players):
        if p.id in tallies:
            raise InvalidPairingInputError(f"players[{i}].id", f'duplicate player id "{p.id}"')
        if p.late_rounds_missed < 0:
            raise InvalidPairingInputError(
                f"players[{i}].late_rounds_missed", "must not be negative"
            )
        t = _Tally()
        t.losses = t.rounds = p.late_rounds_missed
        t.points = p.late_rounds_missed * scoring.loss
        t.gl = 2 * p.late_rounds_missed
        tallies[p.id] = t
    win, draw, loss, bye = scoring.win, scoring.draw, scoring.loss, scoring.bye
    known = tallies.keys()
    for r, round_results in enumerate(results, start=1):
        everyone = [pid for res in round_results for pid in res.players]
        here = set(everyone)
        if len(here) != len(everyone) or not here <= known:
            seen: set[str] = set()
            for m, res in enumerate(round_results):  # find and name the offending entry
                _bad_player(tallies, seen, r, m, res)
        for m, res in enumerate(round_results):
            players_here = res.players
            if res.bye:
                t = tallies[players_here[0]]
                t.byes += 1
                t.rounds += 1
                t.points += bye
                t.gw += 2
                continue
            a, b = players_here
            ta = tallies[a]
            tb = tallies[b]
            g0, g1, g2 = res.games
            ta.rounds += 1
            tb.rounds += 1
            ta.gw += g0
            ta.gl += g1
            tb.gw += g1
            tb.gl += g0
            ta.gd += g2
            tb.gd += g2
            ta.opponents.append(b)
            tb.opponents.append(a)
            ta.opponent_rounds.append(r)
            tb.opponent_rounds.append(r)
            winner = res.winner
            if winner is None:
                if res.double_loss:
                    if not scoring.double_loss:
                        raise InvalidPairingInputError(
                            f"rounds[{r - 1}][{m}].double_loss", "this event has no double losses"
                        )
                    ta.losses += 1
                    tb.losses += 1
                    ta.points += loss
                    tb.points += loss
                    continue
                if not scoring.draws:
                    raise InvalidPairingInputError(
                        f"rounds[{r - 1}][{m}].winner", "this event has no draws"
                    )
                ta.draws += 1
                tb.draws += 1
                ta.points += draw
                tb.points += draw
                continue
            tw, tl, loser = (ta, tb, b) if winner == a else (tb, ta, a)
            tw.wins += 1
            tw.points += win
            tw.beat[loser] = tw.beat.get(loser, 0) + 1
            tl.losses += 1
            tl.points += loss
    return tallies


def player_records(
    players: Sequence[Entrant],
    results: Sequence[Sequence[MatchResult]],
    *,
    scoring: ScoringConfig | None = None,
    standings: Sequence[StandingRow] = (),
) -> tuple[PlayerRecord, ...]:
    """The pairing engine's view of each player after ``results``.

    Pass ``standings`` to order players on equal points by their current place.
    """
    cfg = scoring or ScoringConfig()
    tallies = _tally(players, results, cfg)
    rank = {row.player_id: row.rank for row in standings}
    return tuple(
        PlayerRecord(
            id=p.id,
            wins=tallies[p.id].wins,
            losses=tallies[p.id].losses - p.late_rounds_missed,
            draws=tallies[p.id].draws,
            game_wins=tallies[p.id].gw,
            game_losses=tallies[p.id].gl,
            game_draws=tallies[p.id].gd,
            opponents=tuple(tallies[p.id].opponents),
            byes=tallies[p.id].byes,
            dropped=p.dropped,
            late_rounds_missed=p.late_rounds_missed,
            rank=rank.get(p.id),
        )
        for p in players
    )


def _head_to_head(
    tallies: Mapping[str, _Tally],
    keys: Mapping[Tiebreak, Mapping[str, int]],
    order: tuple[Tiebreak, ...],
) -> dict[str, TiebreakValue]:
    """Head-to-head only splits exactly two players tied on everything before it."""
    k = order.index(Tiebreak.HEAD_TO_HEAD)
    groups: dict[tuple[int, ...], list[str]] = {}
    for pid, t in tallies.items():
        key = (t.points, *(keys[tb][pid] for tb in order[:k]))
        groups.setdefault(key, []).append(pid)
    h2h: dict[str, TiebreakValue] = {}
    for members in groups.values():
        score = dict.fromkeys(members, 0)
        if len(members) == 2:
            a, b = members
            diff = tallies[a].beat.get(b, 0) - tallies[b].beat.get(a, 0)
            score[a] = (diff > 0) - (diff < 0)
            score[b] = -score[a]
        for pid in members:
            h2h[pid] = TiebreakValue(Tiebreak.HEAD_TO_HEAD, score[pid])
    return h2h


def _clamp(value: Fraction, floor: Fraction, cap: Fraction | None) -> Fraction:
    """``value`` raised to ``floor`` and (for a dropped player) lowered to ``cap``."""
    num, den = value.numerator, value.denominator
    if num * floor.denominator < floor.numerator * den:
        return floor
    if cap is not None and num * cap.denominator > cap.numerator * den:
        return cap
    return value


def _scaled(values: Mapping[str, Fraction], *extra: int) -> tuple[dict[str, int], int]:
    """The values as integers over a common denominator: exact, and fast to compare."""
    den = math.lcm(*{v.denominator for v in values.values()}, *extra)
    return {pid: v.numerator * (den // v.denominator) for pid, v in values.items()}, den


class _ValueView(Mapping[str, Fraction]):
    """Read-only view of the values of a tiebreak, built only when an explanation asks."""

    def __init__(self, values: Mapping[str, TiebreakValue]) -> None:
        self._values = values

    def __getitem__(self, key: str) -> Fraction:
        return self._values[key].value

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


def _rows(
    players: Sequence[Entrant],
    tallies: Mapping[str, _Tally],
    ranked: Sequence[str],
    values: Mapping[Tiebreak, Mapping[str, TiebreakValue]],
    order: tuple[Tiebreak, ...],
    mw_raw: Mapping[str, Fraction],
    floor: Fraction,
    opponent_ids: Mapping[str, tuple[str, ...]],
    opponent_rounds: Mapping[str, tuple[int, ...]],
) -> tuple[StandingRow, ...]:
    dropped = {p.id: p.dropped for p in players}
    late = {p.id: p.late_rounds_missed for p in players}
    rows: list[StandingRow] = []
    for place, pid in enumerate(ranked, start=1):
        t = tallies[pid]
        rows.append(
            StandingRow(
                rank=place,
                player_id=pid,
                match_points=t.points,
                wins=t.wins,
                losses=t.losses,
                draws=t.draws,
                byes=t.byes,
                rounds=t.rounds,
                game_wins=t.gw,
                game_losses=t.gl,
                game_draws=t.gd,
                match_win=_clamp(mw_raw[pid], floor, None),
                dropped=dropped[pid],
                late_rounds_missed=late[pid],
                opponents=opponent_ids[pid],
                opponent_rounds=opponent_rounds[pid],
                tiebreaks=tuple(values[tb][pid] for tb in order),
            )
        )
    return tuple(rows)


def compute_standings(
    players: Sequence[Entrant],
    results: Sequence[Sequence[MatchResult]],
    *,
    profile: TiebreakProfile,
    scoring: ScoringConfig | None = None,
    seed: int = 0,
) -> tuple[StandingRow, ...]:
    """Rank ``players`` after ``results`` (one sequence of results per round).

    Byes count for the player (a 2-0 match win) but are left out when averaging opponents; a
    dropped player's percentages cover only the rounds they played.
    """
    cfg = scoring or ScoringConfig()
    tallies = _tally(players, results, cfg)
    floor = profile.floor
    cap = profile.dropped_cap
    dropped = {p.id: p.dropped for p in players}

    cache: dict[tuple[int, int], Fraction] = {}

    def own(num: int, den: int) -> Fraction:
        # Many players share a record: build each distinct fraction once.
        hit = cache.get((num, den))
        if hit is None:
            hit = cache[num, den] = Fraction(num, den) if den else Fraction(0)
        return hit

    mw_raw = {pid: own(t.points, cfg.win * t.rounds) for pid, t in tallies.items()}
    gw_raw = {pid: own(3 * t.gw + t.gd, 3 * (t.gw + t.gl + t.gd)) for pid, t in tallies.items()}

    def as_opponent(raw: Mapping[str, Fraction]) -> dict[str, Fraction]:
        return {pid: _clamp(v, floor, cap if dropped[pid] else None) for pid, v in raw.items()}

    opponent_ids = {pid: tuple(t.opponents) for pid, t in tallies.items()}
    opponent_rounds = {pid: tuple(t.opponent_rounds) for pid, t in tallies.items()}
    longest = max((len(o) for o in opponent_ids.values()), default=0)
    counts_lcm = math.lcm(*range(1, longest + 1))
    values: dict[Tiebreak, dict[str, TiebreakValue]] = {}
    keys: dict[Tiebreak, dict[str, int]] = {}

    def opp_average(
        tiebreak: Tiebreak,
        raw: Mapping[str, Fraction],
        used: Mapping[str, Fraction],
        scaled: Mapping[str, int],
        den: int,
    ) -> None:
        """Average ``used`` over each player's opponents; ``scaled`` is ``used * den``.

        The sort key is the average times ``den * counts_lcm``: an exact integer."""
        fnum = floor.numerator * den * counts_lcm
        if fnum % floor.denominator:  # pragma: no cover - den is a multiple of the floor's
            raise ArithmeticError("the floor must divide the common denominator")
        floor_key = fnum // floor.denominator
        out: dict[str, TiebreakValue] = {}
        key: dict[str, int] = {}
        for pid, ids in opponent_ids.items():
            if ids:
                total = sum(map(scaled.__getitem__, ids))
                d = den * len(ids)
                g = math.gcd(total, d)
                key[pid] = total * (counts_lcm // len(ids))
                out[pid] = TiebreakValue(
                    tiebreak, total // g, d // g, ids, opponent_rounds[pid], floor, raw, used
                )
            else:
                key[pid] = floor_key
                out[pid] = TiebreakValue(
                    tiebreak, floor.numerator, floor.denominator, (), (), floor, raw, used
                )
        values[tiebreak] = out
        keys[tiebreak] = key

    def opp_average_of(
        tiebreak: Tiebreak, raw: Mapping[str, Fraction], used: Mapping[str, Fraction]
    ) -> int:
        scaled, den = _scaled(used, floor.denominator)
        opp_average(tiebreak, raw, used, scaled, den)
        return den

    wanted = set(profile.order)
    if wanted & {Tiebreak.OPPONENTS_MATCH_WIN, Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN}:
        mw_den = opp_average_of(Tiebreak.OPPONENTS_MATCH_WIN, mw_raw, as_opponent(mw_raw))
    if Tiebreak.OPPONENTS_GAME_WIN in wanted:
        opp_average_of(Tiebreak.OPPONENTS_GAME_WIN, gw_raw, as_opponent(gw_raw))
    if Tiebreak.GAME_WIN in wanted:
        gw_own = {pid: _clamp(v, floor, None) for pid, v in gw_raw.items()}
        values[Tiebreak.GAME_WIN] = {
            pid: TiebreakValue(
                Tiebreak.GAME_WIN, v.numerator, v.denominator, (pid,), (0,), floor, gw_raw, gw_own
            )
            for pid, v in gw_own.items()
        }
        keys[Tiebreak.GAME_WIN] = _scaled(gw_own)[0]
    if Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN in wanted:
        # The OMW sort keys are OMW * (its common denominator): average those exactly.
        omw = values[Tiebreak.OPPONENTS_MATCH_WIN]
        view = _ValueView(omw)
        omw_keys = keys[Tiebreak.OPPONENTS_MATCH_WIN]
        opp_average(
            Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN, view, view, omw_keys, mw_den * counts_lcm
        )
    if Tiebreak.SEED in wanted:
        draws = {pid: _tie_hash(seed, pid) for pid in tallies}
        values[Tiebreak.SEED] = {
            pid: TiebreakValue(Tiebreak.SEED, d, 1 << 64) for pid, d in draws.items()
        }
        keys[Tiebreak.SEED] = draws
    order = profile.order
    if Tiebreak.HEAD_TO_HEAD in order:
        values[Tiebreak.HEAD_TO_HEAD] = _head_to_head(tallies, keys, order)
        keys[Tiebreak.HEAD_TO_HEAD] = {
            pid: v.numerator for pid, v in values[Tiebreak.HEAD_TO_HEAD].items()
        }

    columns = [keys[tb] for tb in order]
    ranked = sorted(
        tallies,
        key=lambda pid: (-tallies[pid].points, *(-column[pid] for column in columns), pid),
    )
    return _rows(
        players, tallies, ranked, values, order, mw_raw, floor, opponent_ids, opponent_rounds
    )
