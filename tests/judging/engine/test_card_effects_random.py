"""Random games with real decks from the pool and effects on: no card's effect breaks a game.

No crash, every state legal (4.1.1: 20 cards each, in their zones; 3.7: HP 0-100; 3.8.2: the
medal 0-17; hand and deck counts), and the same record always gives the same digests.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine import CardCatalogue, random_game, replay_record
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.apply import Game, continue_record, run_record
from judging.engine.zutomayo.claims import _other_answers, _with_answer, answer_claims
from judging.engine.zutomayo.record import parse_record
from judging.engine.zutomayo.state import event_digest
from judging.engine.zutomayo.zones import PlayerZones

from .test_properties import _check_game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
STEPS = [f"{step}{when}" for step in ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.7", "5.2.8", "5.2.9",
                                      "5.2.11") for when in ("", ":before")]  # fmt: skip
"""Claimed steps, before and after: the first step's state before is the turn before's."""


@settings(max_examples=1000, deadline=None)
@given(seed=SEEDS)
def test_random_real_games_with_effects_keep_the_invariants(
    real_cards: CardCatalogue, seed: int
) -> None:
    generated = random_game(random.Random(seed), real_cards)
    game = run_record(generated.record, capture=True)
    assert game.illegal is None, game.illegal
    _check_game(game, real_cards)
    for snapshot in game.snapshots:
        for player in snapshot.players:
            assert len(player.hand) <= 20
            assert player.deck_count >= 0
            assert 0 <= player.hp <= 100
        assert 0 <= snapshot.medal <= 17
    assert [event_digest(e) for e in game.events] == [event_digest(e) for e in generated.events]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_same_record_same_digest_with_effects(real_cards: CardCatalogue, seed: int) -> None:
    generated = random_game(random.Random(seed), real_cards)
    first = replay_record(generated.data, cards=real_cards)
    second = replay_record(generated.data, cards=real_cards)
    assert [event_digest(e) for e in first.events] == [event_digest(e) for e in second.events]
    assert first.to_json() == second.to_json()


@pytest.mark.no_cover  # 200 random games, a property test by hand: untraced like the others
def test_random_games_do_run_card_effects(real_cards: CardCatalogue) -> None:
    """Over 200 games the engine runs automated effects by itself and asks order choices."""
    rng = random.Random(14)
    auto = choices = 0
    for _ in range(200):
        generated = random_game(rng, real_cards)
        game = run_record(generated.record)
        auto += sum(1 for e in game.events if e.param("auto"))
        choices += len(game.choices)
    assert auto > 100
    assert choices > 0


def _played(game: Game) -> tuple[object, ...]:
    """Everything a re-run's verdicts and report can read: every event (kind, rules, values,
    parameters, whole state), the checkpoints, the choices, the result and any illegal input."""
    events = [(e.turn, e.step, e.kind, e.rules, e.before, e.after, e.params, e.state_key)
              for e in game.events]  # fmt: skip
    choices = [(c.path, c.options, c.chosen, c.defaulted) for c in game.choices]
    illegal = None if game.illegal is None else str(game.illegal)
    # Each player's zones as the engine holds them, with what the piles keep of this game.
    zones = [[(name, getattr(p, name)) for name in PlayerZones.__slots__] for p in game.players]
    piles = [(z.placed, z.turn_start, z.foreign) for p in game.players
             for z in (p._power_charger, p._abyss)]  # fmt: skip
    return (events, game.checkpoints, game.checkpoint_events, choices, game.result, illegal,
            game.state_key(fresh=True), game.consulted, zones, piles,
            game.first_card_not_character)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS)
def test_a_fork_played_on_under_another_answer_is_the_full_re_run(
    real_cards: CardCatalogue, seed: int
) -> None:
    """Claims are answered under other answers to a choice by playing on from a fork kept before
    the choice's turn (``claims.rerun_with_answer``): that must be exactly the game a full re-run
    of the changed record plays, and must leave the forked game as it was."""
    generated = random_game(random.Random(seed), real_cards)
    game = run_record(generated.record, capture=True, forks=True)
    before = _played(game)
    for point in [p for p in game.choices if p.defaulted][:3]:
        for answer in _other_answers(point)[:3]:
            changed = _with_answer(generated.record, point, answer)
            forked = continue_record(game.forks[point.turn_index].fork(), changed,
                                     point.turn_index)  # fmt: skip
            assert _played(forked) == _played(run_record(changed, capture=True)), point.path
    assert _played(game) == before


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_claims_answered_from_forks_and_claimed_turns_as_from_full_re_runs(
    real_cards: CardCatalogue, seed: int, data: st.DataObject
) -> None:
    """The verdicts, alternatives included (DEPENDS_ON), are the same whether the alternatives
    are played on from forks keeping only the claimed turns' checkpoints (the replay's way) or
    re-run in full from the start with every checkpoint."""
    generated = random_game(random.Random(seed), real_cards)
    turns = generated.turns
    claims: list[JSON] = []
    for _ in range(data.draw(st.integers(1, 4))):
        turn = data.draw(st.integers(1, max(1, turns)))
        step = data.draw(st.sampled_from(STEPS))
        path = data.draw(st.sampled_from(["chronos.time", "players[0].hp", "players[1].hp",
                                          "medal", "players[0].deck_count"]))  # fmt: skip
        claims.append({"party": "A", "at": f"T{turn}/{step}", "path": path, "value": 100})
    claims.append({"party": "B", "at": f"T{max(1, turns)}", "path": "result.winner", "value": 1})
    record = parse_record({**generated.data, "claims": claims}, real_cards)
    fast = answer_claims(record, run_record(record, capture=True, forks=True))
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr("judging.engine.zutomayo.claims._claimed_turns", lambda _record: None)
        full = answer_claims(record, run_record(record, capture=True))
    assert [v.to_json() for v in fast] == [v.to_json() for v in full]
