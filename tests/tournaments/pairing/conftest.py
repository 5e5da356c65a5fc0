"""Builders shared by the pairing tests: simulated events with seeded random results."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tournaments.pairing import PlayerRecord, RoundPairings


def simulate_records(
    players: Sequence[PlayerRecord], pairing: RoundPairings, rng: random.Random
) -> list[PlayerRecord]:
    """Apply random results (a few draws) of ``pairing`` to ``players``."""
    by_id = {p.id: p for p in players}
    new = dict(by_id)
    for table in pairing.pairings:
        a, b = (by_id[x] for x in table.players)
        roll = rng.random()
        if roll < 0.08:
            res_a, res_b = (0, 0, 1), (0, 0, 1)
        elif roll < 0.54:
            res_a, res_b = (1, 0, 0), (0, 1, 0)
        else:
            res_a, res_b = (0, 1, 0), (1, 0, 0)
        for me, other, res in ((a, b, res_a), (b, a, res_b)):
            new[me.id] = PlayerRecord(
                id=me.id,
                wins=me.wins + res[0],
                losses=me.losses + res[1],
                draws=me.draws + res[2],
                opponents=(*me.opponents, other.id),
                byes=me.byes,
                dropped=me.dropped,
                late_rounds_missed=me.late_rounds_missed,
            )
    if pairing.bye is not None:
        p = by_id[pairing.bye.player]
        new[p.id] = PlayerRecord(
            id=p.id,
            wins=p.wins,
            losses=p.losses,
            draws=p.draws,
            opponents=p.opponents,
            byes=p.byes + 1,
            dropped=p.dropped,
            late_rounds_missed=p.late_rounds_missed,
        )
    return [new[p.id] for p in players]


def drop(players: Sequence[PlayerRecord], ids: set[str]) -> list[PlayerRecord]:
    return [
        PlayerRecord(
            id=p.id,
            wins=p.wins,
            losses=p.losses,
            draws=p.draws,
            opponents=p.opponents,
            byes=p.byes,
            dropped=p.dropped or p.id in ids,
            late_rounds_missed=p.late_rounds_missed,
        )
        for p in players
    ]


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)
