"""Ambiguity sweep: each ambiguity is read at the step that needs it, only there.

The engine records every reading of an ambiguity choice (``Game.consultations``): the key, the turn
and step, and the event the choice decides (the next event it emits; None for the time of day of
a reported state). For every golden and a batch of random games this checks that

* each key is read only at the steps and for the events its register entry is about (below);
* replaying under each alternative choice changes the event stream first at an event that the key
  was read for, in both runs: a key read somewhere else in the game does not count;
* every key is read, and changes a replay, somewhere in the corpus (so no check is vacuous).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from judging.engine import AMBIGUITIES, CardCatalogue, parse_record, random_game
from judging.engine.zutomayo.apply import Game, run_record
from judging.engine.zutomayo.profile import Consultation
from judging.engine.zutomayo.record import GameRecord

from .conftest import invented_catalogue
from .test_golden import FILES, load

_EFFECT_STEPS = ("5.1.2", "5.2.3", "5.2.7", "5.2.10")
_ATTACK_STEPS = ("5.1.3", "5.2.8")

WHERE: dict[str, frozenset[tuple[str, str]]] = {
    # ZA-01, which marks are NIGHT (3.8.4): when time moves (5.1.1.1, 5.2.4.1) or an effect moves
    # the medal (1.3.1), when the priority player is determined for effects (10.2.4 (Priority
    # player)), when an effect changes an attack (the printed attack of the time now, 2.3.4) and
    # when attacks are decided by the time of day (5.1.3.1).
    "ZA-01": frozenset(
        {("5.1.1", "TIME_ADVANCED"), ("5.2.4", "TIME_ADVANCED")}
        | {(step, "MEDAL_MOVED") for step in _EFFECT_STEPS}
        | {(step, "PRIORITY_DETERMINED") for step in _EFFECT_STEPS}
        | {(step, kind) for step in _EFFECT_STEPS for kind in ("ATTACK_MODIFIED", "ATTACK_SET")}
        | {(step, "ATTACK_DETERMINED") for step in _ATTACK_STEPS}
    ),
    # ZA-04, both HP reach 0 at once: when battle damage (5.1.4.2) or effect damage ends the game.
    "ZA-04": frozenset((step, "GAME_ENDED") for step in ("5.1.4", "5.2.9", *_EFFECT_STEPS)),
    # ZA-08, too few cards for the end-of-turn draw (5.1.5.1, 5.2.11.2): at that draw.
    "ZA-08": frozenset(
        (step, kind) for step in ("5.1.5", "5.2.11") for kind in ("DRAW", "GAME_ENDED")
    ),
    # ZA-09, a prohibited effect draw (1.3.3 vs 8.2.1): when the effect is resolved.
    "ZA-09": frozenset(
        (step, kind) for step in _EFFECT_STEPS for kind in ("EFFECT_NOT_DONE", "GAME_ENDED")
    ),
    # ZA-14, an empty hand when cards must be set (5.2.1.5): when setting cards.
    "ZA-14": frozenset({("5.2.1", "GAME_ENDED")}),
    # ZA-19, an effect's mill the deck can't complete (8.2.2 vs Q70): when the effect is resolved.
    "ZA-19": frozenset(
        (step, kind) for step in _EFFECT_STEPS for kind in ("EFFECT_NOT_DONE", "GAME_ENDED")
    ),
}
"""Per ambiguity: the (step, kind of the event it decides) at which the engine may read it."""

STATE_ONLY = frozenset({"ZA-01"})
"""Keys that may also be read for a reported state alone (a checkpoint's time of day)."""


def _corpus(cards: CardCatalogue) -> Iterator[tuple[str, GameRecord]]:
    for path in FILES:
        yield path.stem, parse_record(load(path)["record"], cards)
    rng = random.Random(99)
    catalogue = invented_catalogue()
    for i in range(25):
        yield f"random-{i}", random_game(rng, catalogue, effect_chance=0.5).record


def _misplaced(game: Game) -> list[tuple[Consultation, str | None]]:
    """Consultations at a step or for an event their key is not about."""
    wrong: list[tuple[Consultation, str | None]] = []
    for c in game.consultations:
        if c.seq is None:
            if c.key not in STATE_ONLY:
                wrong.append((c, None))
            continue
        event = game.events[c.seq - 1] if c.seq <= len(game.events) else None
        kind = None if event is None else event.kind
        if event is None or (event.step, event.kind) not in WHERE[c.key] or event.step != c.step:
            wrong.append((c, kind))
    return wrong


def _first_difference(a: Game, b: Game) -> int | None:
    """The sequence number of the first event that differs between two replays, if any."""
    for ea, eb in zip(a.events, b.events, strict=False):
        if ea != eb:
            return ea.seq
    if len(a.events) != len(b.events):
        return min(len(a.events), len(b.events)) + 1
    return None


def _outcome(game: Game) -> object:
    result = None if game.result is None else game.result.to_json()
    snapshots = [(s.medal, s.time, s.battle, s.players) for s in game.snapshots]
    return result, snapshots, game.illegal is not None


def _read_for(game: Game, key: str, seq: int) -> bool:
    return any(c.key == key and c.seq == seq for c in game.consultations)


def sweep(record: GameRecord, name: str = "") -> tuple[frozenset[str], set[str]]:
    """Check one record under every alternative; return the keys read and the keys that mattered."""
    base = run_record(record, capture=True)
    assert _misplaced(base) == [], f"{name}: an ambiguity was read where it decides nothing"
    mattered: set[str] = set()
    for amb in AMBIGUITIES:
        for alt in amb.alternatives:
            if alt == record.profile.get(amb.id):
                continue
            profile = record.profile.with_choice(amb.id, alt)
            other = run_record(record, profile=profile, capture=True)
            assert _misplaced(other) == [], (name, amb.id, alt)
            seq = _first_difference(base, other)
            if seq is None:
                assert _outcome(other) == _outcome(base), (name, amb.id, alt, "no event changed")
                continue
            mattered.add(amb.id)
            where = base.events[seq - 1] if seq <= len(base.events) else base.events[-1]
            at = (name, amb.id, alt, f"T{where.turn}/{where.step}", where.kind)
            assert _read_for(base, amb.id, seq), at
            assert _read_for(other, amb.id, seq), at
    return base.consulted, mattered


def test_every_ambiguity_has_its_steps() -> None:
    assert set(WHERE) == {a.id for a in AMBIGUITIES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_goldens_read_each_ambiguity_where_it_decides(path: Path, cards: CardCatalogue) -> None:
    sweep(parse_record(load(path)["record"], cards), path.stem)


def test_the_sweep_reaches_every_ambiguity(cards: CardCatalogue) -> None:
    """The goldens and 25 random games: every key is read, and changes a replay, somewhere."""
    read: set[str] = set()
    mattered: set[str] = set()
    for name, record in _corpus(cards):
        consulted, changed = sweep(record, name)
        read |= consulted
        mattered |= changed
    every = {a.id for a in AMBIGUITIES}
    assert read == every
    assert mattered == every
