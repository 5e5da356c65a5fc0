"""Tiebreak floors and caps at their boundaries, profile checks, and pairing constraints on
fields larger than the exact solver's (the score-group algorithm).

Written against the survivors of `make mutation`. Expected values come from the documents: the
package docstring of ``tournaments.pairing`` (the pairing objective: rematches first, then repeat
byes, then the bye as low as possible; "the bye goes to the lowest-ranked player who has not had
one"; "rematch: never made while a rematch-free pairing of the whole field exists") and the
tiebreak profiles: Magic's tournament rules floor every percentage at 1/3 (33%); Pokémon's
floor opponents' win percentages at 25% and count a dropped opponent for at most 75%.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing import (
    Entrant,
    InvalidPairingInputError,
    MatchResult,
    PlayerRecord,
    Tiebreak,
    TiebreakProfile,
    compute_standings,
    pair_round,
    tiebreak_profile,
)
from tournaments.pairing.explain import Reason

F = Fraction
MTR, POKEMON = TiebreakProfile.mtr(), TiebreakProfile.pokemon()


def win(a: str, b: str) -> MatchResult:
    return MatchResult((a, b), winner=a, games=(2, 0, 0))


def omw(
    profile: TiebreakProfile, players: list[Entrant], rounds: list[list[MatchResult]]
) -> dict[str, Fraction]:
    rows = compute_standings(players, rounds, profile=profile)
    return {
        row.player_id: next(
            t.value for t in row.tiebreaks if t.tiebreak is Tiebreak.OPPONENTS_MATCH_WIN
        )
        for row in rows
    }


# A plays five rounds and wins only the last: a match-win percentage of 1/5. B, C, D and F each
# beat A in their one round. Their opponents' match-win percentage is A's, floored.
WEAK_PLAYERS = [Entrant(x) for x in "ABCDEF"]
WEAK_ROUNDS = [[win("B", "A")], [win("C", "A")], [win("D", "A")], [win("F", "A")], [win("A", "E")]]


def test_mtr_floor_raises_a_one_in_five_opponent_to_one_third() -> None:
    assert omw(MTR, WEAK_PLAYERS, WEAK_ROUNDS)["B"] == F(1, 3)


def test_pokemon_floor_raises_a_one_in_five_opponent_to_one_quarter() -> None:
    assert omw(POKEMON, WEAK_PLAYERS, WEAK_ROUNDS)["B"] == F(1, 4)


def test_a_percentage_above_the_floor_counts_as_it_is() -> None:
    # A wins two of five (2/5 > 1/3 > 1/4): B's opponent counts for 2/5 under both profiles.
    rounds = [[win("B", "A")], [win("C", "A")], [win("D", "A")], [win("A", "F")], [win("A", "E")]]
    assert omw(MTR, WEAK_PLAYERS, rounds)["B"] == F(2, 5)
    assert omw(POKEMON, WEAK_PLAYERS, rounds)["B"] == F(2, 5)


@pytest.mark.parametrize(("dropped", "counted"), [(True, F(3, 4)), (False, F(1))])
def test_pokemon_caps_only_a_dropped_opponent_at_three_quarters(
    dropped: bool, counted: Fraction
) -> None:
    # G wins both its rounds (100%); H lost to G in round 1 and played nobody else.
    players = [Entrant("G", dropped=dropped), Entrant("H"), Entrant("J")]
    rounds = [[win("G", "H")], [win("G", "J")]]
    assert omw(POKEMON, players, rounds)["H"] == counted
    # Magic's profile has no cap.
    assert omw(MTR, players, rounds)["H"] == F(1)


def test_built_in_profiles() -> None:
    assert (MTR.name, MTR.floor, MTR.dropped_cap) == ("mtr", F(1, 3), None)
    assert (POKEMON.name, POKEMON.floor, POKEMON.dropped_cap) == ("pokemon", F(1, 4), F(3, 4))
    assert tiebreak_profile("mtr") == MTR
    assert tiebreak_profile("pokemon") == POKEMON


ORDER = (Tiebreak.OPPONENTS_MATCH_WIN, Tiebreak.SEED)


@pytest.mark.parametrize(
    ("floor", "cap"), [(F(0), None), (F(1), None), (F(1, 4), F(1, 4)), (F(1, 4), F(1))]
)
def test_profile_bounds_are_inclusive(floor: Fraction, cap: Fraction | None) -> None:
    profile = TiebreakProfile("custom", ORDER, floor, cap)
    assert (profile.floor, profile.dropped_cap) == (floor, cap)


@pytest.mark.parametrize(
    ("floor", "cap", "order", "field", "message"),
    [
        (F(3, 2), None, ORDER, "profile.floor", "must be between 0 and 1"),
        (F(-1, 3), None, ORDER, "profile.floor", "must be between 0 and 1"),
        (F(1, 3), F(1, 4), ORDER, "profile.dropped_cap", "must be between floor and 1"),
        (F(1, 3), F(3, 2), ORDER, "profile.dropped_cap", "must be between floor and 1"),
        (F(1, 3), None, (*ORDER, Tiebreak.SEED), "profile.order", "a tiebreak appears twice"),
    ],
)
def test_profile_refusals_name_the_field(
    floor: Fraction,
    cap: Fraction | None,
    order: tuple[Tiebreak, ...],
    field: str,
    message: str,
) -> None:
    with pytest.raises(InvalidPairingInputError) as refused:
        TiebreakProfile("custom", order, floor, cap)
    assert refused.value.field == field
    assert str(refused.value) == f"{field}: {message}"


# --- pairing constraints beyond the exact solver (more than 16 active players) ---------------


def pairs_of(players: list[PlayerRecord]) -> tuple[list[frozenset[str]], str | None]:
    result = pair_round(players, round_number=18, seed=3)
    seated = [frozenset(p.players) for p in result.pairings]
    return seated, None if result.bye is None else result.bye.player


def test_a_player_who_met_everyone_has_the_only_rematch() -> None:
    # 20 players, all on 0 points; x has met all 19 others, who have met only x. A rematch
    # cannot be avoided, but one is enough: x's table.
    others = [f"p{n:02d}" for n in range(19)]
    players = [PlayerRecord(id="x", opponents=tuple(others), rank=1)]
    players += [PlayerRecord(id=o, opponents=("x",), rank=n + 2) for n, o in enumerate(others)]
    seated, bye = pairs_of(players)
    assert bye is None
    assert sorted(p for pair in seated for p in pair) == sorted(["x", *others])
    rematches = [pair for pair in seated if "x" in pair]
    assert len(rematches) == 1
    result = pair_round(players, round_number=18, seed=3)
    assert result.objective.rematches == 1
    assert [p.rematch for p in result.pairings].count(True) == 1


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    # 19 players ranked 1..19 on equal points; the lowest-ranked already had a bye.
    players = [PlayerRecord(id=f"p{n:02d}", rank=n) for n in range(1, 19)]
    players.append(PlayerRecord(id="p19", rank=19, byes=1))
    seated, bye = pairs_of(players)
    assert bye == "p18"
    assert len(seated) == 9


def test_the_bye_avoids_a_rematch_before_it_goes_low() -> None:
    # 19 players; x (ranked first) has met all 18 others: giving anyone else the bye forces x
    # into a rematch, and rematches come before the bye's height in the objective.
    others = [f"p{n:02d}" for n in range(18)]
    players = [PlayerRecord(id="x", opponents=tuple(others), rank=1)]
    players += [PlayerRecord(id=o, opponents=("x",), rank=n + 2) for n, o in enumerate(others)]
    seated, bye = pairs_of(players)
    assert bye == "x"
    assert all("x" not in pair for pair in seated)


@pytest.mark.parametrize("at_top", [True, False])
@pytest.mark.parametrize("everyone", [1, 2, 4])
def test_unavoidable_rematches_are_as_few_as_possible(everyone: int, at_top: bool) -> None:
    # 20 players on equal points. ``everyone`` of them (at the top or the bottom of the
    # standings) have met all 19 others; the rest have also met their neighbour in the standings
    # (p00-p01, p02-p03, ...). Each player who met everyone needs a rematch, two per table:
    # ceil(everyone / 2) rematches, no more, and the others never meet an old opponent.
    xs = [f"x{n}" for n in range(everyone)]
    rest = [f"p{n:02d}" for n in range(20 - everyone)]
    ids = xs + rest if at_top else rest + xs
    met: dict[str, set[str]] = {i: set() for i in ids}
    for x in xs:
        for other in ids:
            if other != x:
                met[x].add(other)
                met[other].add(x)
    for a, b in zip(rest[0::2], rest[1::2], strict=False):
        met[a].add(b)
        met[b].add(a)
    players = [
        PlayerRecord(id=i, opponents=tuple(sorted(met[i])), rank=n + 1) for n, i in enumerate(ids)
    ]
    result = pair_round(players, round_number=19, seed=5)
    seated = [p for pairing in result.pairings for p in pairing.players]
    assert sorted(seated) == sorted(ids)
    assert result.bye is None
    rematches = [set(p.players) for p in result.pairings if p.players[1] in met[p.players[0]]]
    assert len(rematches) == (everyone + 1) // 2
    assert all(pair & set(xs) for pair in rematches)
    assert result.objective.rematches == len(rematches)


def test_a_dropped_opponent_under_the_cap_counts_as_it_is() -> None:
    # G won one of two rounds (1/2) and dropped: under Pokémon's 3/4 cap, it counts 1/2.
    players = [Entrant("G", dropped=True), Entrant("H"), Entrant("J")]
    rounds = [[win("G", "H")], [win("J", "G")]]
    assert omw(POKEMON, players, rounds)["H"] == F(1, 2)


# --- the explanation of an unavoidable rematch and of a second bye ------------------------------


def test_an_unavoidable_rematch_says_why_in_both_languages() -> None:
    # a and b have met and nobody else is left: the rematch is the only pairing.
    players = [
        PlayerRecord(id="a", points=3, opponents=("b",), rank=1),
        PlayerRecord(id="b", points=3, opponents=("a",), rank=2),
    ]
    (table,) = pair_round(players, round_number=2, seed=0).pairings
    assert table.rematch
    assert table.reason == Reason(
        "rematch",
        "Rematch of a and b: no pairing of the whole field avoids every rematch, and this one "
        "keeps the number of rematches at its minimum.",
        "aとbの再戦：全体で再戦を完全に避ける組み合わせが存在しないため、"
        "再戦数が最小になるこの組み合わせを選びました。",
        (("players", "a,b"),),
    )


def test_a_second_bye_when_everyone_had_one_goes_lowest_and_says_so() -> None:
    players = [PlayerRecord(id=pid, byes=1, rank=n) for n, pid in enumerate("abc", start=1)]
    result = pair_round(players, round_number=3, seed=0)
    assert result.bye is not None
    assert result.bye.reason == Reason(
        "bye_repeat",
        "Bye to c: every active player has already had a bye, so it goes to the lowest-ranked "
        "player. It counts as a match win (2-0 in games).",
        "不戦勝：c。全員が既に不戦勝を受けているため、最下位のプレイヤーに与えます。"
        "マッチ勝利（ゲーム2-0）として扱います。",
        (("player", "c"),),
    )
