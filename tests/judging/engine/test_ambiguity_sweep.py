"""Ambiguity sweep (design 4.8): a replay changes under an alternative profile only through an
ambiguity that the default run reports as consulted."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from judging.engine import AMBIGUITIES, CardCatalogue, parse_record, random_game
from judging.engine.apply import Game, run_record
from judging.engine.record import GameRecord

from .conftest import invented_catalogue
from .test_golden import FILES, load


def _outcome(game: Game) -> object:
    result = None if game.result is None else game.result.to_json()
    snapshots = [(s.medal, s.time, s.battle, s.players) for s in game.snapshots]
    return result, snapshots, game.illegal is not None


def _sweep(record: GameRecord) -> None:
    base = run_record(record, capture=True)
    for amb in AMBIGUITIES:
        for alt in amb.alternatives:
            if alt == record.profile.get(amb.id):
                continue
            other = run_record(record, profile=record.profile.with_choice(amb.id, alt))
            if _outcome(other) != _outcome(base):
                assert amb.id in base.consulted, (amb.id, alt)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_goldens_change_only_through_consulted_ambiguities(
    path: Path, cards: CardCatalogue
) -> None:
    _sweep(parse_record(load(path)["record"], cards))


def test_random_games_change_only_through_consulted_ambiguities() -> None:
    cards = invented_catalogue()
    rng = random.Random(99)
    for _ in range(25):
        _sweep(random_game(rng, cards, effect_chance=0.5).record)
