"""Random games with real decks from the pool and effects on (issue 14, req 6).

No crash, every state legal (4.1.1: 20 cards each, in their zones; 3.7: HP 0-100; 3.8.2: the
medal 0-17; hand and deck counts), and the same record always gives the same digests.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine import CardCatalogue, random_game, replay_record
from judging.engine.zutomayo.apply import run_record

from .test_properties import _check_game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


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
    assert [e.digest for e in game.events] == [e.digest for e in generated.events]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_same_record_same_digest_with_effects(real_cards: CardCatalogue, seed: int) -> None:
    generated = random_game(random.Random(seed), real_cards)
    first = replay_record(generated.data, cards=real_cards)
    second = replay_record(generated.data, cards=real_cards)
    assert [e.digest for e in first.events] == [e.digest for e in second.events]
    assert first.to_json() == second.to_json()


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
