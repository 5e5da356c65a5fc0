"""Property tests over random legal games (shared generator: ``judging.engine.random_game``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine import (
    CardCatalogue,
    GameState,
    Profile,
    parse_record,
    random_game,
    replay_record,
)
from judging.engine.zutomayo.apply import Game, run_record
from judging.engine.zutomayo.state import event_digest

from .conftest import invented_catalogue

CARDS = invented_catalogue()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PIPELINE = ["4.2.6", "4.2.7", "5.1.1", "5.1.2", "5.1.3", "5.1.4", "5.1.5", "5.2.1", "5.2.2",
            "5.2.3", "5.2.4", "5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9", "5.2.10",
            "5.2.11"]  # fmt: skip


def _check_state(state: GameState, cards: CardCatalogue) -> None:
    assert 0 <= state.medal <= 17
    for player in state.players:
        assert player.card_count == 20, "4.1.1: every card is accounted for"
        assert 0 <= player.hp <= 100
        stp = sum(cards.by_id()[c].power for c in player.power_charger)
        assert player.total_power == stp, "3.4, 9.1.1: total power = SEND TO POWER in the charger"


def _check_game(game: Game, cards: CardCatalogue) -> None:
    for state in game.checkpoints:
        _check_state(state, cards)
    for snapshot in game.snapshots:
        for player in snapshot.players:
            assert player.card_count == 20
    allowed: dict[int | None, tuple[int, ...]] = {}
    last_turn, last_index = 0, -1
    for event in game.events:
        if event.kind == "SET_ALLOWANCE":
            assert isinstance(event.after, tuple)
            allowed[event.player] = tuple(int(str(v)) for v in event.after)
        if event.kind == "CARDS_SET":
            assert event.param("count") in allowed[event.player], "5.2.1.1-5.2.1.5"
        if event.step in PIPELINE:
            index = PIPELINE.index(event.step)
            if event.turn == last_turn:
                assert index >= last_index, "the pipeline runs in the rules' order"
            last_turn, last_index = event.turn, index


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_random_games_keep_the_invariants(seed: int) -> None:
    generated = random_game(random.Random(seed), CARDS)
    game = run_record(generated.record, capture=True)
    assert game.illegal is None, game.illegal
    _check_game(game, CARDS)
    assert game.result is not None or game.turn == 40
    if game.result is not None:
        assert game.result.outcome in ("win", "draw", "escalate")


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_replay_is_deterministic_and_matches_the_generator(seed: int) -> None:
    generated = random_game(random.Random(seed), CARDS)
    record = parse_record(generated.data, CARDS)
    first = replay_record(record)
    second = replay_record(generated.data, cards=CARDS)
    live = generated.events
    assert first.events == second.events == live
    assert [event_digest(e) for e in first.events] == [event_digest(e) for e in live]
    assert first.to_json() == second.to_json()


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, layout=st.sampled_from(["SYM9", "HALF9"]))
def test_invariants_hold_under_every_mat_layout(seed: int, layout: str) -> None:
    profile = Profile().with_choice("ZA-01", layout)
    generated = random_game(random.Random(seed), CARDS, profile=profile)
    _check_game(run_record(generated.record, capture=True), CARDS)


def test_random_games_with_real_cards(real_cards: CardCatalogue) -> None:
    rng = random.Random(20261129)
    for _ in range(30):
        generated = random_game(rng, real_cards)
        game = run_record(generated.record, capture=True)
        assert game.illegal is None
        _check_game(game, real_cards)


def test_same_seed_same_game() -> None:
    a = random_game(random.Random(7), CARDS)
    b = random_game(random.Random(7), CARDS)
    assert a.data == b.data
    assert a.events == b.events


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS)
def test_cached_digests_equal_fresh_digests(seed: int) -> None:
    """The engine caches each player's part of the state dump between events; never stale."""
    record = random_game(random.Random(seed), CARDS, effect_chance=0.6).record
    fresh = Game(record.cards, record.profile)
    fresh.cache_dumps = False
    fresh.setup(record)
    for turn in record.turns:
        fresh.play_turn(turn)
    cached = run_record(record)
    assert [event_digest(e) for e in cached.events] == [event_digest(e) for e in fresh.events]
    assert len({event_digest(e) for e in cached.events}) > len(cached.events) // 3


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_checkpoint_digests_equal_fresh_digests(seed: int) -> None:
    """A checkpoint reuses the last event's digest while nothing has changed since: never stale."""
    record = random_game(random.Random(seed), CARDS, effect_chance=0.6).record
    fresh = Game(record.cards, record.profile, capture=True)
    fresh.cache_dumps = False
    fresh.setup(record)
    for turn in record.turns:
        fresh.play_turn(turn)
    cached = run_record(record, capture=True)
    assert [s.digest for s in cached.checkpoints] == [s.digest for s in fresh.checkpoints]
    assert [s.players for s in cached.checkpoints] == [s.players for s in fresh.checkpoints]
